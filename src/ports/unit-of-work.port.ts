import type { AuditLog } from './audit-log.port';
import type { CompanyAdminStore } from './company-admin.port';
import type { CompanyStore } from './company-store.port';
import type { CodeRepository, SessionRepository, UserRepository } from './accounts-store.port';
import type { AlarmStore } from './alarm-store.port';
import type { CustomerServicePort } from './customer-service.port';
import type { SparePartStore } from './spare-part-store.port';
import type { StaffRoles } from './staff-roles.port';
import type { WorkOrderMessageStore } from './work-order-message-store.port';

/**
 * The stores a use case writes through together, all on one transaction (ADR 0027). A store joins
 * here when a use case first needs it beside another.
 */
export interface TransactionStores {
  /** The customer-service system's embedded default: work orders in the portal's database. */
  workOrders: CustomerServicePort;
  spareParts: SparePartStore;
  /** A work order's message and its files' rows (issue 38 item 1). */
  workOrderMessages: WorkOrderMessageStore;
  /** Accounts, their sessions and the verification codes that prove their addresses. */
  users: UserRepository;
  sessions: SessionRepository;
  codes: CodeRepository;
  /** The staff role on the account (the staff command gives and takes it with the sessions it ends). */
  staffRoles: StaffRoles;
  /** An alarm episode's opening or close and the deliveries it sends. */
  alarms: AlarmStore;
  /** A company's members and invitations (a role change, a member joining with the invitation's use). */
  companies: CompanyStore;
  /** Every company as staff change them (a machine moved between companies, with its audit row). */
  companyAdmin: CompanyAdminStore;
  /** The audit log, for a change that must not commit without its row. */
  audit: AuditLog;
}

/**
 * One transaction around the writes of a use case: they all commit when `work` resolves, and none
 * does when it throws (the error is rethrown). Reads inside see the writes before them.
 */
export interface UnitOfWork {
  run<T>(work: (stores: TransactionStores) => Promise<T>): Promise<T>;
}
