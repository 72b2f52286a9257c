import { AreaCatalogAdapter } from '../adapters/area-data/area-catalog.adapter';
import { ScryptHasher } from '../adapters/crypto/scrypt-hasher.adapter';
import { PgCamRepository } from '../adapters/postgres/pg-cam.repository';
import { PgCodeRepository } from '../adapters/postgres/pg-code.repository';
import { PgMachineEventRepository } from '../adapters/postgres/pg-machine-event.repository';
import { PgMachineRegistry } from '../adapters/postgres/pg-machine-registry.adapter';
import { PgMachineRepository } from '../adapters/postgres/pg-machine.repository';
import { PgMachineFiles } from '../adapters/postgres/pg-machine-files.adapter';
import { PgKnowledgeRepository } from '../adapters/postgres/pg-knowledge.repository';
import { PgLoginThrottleRepository } from '../adapters/postgres/pg-login-throttle.repository';
import { PgContactMessageRepository, PgWarrantyRuleRepository } from '../adapters/postgres/pg-site-content.repository';
import { PgSessionRepository } from '../adapters/postgres/pg-session.repository';
import { PgUserRepository } from '../adapters/postgres/pg-user.repository';
import type { Config } from './config';
import type { Infrastructure } from './infrastructure';
import { KnowledgeAdminService } from './knowledge/knowledge-admin.service';
import { KnowledgeService } from './knowledge/knowledge.service';
import { CamService } from './services/cam.service';
import { AreaService } from './services/area.service';
import { ContactService } from './services/contact.service';
import { DeviceService } from './services/device.service';
import { ReportService } from './services/report.service';
import { RandomFilesService } from './services/random-files.service';
import { RegistrationService } from './services/registration.service';
import { ReviewService } from './services/review.service';
import { SessionService } from './services/session.service';
import { VerificationCodeService } from './services/verification-code.service';
import { WarrantyService } from './services/warranty.service';

export type Services = ReturnType<typeof composeServices>;

/**
 * Wires the services from what the infrastructure root chose (`infrastructure.ts`): repositories
 * on its database, its mail, SMS, files and clock. Plain constructors (ADR 0010).
 */
export function composeServices(config: Config, infrastructure: Infrastructure, options: { delay?: (ms: number) => Promise<unknown> } = {}) {
  const { database, clock, files, mailer, sms, outbox } = infrastructure;
  const users = new PgUserRepository(database.db);
  const hasher = new ScryptHasher(config.scryptCost);
  const codes = new VerificationCodeService(new PgCodeRepository(database.db), mailer, sms, clock, config.brand.name);
  const sessionStore = new PgSessionRepository(database.db);
  const sessions = new SessionService(
    users,
    sessionStore,
    new PgLoginThrottleRepository(database.db),
    hasher,
    clock,
    options.delay,
    codes,
  );
  const camStore = new PgCamRepository(database.db);
  const warrantyRules = new PgWarrantyRuleRepository(database.db);
  const machines = new PgMachineRepository(database.db);
  // The maintenance platform's embedded default: the factory registry table (DECISIONS 4).
  const maintenancePlatform = new PgMachineRegistry(database.db);
  const machineEvents = new PgMachineEventRepository(database.db);
  const knowledgeStore = new PgKnowledgeRepository(database.db);
  const knowledge = new KnowledgeService(knowledgeStore);
  // The product-lifecycle system's embedded default: the machine_files table (DECISIONS 4, ADR 0007).
  const productLifecycle = new PgMachineFiles(database.db);
  return {
    infrastructure,
    database,
    clock,
    users,
    hasher,
    outbox,
    codes,
    sessions,
    registration: new RegistrationService(users, sessionStore, hasher, codes, clock, sessions),
    review: new ReviewService(users),
    areas: new AreaService(new AreaCatalogAdapter()),
    files,
    camStore,
    cam: new CamService(camStore, files, clock, config.releaseMaxBytes),
    contacts: new ContactService(new PgContactMessageRepository(database.db), clock),
    warrantyRules,
    warranty: new WarrantyService(warrantyRules),
    machines,
    maintenancePlatform,
    devices: new DeviceService(machines, maintenancePlatform, clock),
    machineEvents,
    reports: new ReportService(machines, machineEvents, clock),
    knowledgeStore,
    knowledge,
    knowledgeAdmin: new KnowledgeAdminService(knowledgeStore, files, () => knowledge.treesChanged()),
    productLifecycle,
    randomFiles: new RandomFilesService(productLifecycle, machines, files),
  };
}
