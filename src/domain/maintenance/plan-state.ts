/**
 * The state of a maintenance plan (spec 3 sections 3 and 4, DECISIONS 4): surplus hours are the
 * item's cycle hours minus the machine's run hours since the last recorded maintenance; a wear
 * part counted in pierces (a nozzle) also has a surplus of pierces. A plan is overdue when a
 * surplus reaches 0, warned when one is at or below its warning amount, normal otherwise. The
 * server computes it; the browser only shows it. Pure functions.
 */

export type PlanState = 'normal' | 'warning' | 'overdue';

export const PLAN_STATES: readonly PlanState[] = ['normal', 'warning', 'overdue'];

/** An item's limits: hours always, pierces for wear parts counted by pierces (null otherwise). */
export interface WearLimits {
  cycleHours: number;
  warningHours: number;
  cyclePierces: number | null;
  warningPierces: number | null;
}

/** What the machine did since the last maintenance (or since the plan was made). */
export interface Wear {
  runHours: number;
  pierces: number;
}

export interface PlanStatus {
  /** Hours left, never below 0, to two decimals. */
  surplusHours: number;
  /** Pierces left, never below 0; null when the item is not counted in pierces. */
  surplusPierces: number | null;
  state: PlanState;
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** What is left of a cycle after `used`: never negative, never more than the cycle (a negative use counts as none). */
export function surplusOf(cycle: number, used: number): number {
  const c = Math.max(0, finite(cycle));
  return Math.max(0, c - Math.max(0, finite(used)));
}

/** Up to the next hundredth, so a plan with time left never shows 0. */
const hundredths = (n: number) => (n <= 0 ? 0 : Math.ceil(n * 100 - 1e-9) / 100);

/** The plan's surplus and state from its item's limits and the machine's wear since the last maintenance. */
export function planStatusOf(limits: WearLimits, wear: Wear): PlanStatus {
  const hours = surplusOf(limits.cycleHours, wear.runHours);
  const counted = limits.cyclePierces !== null && limits.cyclePierces > 0;
  const pierces = counted ? Math.floor(surplusOf(limits.cyclePierces!, wear.pierces)) : null;
  const overdue = hours <= 0 || (pierces !== null && pierces <= 0);
  const warned = hours <= Math.max(0, finite(limits.warningHours)) || (pierces !== null && pierces <= Math.max(0, finite(limits.warningPierces ?? 0)));
  return { surplusHours: hundredths(hours), surplusPierces: pierces, state: overdue ? 'overdue' : warned ? 'warning' : 'normal' };
}

/** The spec's IsNormal: 1 normal (a warned plan is still normal), 0 overdue. */
export const isNormalOf = (state: PlanState): 0 | 1 => (state === 'overdue' ? 0 : 1);

const RANK: Record<PlanState, number> = { normal: 0, warning: 1, overdue: 2 };

/**
 * The reminder a plan needs when it is seen in `current` after its owner was last told about
 * `notified`: one mail per crossing into warning or overdue, none while it stays, none on the
 * way back to normal (a confirmation). The state to remember is always `current`.
 */
export function reminderOf(notified: PlanState, current: PlanState): 'warning' | 'overdue' | null {
  if (RANK[current] <= RANK[notified]) return null;
  return current === 'overdue' ? 'overdue' : 'warning';
}
