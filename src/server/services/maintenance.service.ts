import { maintenanceTimeProblem, parseMaintenanceTime } from '../../domain/maintenance/maintenance-time';
import { planStatusOf, reminderOf, isNormalOf, type PlanStatus } from '../../domain/maintenance/plan-state';
import { DEFAULT_TIME_ZONE, dayIn } from '../../domain/shared/zoned-day';
import type { MachineEventStore } from '../../ports/machine-event-store.port';
import type { MachineStore } from '../../ports/machine-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { ItemFilter, MaintenanceItemRecord, MaintenancePlanRecord, MaintenanceRecordRow, MaintenanceStore } from '../../ports/maintenance-store.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

type Page = { offset: number; limit: number };

/** A plan with what the machine did since its last maintenance and the state that follows. */
export interface PlanView extends PlanStatus {
  plan: MaintenancePlanRecord;
  runHours: number;
  pierces: number;
}

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/**
 * Maintenance items, plans and records (spec 3, DECISIONS 4; issue 17). Surplus hours follow
 * from the machine's run hours that the reports area stores from machine events: the run-hour
 * total now minus the total counted up to the plan's last maintenance (days are the factory's,
 * Asia/Shanghai, as the machines count them). Only the caller's machines and plans.
 */
export class MaintenanceService {
  constructor(
    private readonly store: MaintenanceStore,
    private readonly machines: MachineStore,
    private readonly events: MachineEventStore,
    private readonly clock: Clock,
  ) {}

  async items(filter: ItemFilter, page: Page): Promise<Outcome<MaintenanceItemRecord[]>> {
    const { rows, total } = await this.store.items(filter, page.offset, page.limit);
    return done(rows, total);
  }

  /** The plan's wear since `since` and its state. */
  async viewOf(plan: MaintenancePlanRecord): Promise<PlanView> {
    const [total, pierces] = await Promise.all([this.events.runHoursThrough(plan.orderNumber, null), this.events.piercesAfter(plan.orderNumber, plan.since)]);
    const runHours = Math.max(0, total - plan.runHoursAt);
    return { plan, runHours: twoDecimals(runHours), pierces, ...planStatusOf(plan.item, { runHours, pierces }) };
  }

  async plans(userId: string, filter: { machineId?: number; id?: number }): Promise<Outcome<PlanView[]>> {
    const plans = (await this.store.plans(userId, filter.machineId || null)).filter((p) => !filter.id || p.id === filter.id);
    return done(await Promise.all(plans.map((p) => this.viewOf(p))));
  }

  async addPlan(userId: string, machineId: number, itemId: number): Promise<Outcome<number, 'notYourMachine' | 'unknownItem' | 'otherSeries' | 'disabled' | 'duplicate'>> {
    const machine = machineId ? await this.machines.findById(machineId) : null;
    if (!machine || machine.ownerId !== userId) return refuse('notYourMachine');
    const item = itemId ? await this.store.item(itemId) : null;
    if (!item) return refuse('unknownItem');
    if (item.series.trim().toUpperCase() !== machine.seriesName.trim().toUpperCase()) return refuse('otherSeries');
    if (!item.isEnabled) return refuse('disabled');
    const runHoursAt = await this.events.runHoursThrough(machine.orderNumber, null);
    const id = await this.store.addPlan({ userId, machineId: machine.id, itemId: item.id, at: this.clock.now(), runHoursAt });
    return id === null ? refuse('duplicate') : done(id);
  }

  async deletePlan(userId: string, planId: number): Promise<Outcome<null, 'noPlan'>> {
    return (await this.store.deletePlan(planId, userId)) ? done(null) : refuse('noPlan');
  }

  /** The caller's plan, or null for an unknown one and someone else's alike. */
  private async own(userId: string, planId: number): Promise<MaintenancePlanRecord | null> {
    if (!planId) return null;
    const plan = await this.store.plan(planId);
    if (!plan || plan.userId !== userId) return null;
    const machine = await this.machines.findById(plan.machineId);
    return machine?.ownerId === userId ? plan : null;
  }

  async records(userId: string, planId: number, page: Page): Promise<Outcome<MaintenanceRecordRow[]>> {
    const plan = await this.own(userId, planId);
    if (!plan) return done([]);
    const { rows, total } = await this.store.records(plan.id, page.offset, page.limit);
    return done(rows, total);
  }

