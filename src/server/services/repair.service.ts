import { firstProblem, type WorkOrderField, type WorkOrderFields, type WorkOrderProblem } from '../../domain/repair/work-order-rules';
import { dateWindow, type DateType } from '../../domain/repair/work-order-dates';
import { canMove, EVENT_NUM_PATTERN, type StatusFilter, type WorkOrderStep } from '../../domain/repair/work-order-status';
import { parseThreshold, stockSignal, thresholdProblem } from '../../domain/repair/stock-threshold';
import type { CustomerServicePort, WorkOrderRecord, WorkOrderStepRecord } from '../../ports/customer-service.port';
import type { MachineStore } from '../../ports/machine-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { SparePart, SparePartStore, StockRecord } from '../../ports/spare-part-store.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

export type Lang = 'zh' | 'en';

/** A submission as the route read it from the wire. */
export interface WorkOrderInput extends WorkOrderFields {
  userName: string;
  provinceName: string;
  cityName: string;
  /** The optional stock threshold for the part, saved with the order (the form offers it while the part has none). */
  threshold?: string | number;
}

export type SubmitRefusal =
  | 'orderNumber'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'company'
  | 'province'
  | 'city'
  | 'sparePart'
  | 'content'
  | 'notYourMachine'
  | 'unknownPart'
  | 'thresholdInvalid';

const REFUSAL_OF: Record<WorkOrderField, (problem: WorkOrderProblem) => SubmitRefusal> = {
  orderNumber: () => 'orderNumber',
  phone: (p) => (p === 'required' ? 'phoneRequired' : 'phoneInvalid'),
  email: (p) => (p === 'required' ? 'emailRequired' : 'emailInvalid'),
  company: () => 'company',
  province: () => 'province',
  city: () => 'city',
  sparePartId: () => 'sparePart',
  content: () => 'content',
};

