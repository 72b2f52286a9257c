import { ScryptHasher } from '../../adapters/crypto/scrypt-hasher.adapter';
import { PgAuditLogRepository } from '../../adapters/postgres/pg-audit-log.repository';
import { PgCodeRepository } from '../../adapters/postgres/pg-code.repository';
import { PgDatabaseHealth } from '../../adapters/postgres/pg-database-health.adapter';
import { PgLoginThrottleRepository } from '../../adapters/postgres/pg-login-throttle.repository';
import { PgMachineEventRepository } from '../../adapters/postgres/pg-machine-event.repository';
import { PgMachineRepository } from '../../adapters/postgres/pg-machine.repository';
import { PgSessionRepository } from '../../adapters/postgres/pg-session.repository';
import { PgUnitOfWork } from '../../adapters/postgres/pg-unit-of-work.adapter';
import { PgWarrantyRegistry } from '../../adapters/postgres/pg-user-centre.repository';
import { PgUserRepository } from '../../adapters/postgres/pg-user.repository';
import type { Config } from '../config';
import type { Infrastructure } from '../infrastructure';
import { AuditService } from '../services/audit.service';
import { SessionService } from '../services/session.service';
import { VerificationCodeService } from '../services/verification-code.service';
import { loadDeviceKey } from '../telemetry/device-key';

/** What every area may build on: the infrastructure, the shared repositories and the sign-in. */
export type Core = ReturnType<typeof composeCore>;

/** What more than one area uses: accounts and sessions, the machines and their events, files, mail, audit. */
export function composeCore(config: Config, infrastructure: Infrastructure, options: { delay?: (ms: number) => Promise<unknown> }) {
  const { database, clock, files, mailer, sms, outbox } = infrastructure;
  const users = new PgUserRepository(database.db);
  const hasher = new ScryptHasher(config.scryptCost);
  const codes = new VerificationCodeService(new PgCodeRepository(database.db), mailer, sms, clock, config.brand.name);
  const auditLog = new PgAuditLogRepository(database.db);
  // Writes that belong together commit together (ADR 0027): a registration and the code it uses, a
  // work order and its part's count, a login's session and the revocations past the cap, ...
  const unitOfWork = new PgUnitOfWork(database.db);
  // Machines' broker passwords and the QR labels' key both derive from it: read once per start.
  const deviceKey = loadDeviceKey(config.dataDir, config.deviceKey);
  return {
    infrastructure,
    database,
    clock,
    files,
    mailer,
    outbox,
    unitOfWork,
    deviceKey,
    // What the readiness probe asks (portal.routes.ts).
    databaseHealth: new PgDatabaseHealth(database.pool),
    users,
    hasher,
    codes,
    sessions: new SessionService(users, new PgSessionRepository(database.db), new PgLoginThrottleRepository(database.db), hasher, clock, unitOfWork, options.delay, codes),
    machines: new PgMachineRepository(database.db),
    machineEvents: new PgMachineEventRepository(database.db),
    // The maintenance platform's warranty records: its embedded default, a seeded table (issue 14).
    warrantyRegistry: new PgWarrantyRegistry(database.db),
    // Append-only: staff calls write their rows through route-kit's AuditTrail (ARCHITECTURE "Staff calls are audited").
    auditLog,
    audit: new AuditService(auditLog),
  };
}
