import type { Db } from '../src/adapters/postgres/database';
import { machineKindOf } from '../src/domain/devices/machine-kind';
import { STEP_DONE, STEP_IN_PROGRESS, type WorkOrderStep } from '../src/domain/repair/work-order-status';
import { ALARM_TEXTS } from '../src/domain/telemetry/alarm-catalogue';
import type { MachineRecord } from '../src/ports/machine-store.port';
import type { Services } from '../src/server/compose';
import { CODES_OF_ERROR_TYPE } from '../src/server/services/chat/facts/alarm.facts';
import { DEMO_FLEET } from '../src/seed/devices.seed';
import { seedHistory } from '../src/seed/history.seed';
import { seedDemoPlans } from '../src/seed/maintenance.seed';
import type { Asked, Expectation, GradedQuestion, Span } from './chat-questions';

/**
 * Grades the assistant's answers to the question set (bench/chat-questions.ts, issue 35 item 4):
 * for each question, the facts a right answer's first sentences must hold are computed here from
 * the asker's seeded data (the same stores the portal reads, the spans worked out on their own in
 * the asker's zone), and the answer's lead (its text before the first blank line) is checked for
 * them. Used by `npm run bench:chat` and by tests/server/chat-graded-set.test.ts.
 */

/** The zone the set is asked in: the owners' (no daylight saving, so the spans are simple sums). */
export const GRADING_ZONE = 'Asia/Shanghai';
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

type GradingServices = Pick<Services, 'machines' | 'machineEvents' | 'maintenance' | 'maintenanceStore' | 'warrantyRegistry' | 'repair'>;

/** What the grader reads: the asker's stores, and what the live state says of a machine's alarm now. */
export interface GradingData {
  services: GradingServices;
  userId: string;
  /** The alarm type a machine shows now ('' or null when none or offline). */
  liveAlarm(orderNumber: string): string | null;
}

/** A fact a right answer holds: its words (for the report) and how they are found. */
export interface Fact {
  label: string;
  test: RegExp;
}