/** A part id as sent (text or number): a positive whole number, or null. */
export function partIdOf(value: unknown): number | null {
  const text = String(value ?? '').trim();
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** A work order with its part's name in the language asked. */
export interface WorkOrderView extends WorkOrderRecord {
  partName: string;
}

export const partName = (part: SparePart | undefined, lang: Lang) => (part ? (lang === 'en' ? part.nameEn : part.name) : '');

/** A part's specifications and size in the language asked (the wire's one `Specifications` and `Size`). */
export const partDetails = (part: SparePart, lang: Lang) =>
  lang === 'en' ? { specifications: part.specificationsEn, size: part.sizeEn } : { specifications: part.specifications, size: part.size };

const STEP_WORDS = { 1: ['处理中', 'in progress'], 2: ['已完成', 'done'] } as const;

/**
 * Repair (spec 3; DECISIONS 4): work orders through the customer-service port, the spare-part
 * catalogue, each customer's stock records and fault counts. A submission counts against its part
 * for the caller and answers the stock signal (`stockSignal`): the order, the threshold sent with
 * it and the count are one transaction, so the signal always reads the threshold just saved and a
 * failure keeps none of them.
 */
export class RepairService {
  constructor(
    private readonly customerService: CustomerServicePort,
    private readonly parts: SparePartStore,
    private readonly machines: MachineStore,
    private readonly mailer: MailerPort,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  private async partsById(): Promise<Map<number, SparePart>> {
    return new Map((await this.parts.catalogue()).map((p) => [p.id, p]));
  }

  /** `SaveWorkOrder`: the company's order (`companyId`), raised by the member `actorId`, counted against its stock in one unit of work. */
  async submit(who: { companyId: string; actorId: string }, input: WorkOrderInput): Promise<Outcome<{ eventNum: string; signal: 0 | 1 | 2 }, SubmitRefusal>> {
    const userId = who.companyId;
    const problem = firstProblem(input);
    if (problem) return refuse(REFUSAL_OF[problem.field](problem.problem));
    const partId = partIdOf(input.sparePartId);
    const part = partId === null ? null : await this.parts.find(partId);
    if (!part) return refuse('unknownPart');
    // An empty field is no threshold; anything else must pass the rule.
    const typed = String(input.threshold ?? '').trim();
    const threshold = typed === '' ? null : parseThreshold(typed);
    if (typed !== '' && threshold === null) return refuse('thresholdInvalid');
    const orderNumber = input.orderNumber.trim();
    if (!(await this.machines.ownsMachine(userId, orderNumber))) return refuse('notYourMachine');
    const at = this.clock.now();
    const order = {
      userId,
      orderNumber,
      phone: input.phone.trim(),
      email: input.email.trim(),
      company: input.company.trim(),
      userName: input.userName.trim(),
      province: input.province.trim(),
      provinceName: input.provinceName.trim(),
      city: input.city.trim(),
      cityName: input.cityName.trim(),
      partId: part.id,
      content: input.content.trim(),
      createdBy: who.actorId,
    };
    return this.unitOfWork.run(async ({ workOrders, spareParts }) => {
      if (threshold !== null) await spareParts.setThreshold(userId, part.id, threshold, { by: who.actorId, at });
      const opened = await workOrders.open(order, at);
      const counted = await spareParts.countOrder(userId, part.id, at);
      return done({ eventNum: opened.eventNum, signal: stockSignal(counted.submitNumber, counted.threshold) });
    });
  }

  async list(
    userId: string,
    query: { eventNum?: string; dateType: DateType; status: StatusFilter; offset: number; limit: number },
    lang: Lang,
  ): Promise<Outcome<WorkOrderView[], never>> {
    const eventNum = query.eventNum?.trim();
    const [page, parts] = await Promise.all([
      this.customerService.list(userId, {
        ...(eventNum ? { eventNum } : {}),
        window: dateWindow(query.dateType, this.clock.now()),
        status: query.status,
        offset: query.offset,
        limit: query.limit,
      }),
      this.partsById(),
    ]);
    return done(
      page.rows.map((r) => ({ ...r, partName: r.partId === null ? '' : partName(parts.get(r.partId), lang) })),
      page.total,
    );
  }

  async steps(userId: string, eventNums: string): Promise<Outcome<WorkOrderStepRecord[], 'tooMany'>> {
    const names = [...new Set(eventNums.split(',').map((n) => n.trim()).filter((n) => EVENT_NUM_PATTERN.test(n)))];
    if (names.length > 100) return refuse('tooMany');
    return done(await this.customerService.steps(userId, names));
  }

  /** An order's step and note as the audit log keeps them (null for an unknown number). */
  async orderState(eventNum: string): Promise<{ eventNum: string; step: WorkOrderStep; note: string } | null> {
    const order = await this.customerService.find(String(eventNum ?? '').trim());
    return order ? { eventNum: order.eventNum, step: order.step, note: order.note } : null;
  }

  /** Staff: every customer's orders (the console's work-order tab). */
  async allOrders(query: { step: WorkOrderStep | null; search: string; offset: number; limit: number }): Promise<Outcome<(WorkOrderRecord & { account: string })[]>> {
    const { rows, total } = await this.customerService.listAll(query);
    return done(rows, total);
  }

  /** Staff: one step forward with a note; the customer is told by mail. */
  async move(eventNum: string, to: WorkOrderStep, note: string): Promise<Outcome<null, 'unknown' | 'notNext'>> {
    const order = await this.customerService.find(eventNum.trim());
    if (!order) return refuse('unknown');
    if (!canMove(order.step, to)) return refuse('notNext');
    const at = this.clock.now();
    if (!(await this.customerService.move(order.eventNum, order.step, to, note.trim(), at))) return refuse('notNext');
    const [zh, en] = STEP_WORDS[to as 1 | 2];
    await this.mailer
      .send({
        to: order.email,
        subject: `工单 ${order.eventNum} ${zh} / Work order ${order.eventNum} ${en}`,
        text: [
          `您的工单 ${order.eventNum}（设备 ${order.orderNumber}）状态已更新为：${zh}。`,
          note.trim() ? `备注：${note.trim()}` : '',
          '',
          `Your work order ${order.eventNum} (machine ${order.orderNumber}) is now ${en}.`,
          note.trim() ? `Note: ${note.trim()}` : '',
        ]
          .filter((line, i, all) => line || all[i - 1])
          .join('\n'),
      })
      .catch(() => undefined);
    return done(null);
  }

  async catalogue(): Promise<SparePart[]> {
    return this.parts.catalogue();
  }

  async stock(userId: string, query: { partId?: unknown; offset: number; limit: number }): Promise<Outcome<StockRecord[], 'unknownPart'>> {
    let partId: number | undefined;
    if (query.partId !== undefined && String(query.partId).trim() !== '') {
      const id = partIdOf(query.partId);
      if (id === null) return refuse('unknownPart');
      partId = id;
    }
    const page = await this.parts.stockPage(userId, { ...(partId === undefined ? {} : { partId }), offset: query.offset, limit: query.limit });
    return done(page.rows, page.total);
  }

  /** `ComponentUserNumber/Save`: the company's threshold of a part, set by the member `actorId`. */
  async setThreshold(who: { companyId: string; actorId: string }, partIdText: unknown, threshold: unknown): Promise<Outcome<null, 'unknownPart' | 'thresholdRequired' | 'thresholdInvalid'>> {
    const partId = partIdOf(partIdText);
    if (partId === null || !(await this.parts.find(partId))) return refuse('unknownPart');
    const problem = thresholdProblem(threshold as string | number);
    if (problem) return refuse(problem === 'required' ? 'thresholdRequired' : 'thresholdInvalid');
    await this.parts.setThreshold(who.companyId, partId, parseThreshold(threshold as string | number)!, { by: who.actorId, at: this.clock.now() });
    return done(null);
  }

  /** `ComponentUserNumber/ResetNumber`: the company's count of a part back to 0, by the member `actorId`. */
  async reset(who: { companyId: string; actorId: string }, partIdText: unknown): Promise<Outcome<null, 'unknownPart'>> {
    const partId = partIdOf(partIdText);
    if (partId === null || !(await this.parts.find(partId))) return refuse('unknownPart');
    await this.parts.resetCount(who.companyId, partId, { by: who.actorId, at: this.clock.now() });
    return done(null);
  }

  async faultsPerPart(userId: string, lang: Lang): Promise<Outcome<Array<{ Id: number; Name: string; SumNumber: number }>, never>> {
    const [counts, parts] = await Promise.all([this.parts.faultsPerPart(userId), this.partsById()]);
    return done(counts.map((c) => ({ Id: c.partId, Name: partName(parts.get(c.partId), lang), SumNumber: c.count })));
  }

  async faultsPerMonth(userId: string, partIdText: unknown, lang: Lang): Promise<Outcome<Array<{ date: string; list: Array<{ Name: string; count: number }> }>, 'unknownPart'>> {
    let partId: number | undefined;
    if (partIdText !== undefined && String(partIdText).trim() !== '') {
      const id = partIdOf(partIdText);
      if (id === null) return refuse('unknownPart');
      partId = id;
    }
    const [rows, parts] = await Promise.all([this.parts.faultsPerMonth(userId, partId), this.partsById()]);
    const months = new Map<string, Array<{ Name: string; count: number }>>();
    for (const r of rows) {
      const list = months.get(r.month) ?? [];
      list.push({ Name: partName(parts.get(r.partId), lang), count: r.count });
      months.set(r.month, list);
    }
    return done([...months].map(([date, list]) => ({ date, list })));
  }
}
