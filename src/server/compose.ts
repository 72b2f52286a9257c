import { PgAuditLogRepository } from '../adapters/postgres/pg-audit-log.repository';
import { AreaCatalogAdapter } from '../adapters/area-data/area-catalog.adapter';
import { ScryptHasher } from '../adapters/crypto/scrypt-hasher.adapter';
import { PgCamRepository } from '../adapters/postgres/pg-cam.repository';
import { PgChatRepository } from '../adapters/postgres/pg-chat.repository';
import { PgCodeRepository } from '../adapters/postgres/pg-code.repository';
import { PgMachineEventRepository } from '../adapters/postgres/pg-machine-event.repository';
import { PgMachineRegistry } from '../adapters/postgres/pg-machine-registry.adapter';
import { PgMachineRepository } from '../adapters/postgres/pg-machine.repository';
import { PgMachineFiles } from '../adapters/postgres/pg-machine-files.adapter';
import { PgMaintenanceRepository } from '../adapters/postgres/pg-maintenance.repository';
import { PgIndustrialDocumentRepository } from '../adapters/postgres/pg-industrial-document.repository';
import { PgKnowledgeRepository } from '../adapters/postgres/pg-knowledge.repository';
import { PgLoginThrottleRepository } from '../adapters/postgres/pg-login-throttle.repository';
import { PgContactMessageRepository, PgWarrantyRuleRepository } from '../adapters/postgres/pg-site-content.repository';
import { PgSessionRepository } from '../adapters/postgres/pg-session.repository';
import { PgUserRepository } from '../adapters/postgres/pg-user.repository';
import { PgSupportStore, PgUserCentreStore, PgWarrantyRegistry } from '../adapters/postgres/pg-user-centre.repository';
import { PgPointsLedger } from '../adapters/postgres/pg-points-ledger.repository';
import { PgSparePartRepository } from '../adapters/postgres/pg-spare-part.repository';
import { PgWorkOrderRepository } from '../adapters/postgres/pg-work-order.repository';
import { PgUnitOfWork } from '../adapters/postgres/pg-unit-of-work.adapter';
import { PgDatabaseHealth } from '../adapters/postgres/pg-database-health.adapter';
import type { Config } from './config';
import type { Infrastructure } from './infrastructure';
import { ChatService } from './services/chat/chat.service';
import { alarmFacts } from './services/chat/facts/alarm.facts';
import { deviceFacts } from './services/chat/facts/device.facts';
import { maintenanceFacts } from './services/chat/facts/maintenance.facts';
import { warrantyFacts } from './services/chat/facts/warranty.facts';
import { workOrderFacts } from './services/chat/facts/work-order.facts';
import { ChatRetrieval } from './services/chat/retrieval';
import { KnowledgeAdminService } from './services/knowledge/knowledge-admin.service';
import { KnowledgeService } from './services/knowledge/knowledge.service';
import { AuditService } from './services/audit.service';
import { CamService } from './services/cam.service';
import { AreaService } from './services/area.service';
import { ContactService } from './services/contact.service';
import { DeviceService } from './services/device.service';
import { MachineLabelService } from './services/machine-label.service';
import { labelKeyOf, loadDeviceKey } from './telemetry/device-key';
import { MachineRegistryService } from './services/machine-registry.service';
import { PgMachineRegistryAdmin } from '../adapters/postgres/pg-machine-registry-admin.repository';
import { DocumentService } from './services/document.service';
import { DOCUMENT_MAX_FILES } from '../domain/documents/document-file.policy';
import { ReportService } from './services/report.service';
import { MaintenanceReminders, MaintenanceService } from './services/maintenance.service';
import { RandomFilesService } from './services/random-files.service';
import { RegistrationService } from './services/registration.service';
import { RepairService } from './services/repair.service';
import { ReviewService } from './services/review.service';
import { SessionService } from './services/session.service';
import { VerificationCodeService } from './services/verification-code.service';
import { LabelRepairRequestService } from './services/label-repair-request.service';
import { WarrantyService } from './services/warranty.service';
import { SupportService } from './services/support.service';
import { UserCentreService } from './services/user-centre.service';
import { PointsService } from './services/points.service';
import { CamLicenceService } from './services/cam-licence.service';
import { PgCamConfirmations } from '../adapters/postgres/pg-licence-server.adapter';

export type Services = ReturnType<typeof composeServices>;

/** The change-notice topic of the knowledge trees' cache. */
const KNOWLEDGE_TREES = 'knowledge-trees';

/**
 * Wires the services from what the infrastructure root chose (`infrastructure.ts`): repositories
 * on its database, its mail, SMS, files and clock. Plain constructors (ADR 0010).
 */