  /**
   * Confirms a maintenance: the time is required and not in the future (the picker's rule, on
   * the server too) and not before the last one; stores the plan's state then and starts the
   * count again from the run hours counted through the maintenance's day.
   */
  async confirm(
    who: { companyId: string; actorId: string },
    input: { planId: number; time: unknown; user: string | undefined },
  ): Promise<Outcome<null, 'noPlan' | 'timeRequired' | 'future' | 'beforeLast'>> {
    const userId = who.companyId;
    const plan = await this.own(userId, input.planId);
    if (!plan) return refuse('noPlan');
    const now = this.clock.now();
    const at = parseMaintenanceTime(input.time);
    const problem = maintenanceTimeProblem(at, now);
    if (problem === 'required') return refuse('timeRequired');
    if (problem === 'future') return refuse('future');
    const time = at!.getTime() > now.getTime() ? now : at!;
    const last = await this.store.lastRecordTime(plan.id);
    if (last && time.getTime() < last.getTime()) return refuse('beforeLast');
    const view = await this.viewOf(plan);
    const today = dayIn(now, DEFAULT_TIME_ZONE);
    const day = dayIn(time, DEFAULT_TIME_ZONE);
    // Today: the count starts now; an earlier day: after that day's run hours.
    const runHoursAt = await this.events.runHoursThrough(plan.orderNumber, day >= today ? null : day);
    await this.store.recordMaintenance({
      planId: plan.id,
      userId,
      createdBy: who.actorId,
      itemId: plan.item.id,
      time,
      user: input.user?.trim() || plan.realName,
      state: isNormalOf(view.state),
      createdAt: now,
      runHoursAt,
    });
    return done(null);
  }

  async counts(userId: string) {
    return done(await this.store.recordCounts(userId));
  }
}

/** How a reminder reads, in both languages (the owner's language is not stored). */
function reminderMail(view: PlanView, kind: 'warning' | 'overdue', brand: string) {
  const { plan } = view;
  const pierces = view.surplusPierces === null ? '' : `, ${view.surplusPierces} pierces`;
  const piercesZh = view.surplusPierces === null ? '' : `，剩余穿孔 ${view.surplusPierces} 次`;
  const subject =
    kind === 'overdue'
      ? `${brand}: maintenance overdue / 保养已超期 – ${plan.item.project.en} / ${plan.item.project.zh} (${plan.orderNumber})`
      : `${brand}: maintenance due soon / 保养即将到期 – ${plan.item.project.en} / ${plan.item.project.zh} (${plan.orderNumber})`;
  const text = [
    kind === 'overdue'
      ? `The maintenance "${plan.item.project.en}" of ${plan.machineName} (${plan.orderNumber}) is overdue.`
      : `The maintenance "${plan.item.project.en}" of ${plan.machineName} (${plan.orderNumber}) is due soon: ${view.surplusHours} hours left${pierces}.`,
    plan.item.content.en,
    '',
    kind === 'overdue'
      ? `设备 ${plan.machineName}（${plan.orderNumber}）的保养项目“${plan.item.project.zh}”已超期。`
      : `设备 ${plan.machineName}（${plan.orderNumber}）的保养项目“${plan.item.project.zh}”即将到期：剩余 ${view.surplusHours} 小时${piercesZh}。`,
    plan.item.content.zh,
    '',
    'After the maintenance, confirm it on the maintenance page. / 完成保养后，请在保养页面确认。',
  ].join('\n');
  return { subject, text };
}

/**
 * Reminders (issue 17, beyond the spec): a check over every plan, every minute by default; when
 * a plan has crossed into warning or overdue since its owner was last told, one mail through
 * the mail port, and the state is remembered on the plan, so the next check sends nothing. A
 * confirmation sets the plan back to normal. `checkOnce` is what tests drive, with their clock.
 */
export class MaintenanceReminders {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly store: MaintenanceStore,
    private readonly maintenance: MaintenanceService,
    private readonly mailer: MailerPort,
    private readonly clock: Clock,
    private readonly brand: string,
    private readonly log: { warn(obj: object, msg: string): void } = { warn: () => {} },
  ) {}

  /** One pass over every plan; answers how many mails went out. Passes never overlap. */
  checkOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const plans = await this.store.plansAfter(after, 200);
      if (!plans.length) return sent;
      after = plans[plans.length - 1].id;
      for (const plan of plans) {
        const view = await this.maintenance.viewOf(plan);
        const kind = reminderOf(plan.notifiedState, view.state);
        const warnedAt = view.state === 'normal' ? null : (plan.warnedAt ?? this.clock.now());
        if (kind && plan.email) {
          try {
            await this.mailer.send({ to: plan.email, ...reminderMail(view, kind, this.brand) });
            sent++;
          } catch (error) {
            // Not remembered: the next pass tries again.
            this.log.warn({ plan: plan.id, err: (error as Error).message }, 'maintenance reminder: mail not sent');
            continue;
          }
        }
        if (view.state !== plan.notifiedState || (warnedAt?.getTime() ?? null) !== (plan.warnedAt?.getTime() ?? null)) {
          await this.store.setNotified(plan.id, view.state, warnedAt);
        }
      }
    }
  }

  /** Checks every `everyMs` until stopped. */
  start(everyMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.checkOnce().catch((error) => this.log.warn({ err: (error as Error).message }, 'maintenance reminder check failed'));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
