import type { CountsAnswer, ItemsAnswer, PlansAnswer, RecordsAnswer, SaveAnswer } from '../domain/maintenance/maintenance';

/**
 * The maintenance calls (api/Maintenance/*, spec 3; issue 17) in domain terms. "No data" is an
 * empty answer, never a refusal. A call rejects only when no answer arrived (the HTTP adapter has
 * shown the network or timeout dialog).
 */
export interface MaintenanceApiPort {
  /** MDetailsList: the items of a series, paged. */
  items(query: { series: string; offset: number; size: number }, signal?: AbortSignal): Promise<ItemsAnswer>;
  /** MMachineList: the caller's plans, of one machine (or all with null), or one plan. */
  plans(query: { machineId: number | null; planId?: number }, signal?: AbortSignal): Promise<PlansAnswer>;
  /** SaveMMachine. */
  addPlan(input: { machineId: number; itemId: number }, signal?: AbortSignal): Promise<SaveAnswer>;
  /** DeleteMMachine. */
  removePlan(planId: number, signal?: AbortSignal): Promise<SaveAnswer>;
  /** GetMRecords: a plan's records, paged. */
  records(query: { planId: number; offset: number; size: number }, signal?: AbortSignal): Promise<RecordsAnswer>;
  /** InsertMRecords: the time as an instant (sent in the spec's +08:00 form). */
  confirm(input: { planId: number; at: Date; state: 0 | 1 }, signal?: AbortSignal): Promise<SaveAnswer>;
  /** GetMDetailNumbers: maintenance counts per project. */
  counts(signal?: AbortSignal): Promise<CountsAnswer>;
}