export function composeServices(config: Config, infrastructure: Infrastructure, options: { delay?: (ms: number) => Promise<unknown> } = {}) {
  const { database, clock, files, mailer, sms, outbox, notices } = infrastructure;
  const users = new PgUserRepository(database.db);
  // Writes that belong together commit together (ADR 0027): a registration and the code it uses, a
  // work order and its part's count, ...
  const unitOfWork = new PgUnitOfWork(database.db);
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
  // A staff change clears this portal's trees at once and every other portal's through the notice.
  notices.subscribe(KNOWLEDGE_TREES, () => knowledge.treesChanged());
  const treesChanged = () => {
    knowledge.treesChanged();
    notices.publish(KNOWLEDGE_TREES).catch(() => {}); // the others' trees expire within 5 s anyway
  };
  // The product-lifecycle system's embedded default: the machine_files table (DECISIONS 4, ADR 0007).
  const productLifecycle = new PgMachineFiles(database.db);
  // The maintenance platform's warranty records: its embedded default, a seeded table (issue 14).
  const warrantyRegistry = new PgWarrantyRegistry(database.db);
  const supportStore = new PgSupportStore(database.db);
  // The points ledger (DECISIONS 4): GetMallPoints, staff grants, the CAM exchange.
  const pointsLedger = new PgPointsLedger(database.db);
  // The customer-service system's embedded default: work orders in the portal's database (DECISIONS 4).
  const customerService = new PgWorkOrderRepository(database.db);
  const spareParts = new PgSparePartRepository(database.db);
  const auditLog = new PgAuditLogRepository(database.db);
  const maintenanceStore = new PgMaintenanceRepository(database.db);
  const maintenance = new MaintenanceService(maintenanceStore, machines, machineEvents, clock);
  const repair = new RepairService(customerService, spareParts, machines, mailer, clock, unitOfWork);
  // Machines' broker passwords and the QR labels' key both derive from it: read once per start.
  const deviceKey = loadDeviceKey(config.dataDir, config.deviceKey);
  // The labels' key derives from the device key, so every portal of a site signs alike.
  const machineLabels = new MachineLabelService(machines, labelKeyOf(deviceKey));
  return {
    infrastructure,
    deviceKey,
    database,
    // What the readiness probe asks (portal.routes.ts).
    databaseHealth: new PgDatabaseHealth(database.pool),
    clock,
    users,
    hasher,
    outbox,
    codes,
    sessions,
    registration: new RegistrationService(users, hasher, codes, clock, sessions, unitOfWork),
    review: new ReviewService(users, mailer, config.brand.name),
    areas: new AreaService(new AreaCatalogAdapter()),
    files,
    camStore,
    cam: new CamService(camStore, files, clock, config.releaseMaxBytes),
    contacts: new ContactService(new PgContactMessageRepository(database.db), clock),
    warrantyRules,
    warranty: new WarrantyService(warrantyRules),
    machines,
    maintenancePlatform,
    devices: new DeviceService(machines, maintenancePlatform, clock, warrantyRegistry),
    machineLabels,
    labelRequests: new LabelRepairRequestService(machineLabels, codes, customerService, unitOfWork, clock),
    machineEvents,
    reports: new ReportService(machines, machineEvents, clock),
    knowledgeStore,
    knowledge,
    knowledgeAdmin: new KnowledgeAdminService(knowledgeStore, files, treesChanged),
    productLifecycle,
    randomFiles: new RandomFilesService(productLifecycle, machines, files),
    warrantyRegistry,
    userCentre: new UserCentreService(users, new PgUserCentreStore(database.db), sessions, hasher, codes, files, machines, warrantyRegistry, clock, new AreaCatalogAdapter()),
    supportStore,
    support: new SupportService(supportStore, users, files, mailer, clock, config.brand.name, config.feedbackUploadTtlMs),
    pointsLedger,
    points: new PointsService(pointsLedger, clock),
    camLicences: new CamLicenceService(users, infrastructure.licenceServer, new PgCamConfirmations(database.db), pointsLedger, clock, config.cam),
    customerService,
    spareParts,
    repair,
    // Append-only: staff calls write their rows through route-kit's AuditTrail (ARCHITECTURE "Staff calls are audited").
    auditLog,
    audit: new AuditService(auditLog),
    // Staff manage the embedded maintenance platform's registry (issue 19); unbinding mails the customer.
    registry: new MachineRegistryService(new PgMachineRegistryAdmin(database.db), mailer, clock, config.brand.name),
    maintenanceStore,
    maintenance,
    maintenanceReminders: new MaintenanceReminders(maintenanceStore, maintenance, mailer, clock, config.brand.name),
    documents: new DocumentService(new PgIndustrialDocumentRepository(database.db), machines, machineEvents, files, clock, {
      fileMaxBytes: config.documentMaxBytes,
      requestMaxBytes: config.documentRequestMaxBytes,
      maxFiles: DOCUMENT_MAX_FILES,
    }),
    // The assistant's machine facts: one source per area (the live state is added once telemetry runs).
    chat: new ChatService(
      new PgChatRepository(database.db),
      machines,
      new ChatRetrieval(knowledge, async (id) => (await knowledgeStore.article(id))?.html ?? null),
      [deviceFacts, alarmFacts(machineEvents), workOrderFacts(repair), maintenanceFacts(maintenance), warrantyFacts(warrantyRegistry)],
      infrastructure.chatAnswerer,
      clock,
    ),
  };
}
