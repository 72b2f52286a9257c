import type { StatusFilter, WorkOrderStep } from '../domain/repair/work-order-status';

/** A work order as the customer submitted it (spec 3 section 3). */
export interface NewWorkOrder {
  userId: string;
  orderNumber: string;
  phone: string;
  email: string;
  company: string;
  userName: string;
  province: string;
  provinceName: string;
  city: string;
  cityName: string;
  /** Null for a request raised from the machine's QR label (the requester does not know the parts). */
  partId: number | null;
  content: string;
  /** The owner's form, or a stranger's scan of the machine's label; the form's when left out. */
  source?: WorkOrderSource;
  /** The member who raised it (issue 37 item 4); none for a label request. */
  createdBy?: string | null;
}

export type WorkOrderSource = 'portal' | 'label';

export interface WorkOrderRecord extends NewWorkOrder {
  source: WorkOrderSource;
  createdBy: string | null;
  /** The name of the member who raised it ('' for a label request or a member gone). */
  createdByName: string;
  eventNum: string;
  step: WorkOrderStep;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface WorkOrderStepRecord {
  eventNum: string;
  step: WorkOrderStep;
  note: string;
  updatedAt: Date;
}

export interface WorkOrderQuery {
  eventNum?: string;
  /** [from, to) of the creation time; none for all. */
  window?: { from: Date; to: Date } | null;
  status: StatusFilter;
  offset: number;
  limit: number;
}

/**
 * The customer-service system that takes work orders (DECISIONS 4, 5): it numbers each order
 * `EV` + UTC day + a sequence unique under concurrent submissions and restarts, keeps its step
 * (pending, in progress, done) and lists a customer's orders. The embedded default keeps them in
 * the portal's database (`adapters/postgres/pg-work-order.repository.ts`).
 */
export interface CustomerServicePort {
  open(order: NewWorkOrder, at: Date): Promise<WorkOrderRecord>;
  /** One customer's orders, newest first, and their total under the same filter. */
  list(userId: string, query: WorkOrderQuery): Promise<{ rows: WorkOrderRecord[]; total: number }>;
  /** The steps of the named orders of one customer; numbers of other customers' orders are left out. */
  steps(userId: string, eventNums: readonly string[]): Promise<WorkOrderStepRecord[]>;
  find(eventNum: string): Promise<WorkOrderRecord | null>;
  /**
   * Staff: every customer's orders, newest first, with the customer's account; `step` null for all,
   * `search` a part of the event number, the order number, the company or the account.
   */
  listAll(query: { step: WorkOrderStep | null; search: string; offset: number; limit: number }): Promise<{ rows: (WorkOrderRecord & { account: string })[]; total: number }>;
  /** Label requests since `since`: for one machine, and from one address (its e-mail or phone). */
  recentLabelRequests(orderNumber: string, contact: string, since: Date): Promise<{ machine: number; contact: number }>;
  /** Moves an order from `from` to `to` unless someone moved it first; answers whether it moved. */
  move(eventNum: string, from: WorkOrderStep, to: WorkOrderStep, note: string, at: Date): Promise<boolean>;
}
