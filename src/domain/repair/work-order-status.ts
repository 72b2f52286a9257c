/**
 * A work order's steps (spec 3 section 4, DECISIONS 4): pending, in progress, done. `eventStatus`
 * (GetEventStatus) is the drawer's step index 0, 1, 2; the list's `Status` filter is the spec's
 * pending 0 (not done yet: pending or in progress) and done 1.
 */
export type WorkOrderStep = 0 | 1 | 2;
export const STEP_PENDING: WorkOrderStep = 0;
export const STEP_IN_PROGRESS: WorkOrderStep = 1;
export const STEP_DONE: WorkOrderStep = 2;

/** The list filter: all (null), pending 0, done 1. */
export type StatusFilter = null | 0 | 1;

/** The step a staff move may go to from `current`: one step forward, never back. */
export const nextStep = (current: WorkOrderStep): WorkOrderStep | null => (current === STEP_DONE ? null : ((current + 1) as WorkOrderStep));

export const canMove = (current: WorkOrderStep, to: WorkOrderStep): boolean => nextStep(current) === to;

/** The filter value a row answers to. */
export const statusOfStep = (step: WorkOrderStep): 0 | 1 => (step === STEP_DONE ? 1 : 0);

/** Event numbers: EV, the UTC day YYYYMMDD, a sequence of at least 4 digits. */
export const EVENT_NUM_PATTERN = /^EV\d{8}\d{4,}$/;
