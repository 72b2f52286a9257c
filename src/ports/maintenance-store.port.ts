import type { PlanState } from '../domain/maintenance/plan-state';

/** Text in both languages. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** An item of the maintenance catalogue (spec 3): what a series (`Lable`) needs, how often. */
export interface MaintenanceItemRecord {
  id: number;
  code: string;
  series: string;
  project: Bilingual;
  content: Bilingual;
  cycleHours: number;
  warningHours: number;
  cyclePierces: number | null;
  warningPierces: number | null;
  isEnabled: 0 | 1;
}

export type NewMaintenanceItem = Omit<MaintenanceItemRecord, 'id'> & { sort: number };

/** A customer's plan: an item on one of their machines, counted from `since`. */
export interface MaintenancePlanRecord {
  id: number;
  userId: string;
  realName: string;
  email: string | null;
  machineId: number;
  orderNumber: string;
  machineName: string;
  item: MaintenanceItemRecord;
  createdAt: Date;
  /** The plan's creation or the last recorded maintenance. */
  since: Date;
  /** The machine's run-hour total counted up to `since`. */
  runHoursAt: number;
  notifiedState: PlanState;
  warnedAt: Date | null;
}

export interface MaintenanceRecordRow {
  id: number;
  planId: number | null;
  project: Bilingual;
  content: Bilingual;
  realName: string;
  maintenanceTime: Date;
  maintenanceUser: string;
  state: 0 | 1;
  createdAt: Date;
  /** The name of the member who confirmed it (issue 37 item 4); '' when unknown. */
  createdByName: string;
}

export interface ItemFilter {
  series?: string;
  project?: string;
  id?: number;
}

/** Maintenance items, plans and records (issue 17). */
export interface MaintenanceStore {
  items(filter: ItemFilter, offset: number, limit: number): Promise<{ rows: MaintenanceItemRecord[]; total: number }>;
  item(id: number): Promise<MaintenanceItemRecord | null>;
  /** Adds or updates a catalogue item by its series and code. */
  putItem(item: NewMaintenanceItem): Promise<void>;
  /** A user's plans, of one machine or all; oldest first. */
  plans(userId: string, machineId: number | null): Promise<MaintenancePlanRecord[]>;
  plan(id: number): Promise<MaintenancePlanRecord | null>;
  /** Every plan, for the reminder check, `after` the id given, in id order. */
  plansAfter(afterId: number, limit: number): Promise<MaintenancePlanRecord[]>;
  /** Adds a plan; null when the machine has that item already. */
  addPlan(plan: { userId: string; machineId: number; itemId: number; at: Date; runHoursAt: number }): Promise<number | null>;
  /** Removes one of the user's plans; false when there is none. */
  deletePlan(id: number, userId: string): Promise<boolean>;
  /** Stores a record and starts the plan's count again at its time, in one transaction. */
  /** `userId` is the company; `createdBy` the member who confirmed it. */
  recordMaintenance(record: { planId: number; userId: string; createdBy: string; itemId: number; time: Date; user: string; state: 0 | 1; createdAt: Date; runHoursAt: number }): Promise<number>;
  records(planId: number, offset: number, limit: number): Promise<{ rows: MaintenanceRecordRow[]; total: number }>;
  /** The time of the plan's latest record, if any. */
  lastRecordTime(planId: number): Promise<Date | null>;
  /** Records per project of a user (also of removed plans), most first. */
  recordCounts(userId: string): Promise<Array<{ project: Bilingual; count: number }>>;
  /** Remembers what the owner was told and since when the plan is due. */
  setNotified(planId: number, state: PlanState, warnedAt: Date | null): Promise<void>;
}