export interface ExpectedFacts {
  must: Fact[];
  /** Machines the answer must not name in its lead (another machine than the one asked about, or one not in alarm). */
  mustNot: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (s: string): Fact => ({ label: s, test: new RegExp(escape(s), 'i') });
/** A number standing alone (not the 5 of 15, not the 1 of 1.5). */
const num = (n: number): Fact => ({ label: String(n), test: new RegExp(`(?<![\\d.])${escape(String(n))}(?!\\d|\\.\\d)`) });
const oneOf = (label: string, ...alternatives: string[]): Fact => ({ label, test: new RegExp(alternatives.map(escape).join('|'), 'i') });
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The local (zone) calendar day of an instant, `YYYY-MM-DD`. */
const localDay = (t: number) => new Date(t + OFFSET_MS).toISOString().slice(0, 10);
/** The instant the local day of `t` began. */
const localMidnight = (t: number) => Math.floor((t + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;

/** [from, to) of a span for the alarm counts, in the grading zone; Monday starts the week. */
export function spanInstants(span: Span, now: Date): { from: Date; to: Date } {
  const t = now.getTime();
  const today = localMidnight(t);
  const sinceMonday = (new Date(t + OFFSET_MS).getUTCDay() + 6) % 7;
  const monday = today - sinceMonday * DAY_MS;
  const at = (from: number, to = t) => ({ from: new Date(from), to: new Date(to) });
  if (typeof span === 'object') return at(t - span.lastDays * DAY_MS);
  switch (span) {
    case 'today':
      return at(today);
    case 'yesterday':
      return at(today - DAY_MS, today);
    case 'thisWeek':
      return at(monday);
    case 'lastWeek':
      return at(monday - 7 * DAY_MS, monday);
    case 'thisMonth':
      return at(today - (Number(localDay(t).slice(8)) - 1) * DAY_MS);
  }
}

/** The local days (inclusive) of a span for run time and output: a rolling span of N days is the N days up to today. */
export function spanDaysOf(span: Span, now: Date): { from: string; to: string } {
  const t = now.getTime();
  if (typeof span === 'object') return { from: localDay(t - (span.lastDays - 1) * DAY_MS), to: localDay(t) };
  const { from, to } = spanInstants(span, now);
  return { from: localDay(from.getTime()), to: localDay(Math.max(from.getTime(), to.getTime() - 1)) };
}

const modelOf = (m: MachineRecord) => m.name.split(/\s+/)[0] ?? '';

/** The asker's machines a question is about. */
export function machinesOf(asked: Asked, owned: readonly MachineRecord[]): MachineRecord[] {
  if (asked === 'all') return [...owned];
  if (asked === 'tube' || asked === 'sheet') return owned.filter((m) => m.kind === asked);
  const model = asked.slice('model:'.length);
  return owned.filter((m) => modelOf(m) === model);
}

const STEP_OF = { inProgress: STEP_IN_PROGRESS, done: STEP_DONE } as const;

/** The asker's work orders, newest first. */
async function ordersOf(data: GradingData, status: 0 | null) {
  const answer = await data.services.repair.list(data.userId, { dateType: '', status, offset: 0, limit: 1000 }, 'en');
  const rows = answer.ok ? answer.data : [];
  return [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.eventNum.localeCompare(a.eventNum));
}

/** The question as the asker types it: the placeholders filled from their data. */
export async function questionText(q: GradedQuestion, data: GradingData): Promise<string> {
  let text = q.question;
  if (/\{order:/.test(text)) {
    const owned = await data.services.machines.listByOwner(data.userId);
    text = text.replace(/\{order:(\w+)\}/g, (_, model: string) => machinesOf(`model:${model}`, owned)[0]?.orderNumber ?? model);
  }
  if (/\{workOrder:/.test(text)) {
    const orders = await ordersOf(data, null);
    text = text.replace(/\{workOrder:(\w+)\}/g, (_, step: keyof typeof STEP_OF) => orders.find((o) => o.step === STEP_OF[step])?.eventNum ?? step);
  }
  return text;
}

const codeCount = (rows: ReadonlyArray<{ errorType: string; errorContent: string; count: number }>, code: string | undefined) =>
  rows.filter((r) => !code || (CODES_OF_ERROR_TYPE[r.errorType] ?? []).includes(code) || r.errorContent.trim().toUpperCase().startsWith(code)).reduce((n, r) => n + r.count, 0);

/** The facts a right answer to the question holds now, from the asker's data. */
export async function expectedFacts(q: GradedQuestion, data: GradingData, now: Date): Promise<ExpectedFacts> {
  const zh = q.lang === 'zh';
  const owned = await data.services.machines.listByOwner(data.userId);
  const e: Expectation = q.expect;
  const asked = 'machines' in e ? machinesOf(e.machines, owned) : owned;
  // A question about one model must not answer with the others.
  const others = 'machines' in e && e.machines.startsWith('model:') ? owned.filter((m) => !asked.includes(m)).map((m) => m.orderNumber) : [];
  const must: Fact[] = [];
  const mustNot = [...others];
  const events = data.services.machineEvents;
  switch (e.kind) {
    case 'alarmNow': {
      const alarmed = asked.filter((m) => (data.liveAlarm(m.orderNumber) ?? '').trim() !== '');
      for (const m of alarmed) must.push(words(m.orderNumber));
      for (const m of asked) if (!alarmed.includes(m)) mustNot.push(m.orderNumber);
      if (asked.length > 1) must.push(num(asked.length));
      if (!alarmed.length) must.push(zh ? oneOf('没有', '没有', '无') : oneOf('none', 'none', 'no machine', 'not in alarm'));
      break;
    }
    case 'alarms': {
      const { from, to } = spanInstants(e.span, now);
      const counts = await Promise.all(asked.map(async (m) => ({ m, n: codeCount(await events.alarmCounts(m.orderNumber, from, to), e.code) })));
      const total = counts.reduce((n, c) => n + c.n, 0);
      if (e.code) must.push(words(e.code));
      if (asked.length === 1) must.push(words(asked[0]!.orderNumber));
      if (total === 0) must.push(zh ? oneOf('没有', '没有') : oneOf('no alarms', 'no ', 'none'));
      else must.push(num(total));
      const busiest = [...counts].sort((a, b) => b.n - a.n)[0];
      if (asked.length > 1 && busiest && busiest.n > 0) must.push(words(busiest.m.orderNumber), num(busiest.n));
      break;
    }
    case 'meaning': {
      must.push(words(e.code));
      const meaning = ALARM_TEXTS[e.code]?.[q.lang];
      if (meaning) must.push(words(meaning));
      const from = new Date(now.getTime() - 30 * DAY_MS);
      for (const m of asked) {
        const n = codeCount(await events.alarmCounts(m.orderNumber, from, now), e.code);
        if (n > 0) must.push(words(m.orderNumber));
        if (asked.length === 1) {
          must.push(words(m.orderNumber));
          if (n > 0) must.push(num(n));
        }
      }
      break;
    }
    case 'maintenance': {
      const answer = await data.services.maintenance.plans(data.userId, {});
      const numbers = new Set(asked.map((m) => m.orderNumber));
      const plans = (answer.ok ? answer.data : []).filter((v) => numbers.has(v.plan.orderNumber));
      for (const p of plans.filter((v) => v.state === 'overdue')) must.push(words(p.plan.item.project[q.lang]));
      const next = plans.filter((v) => v.state !== 'overdue').sort((a, b) => a.surplusHours - b.surplusHours)[0];
      if (next) must.push(words(next.plan.item.project[q.lang]));
      const without = asked.filter((m) => !plans.some((p) => p.plan.orderNumber === m.orderNumber));
      if (asked.length === 1) must.push(words(asked[0]!.orderNumber));
      else if (without.length) must.push(num(without.length));
      break;
    }
    case 'warranty': {
      const records = new Map((await data.services.warrantyRegistry.warrantyOf(asked.map((m) => m.orderNumber))).map((r) => [r.orderNumber, r]));
      for (const m of asked) {
        must.push(words(m.orderNumber));
        const r = records.get(m.orderNumber);
        const until = r ? (r.extendedUntil ?? r.guaranteeUntil) : null;
        if (until) must.push(words(localDay(until.getTime())));
      }
      break;
    }
    case 'output': {
      const days = { ...spanDaysOf(e.span, now), timeZone: GRADING_ZONE };
      let hours = 0;
      let tasks = 0;
      for (const m of asked) {
        const [runtime, perDay] = await Promise.all([events.runtimeTotals(m.orderNumber, days), events.tasksPerDay(m.orderNumber, days)]);
        hours += runtime.run;
        tasks += perDay.reduce((n, d) => n + d.taskCount, 0);
      }
      if (asked.length === 1) must.push(words(asked[0]!.orderNumber));
      must.push(num(oneDecimal(hours)), num(tasks));
      break;
    }
    case 'workOrders': {
      const numbers = new Set(asked.map((m) => m.orderNumber));
      const open = (await ordersOf(data, 0)).filter((o) => numbers.has(o.orderNumber) && o.step !== STEP_DONE);
      if (!open.length) for (const m of asked) must.push(words(m.orderNumber));
      else must.push(num(open.length));
      for (const m of asked) {
        const latest = open.find((o) => o.orderNumber === m.orderNumber);
        if (latest) must.push(words(latest.eventNum));
      }
      break;
    }
    case 'workOrder': {
      const order = (await ordersOf(data, null)).find((o) => o.step === STEP_OF[e.step]);
      if (!order) throw new Error(`the asker has no work order ${e.step}`);
      must.push(words(order.eventNum), words(order.orderNumber), stepWords(order.step, zh));
      for (const m of owned) if (m.orderNumber !== order.orderNumber) mustNot.push(m.orderNumber);
      break;
    }
  }
  return { must, mustNot };
}

const stepWords = (step: WorkOrderStep, zh: boolean): Fact =>
  step === STEP_DONE ? (zh ? oneOf('已完成', '已完成', '完成') : oneOf('done', 'done', 'completed', 'closed')) : step === STEP_IN_PROGRESS ? (zh ? oneOf('处理中', '处理中') : oneOf('in progress', 'in progress')) : zh ? oneOf('待处理', '待处理') : oneOf('pending', 'pending');

/** An answer's first sentences: its text before the first blank line (the lead), else its first 400 characters. */
export function leadOf(answer: string): string {
  const cut = answer.indexOf('\n\n');
  return cut >= 0 ? answer.slice(0, cut) : answer.slice(0, 400);
}

export interface Graded {
  question: GradedQuestion;
  asked: string;
  right: boolean;
  /** The facts the lead lacks, and the machines it named but must not. */
  missing: string[];
  lead: string;
}

/** Whether an answer's lead holds every fact it must and names no machine it must not. */
export function grade(question: GradedQuestion, asked: string, answer: string, facts: ExpectedFacts): Graded {
  const lead = leadOf(answer);
  const missing = [...facts.must.filter((f) => !f.test.test(lead)).map((f) => f.label), ...facts.mustNot.filter((o) => lead.includes(o)).map((o) => `not ${o}`)];
  return { question, asked, right: missing.length === 0, missing, lead };
}

/** The share answered right per language, in %. */
export function shares(results: readonly Graded[]): Record<'zh' | 'en', { right: number; total: number; share: number }> {
  const of = (lang: 'zh' | 'en') => {
    const mine = results.filter((r) => r.question.lang === lang);
    const right = mine.filter((r) => r.right).length;
    return { right, total: mine.length, share: mine.length ? Math.round((right / mine.length) * 1000) / 10 : 0 };
  };
  return { zh: of('zh'), en: of('en') };
}

/** The wrong ones as lines to print: the question, what its lead lacked, the lead. */
export const wrongLines = (results: readonly Graded[]) =>
  results.filter((r) => !r.right).map((r) => `[${r.question.lang}] ${r.asked}\n    lacks: ${r.missing.join(', ')}\n    lead: ${r.lead.replace(/\n/g, ' ').slice(0, 300)}`);

/**
 * The graded fleet of one asker: the demo fleet's six machines (order numbers with `suffix`)
 * bound, 40 days of history, the warranty records of the seed's rule (two years from delivery,
 * every third one extended by a year), the demo maintenance plans on the G3015, and three work
 * orders: two on the T220 (one pending, one in progress), one on the G3015 done.
 * The maintenance catalogue and the spare parts must be seeded already.
 */
export async function seedGradedFleet(services: GradingServices & Pick<Services, 'clock'>, db: Db, ownerId: string, suffix = ''): Promise<string[]> {
  const now = services.clock.now();
  const numbers: string[] = [];
  for (const [i, m] of DEMO_FLEET.entries()) {
    const orderNumber = `${m.orderNumber}${suffix}`;
    const kind = machineKindOf(m.seriesName);
    await services.machines.insertIfMissing({ orderNumber, name: m.name, seriesName: m.seriesName, kind });
    await services.machines.bind(orderNumber, ownerId, now);
    await seedHistory(db, { orderNumber, kind }, now, { days: 40 });
    const delivered = m.deliveryTime ?? new Date('2024-01-01T00:00:00Z');
    const guaranteeUntil = new Date(delivered.getTime() + 2 * 365 * DAY_MS);
    const extended = i % 3 === 0;
    await services.warrantyRegistry.put({
      orderNumber,
      deliveryTime: delivered,
      marketingDept: 'East China Sales',
      belongDept: 'Jinan Service Centre',
      laserBrand: 'Raycus',
      guaranteeUntil,
      extendedUntil: extended ? new Date(guaranteeUntil.getTime() + 365 * DAY_MS) : null,
      extendedType: extended ? 'Whole machine +1 year' : '',
    });
    numbers.push(orderNumber);
  }
  await seedDemoPlans(services, { ownerId, orderNumber: numbers[0]!, at: now });
  const part = (await services.repair.catalogue())[0]!;
  const order = async (orderNumber: string, content: string) => {
    const answer = await services.repair.submit({ companyId: ownerId, actorId: ownerId }, {
      orderNumber,
      phone: '13800000000',
      email: 'owner@example.com',
      company: 'Jinan Laser Works',
      userName: 'Owner',
      province: '370000',
      provinceName: '山东省',
      city: '370100',
      cityName: '济南市',
      sparePartId: String(part.id),
      content,
    });
    if (!answer.ok) throw new Error(`work order on ${orderNumber}: ${answer.refusal}`);
    return answer.data.eventNum;
  };
  const tube = numbers[3]!;
  await order(tube, 'Nozzle worn after a collision');
  const moving = await order(tube, 'Chuck jaw does not close');
  await services.repair.move(moving, STEP_IN_PROGRESS, 'Engineer on the way');
  const closed = await order(numbers[0]!, 'Protective lens cracked');
  await services.repair.move(closed, STEP_IN_PROGRESS, '');
  await services.repair.move(closed, STEP_DONE, 'Lens replaced');
  return numbers;
}
