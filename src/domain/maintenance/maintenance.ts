import type { Refused } from '../shared/refused';
import type { PlanState } from './plan-state';

/** An item of the catalogue as the maintenance page shows it (spec 3 "maintenance item"). */
export interface MaintenanceItem {
  id: number;
  project: string;
  series: string;
  content: string;
  cycleHours: number;
  warningHours: number;
  cyclePierces: number | null;
  warningPierces: number | null;
  enabled: boolean;
}

/** One of the caller's plans with what the server counted (spec 3 "user machine maintenance item"). */
export interface MaintenancePlan {
  id: number;
  machineId: number;
  itemId: number;
  project: string;
  orderNumber: string;
  series: string;
  realName: string;
  content: string;
  createTime: string;
  cycleHours: number;
  surplusHours: number;
  warningHours: number;
  warningTime: string;
  enabled: boolean;
  state: PlanState;
  runHours: number;
  cyclePierces: number | null;
  surplusPierces: number | null;
  warningPierces: number | null;
  pierces: number;
  since: string;
}

export interface MaintenanceRecord {
  id: number;
  project: string;
  content: string;
  realName: string;
  maintenanceTime: string;
  maintenanceUser: string;
  createTime: string;
  /** The plan's state when it was confirmed: IsNormal 1 normal, 0 overdue. */
  normal: boolean;
  /** The company member who confirmed it (issue 37 item 4; `maintenanceUser` is the name typed); '' when unknown. */
  createdByName?: string;
}

export interface ProjectCount {
  project: string;
  count: number;
}

export type ItemsAnswer = { kind: 'items'; items: MaintenanceItem[]; total: number } | Refused;
export type PlansAnswer = { kind: 'plans'; plans: MaintenancePlan[] } | Refused;
export type RecordsAnswer = { kind: 'records'; records: MaintenanceRecord[]; total: number } | Refused;
export type CountsAnswer = { kind: 'counts'; counts: ProjectCount[] } | Refused;
export type SaveAnswer = { kind: 'saved'; message: string } | Refused;

/** The machine whose plans the page shows: its id (MachineId) and series (Lable). */
export interface MaintenanceMachine {
  id: number;
  series: string;
  orderNumber: string;
}

/** Due plans per machine (order number), for the fleet and machine pages' badge: the worst state of its plans. */
export function dueByMachine(plans: readonly MaintenancePlan[]): Record<string, { state: Exclude<PlanState, 'normal'>; count: number }> {
  const due: Record<string, { state: Exclude<PlanState, 'normal'>; count: number }> = {};
  for (const p of plans) {
    if (p.state === 'normal') continue;
    const seen = due[p.orderNumber];
    due[p.orderNumber] = { state: seen?.state === 'overdue' || p.state === 'overdue' ? 'overdue' : 'warning', count: (seen?.count ?? 0) + 1 };
  }
  return due;
}
