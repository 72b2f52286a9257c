import type { TransactionStores, UnitOfWork } from '../../ports/unit-of-work.port';
import type { Db, Executor } from './database';
import { PgAlarmRepository } from './pg-alarm.repository';
import { PgAuditLogRepository } from './pg-audit-log.repository';
import { PgCodeRepository } from './pg-code.repository';
import { PgCompanyAdmin } from './pg-company-admin.repository';
import { PgCompanyRepository } from './pg-company.repository';
import { PgSessionRepository } from './pg-session.repository';
import { PgSparePartRepository } from './pg-spare-part.repository';
import { PgStaffRoles } from './pg-staff-roles.adapter';
import { PgUserRepository } from './pg-user.repository';
import { PgWorkOrderMessageRepository } from './pg-work-order-message.repository';
import { PgWorkOrderRepository } from './pg-work-order.repository';

/** The repositories of `TransactionStores`, each sending its statements through `executor`. */
export const transactionStores = (executor: Executor): TransactionStores => ({
  workOrders: new PgWorkOrderRepository(executor),
  spareParts: new PgSparePartRepository(executor),
  workOrderMessages: new PgWorkOrderMessageRepository(executor),
  users: new PgUserRepository(executor),
  sessions: new PgSessionRepository(executor),
  codes: new PgCodeRepository(executor),
  staffRoles: new PgStaffRoles(executor),
  alarms: new PgAlarmRepository(executor),
  companies: new PgCompanyRepository(executor),
  companyAdmin: new PgCompanyAdmin(executor),
  audit: new PgAuditLogRepository(executor),
});

/**
 * The unit of work on PostgreSQL: one drizzle transaction (BEGIN ... COMMIT on one pooled
 * connection) whose repositories share it; a throw rolls every write back.
 */
export class PgUnitOfWork implements UnitOfWork {
  constructor(private readonly db: Db) {}

  run<T>(work: (stores: TransactionStores) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(transactionStores(tx)));
  }
}
