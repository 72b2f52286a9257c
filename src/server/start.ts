import type { FastifyInstance } from 'fastify';
import type { OutboxEntry } from '../adapters/outbox/outbox.adapter';
import type { Database } from '../adapters/postgres/database';
import { buildApp } from './app';
import type { MaintenanceReminders } from './services/maintenance.service';
import { UnsentUploadSweep } from './services/unsent-upload-sweep';
import { composeServices } from './compose';
import type { Config } from './config';
import { openInfrastructure, type Infrastructure } from './infrastructure';
import { seedCamCatalogue } from '../seed/cam.seed';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../seed/demo.seed';
import { seedCamLicences } from '../seed/cam-licences.seed';
import { DEMO_FLEET, seedDevices } from '../seed/devices.seed';
import { seedHistory } from '../seed/history.seed';
import { seedKnowledge } from '../seed/knowledge.seed';
import { seedDemoPlans, seedMaintenanceItems } from '../seed/maintenance.seed';
import { seedRandomFiles } from '../seed/random-files.seed';
import { seedDemoPoints, seedDemoQuestions, seedWarranty } from '../seed/user-centre.seed';
import { seedDocuments } from '../seed/documents.seed';
import { seedSpareParts } from '../seed/repair.seed';
import { machineKindOf } from '../domain/devices/machine-kind';
import { FleetSimulator } from './simulator/fleet-simulator';
import type { DemoSimulatorHandle } from './dev-simulator.plugin';

/** A started portal: the app listening, its database, and how to stop it all in order. */
export interface RunningPortal {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** The embedded broker's TCP port for machines; null with MQTT_URL or MQTT_PORT=off. */
  mqttPort: number | null;
  simulator: FleetSimulator | null;
  /** The reminders' checks (every MAINTENANCE_CHECK_MS): the browser tests run one on demand. */
  maintenanceReminders: Pick<MaintenanceReminders, 'checkOnce'>;
  stop(): Promise<void>;
  /**
   * The graceful hand-over (SIGTERM, issue 24): readiness answers 503 and machine events go to the
   * other portals at once; after DRAIN_MS (the balancer has taken the portal out) it stops taking
   * connections, finishes the requests it holds and closes its live connections, whose pages
   * reconnect through the balancer to another portal.
   */
  handOver(): Promise<void>;
}

/**
 * Opens the infrastructure the configuration names (the embedded PostgreSQL unless DATABASE_URL,
 * migrated), seeds, builds the app and listens.
 */
export async function startPortal(config: Config, logger?: boolean | object): Promise<RunningPortal> {
  const started = Date.now();
  // The outbox logs through the app's logger, which exists only once the app is built.
  let logOutbox: (entry: OutboxEntry) => void = () => {};
  const opening: string[] = [];
  const infrastructure = await openInfrastructure(config, { logOutbox: (entry) => logOutbox(entry), warn: (line) => opening.push(line) });
  const { database } = infrastructure;
  // Where a start's time goes, in the ready line: after a crash the database take-over and the
  // migrations, then building the app, then the idempotent seeds (issue 22: ready within 10 s).
  const opened = Date.now();
  try {
    const services = composeServices(config, infrastructure);
    const demoSimulator: DemoSimulatorHandle = { current: null };
    const app = await buildApp({ config, services, logger, warmCopyRenderer: true, demoSimulator });
    const built = Date.now();
    logOutbox = (entry) => logOutboxEntry(app.log, entry, config.production);
    for (const line of opening) app.log.warn(line);
    if (config.seedDemo) {
      const created = await seedDemoAccounts(services.users, services.hasher);
      if (created.length) app.log.info(`demo accounts created: ${created.join(', ')}`);
    }
    // CAM products and warranty rules always; the demo releases with the demo accounts.
    const seeded = await seedCamCatalogue(services, { demoReleases: config.seedDemo });
    if (seeded.releases || seeded.rules) app.log.info(`CAM catalogue seeded: ${seeded.releases} demo releases, ${seeded.rules} warranty rules`);
    const parts = await seedSpareParts(services);
    if (parts) app.log.info(`spare-part catalogue seeded: ${parts} parts`);
    if (config.seedDemo) {
      const content = await seedKnowledge(services);
      if (content) app.log.info(`knowledge libraries: ${content.added} articles imported`);
      for (const p of content?.problems ?? []) app.log.warn(`knowledge content ${p.file} skipped: ${p.problem}`);
    }
    const demoOwner = config.seedDemo ? await services.users.findByAccount(DEMO_ACCOUNTS[0].account) : null;
    const devices = await seedDevices(services, demoOwner ? { ownerId: demoOwner.id, at: services.clock.now() } : null);
    if (devices.bound) app.log.info(`demo fleet bound to ${DEMO_ACCOUNTS[0].account}: ${devices.bound} machines`);
    if (demoOwner) {
      let seeded = 0;
      for (const m of DEMO_FLEET) if (await seedHistory(database.db, { orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName) }, services.clock.now())) seeded++;
      if (seeded) app.log.info(`demo history: months of tasks, alarms and run time for ${seeded} machines`);
      const withFiles = await seedRandomFiles(services);
      if (withFiles) app.log.info(`demo random files: 4 documents for each of ${withFiles} machines`);
      await seedCamLicences(services, { userId: demoOwner.id, email: demoOwner.email ?? demoOwner.account }, services.clock.now(), { welcomePoints: false });
      await seedWarranty(services);
      if (await seedDemoQuestions(services, demoOwner.id, services.clock.now())) app.log.info('demo support questions seeded');
      if (await seedDemoPoints(services, demoOwner.id, services.clock.now())) app.log.info('demo points history seeded');
      const withDocuments = await seedDocuments(services, demoOwner.id);
      if (withDocuments) app.log.info(`demo industrial documents: 3 job files and 2 CAM reports for each of ${withDocuments} machines`);
    }
    // The maintenance catalogue always; with the demo, plans on one demo machine (issue 17).
    await seedMaintenanceItems(services);
    if (demoOwner) await seedDemoPlans(services, { ownerId: demoOwner.id, orderNumber: DEMO_FLEET[0].orderNumber, at: services.clock.now() });
    const seedsDone = Date.now();
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const portalUrl = `http://localhost:${port}`;
    // Machines reach the embedded broker over TCP (null with MQTT_URL: they use the external broker).
    const mqttPort = config.mqttPort !== null ? await app.telemetry.broker.listenTcp(config.mqttPort, config.host) : null;
    if (mqttPort !== null) app.log.info(`MQTT broker for machines on port ${mqttPort}`);
    const simulator = config.simulator ? await startSimulator(config, infrastructure, app, mqttPort) : null;
    demoSimulator.current = simulator;
    // Maintenance reminders: one mail per crossing into warning or overdue (issue 17).
    if (config.maintenanceCheckMs > 0) services.maintenanceReminders.start(config.maintenanceCheckMs);
    // Feedback uploads never sent with a feedback are swept after their time to live (issue 14).
    const uploadSweep = new UnsentUploadSweep(services.support, app.log);
    if (config.feedbackSweepMs > 0) uploadSweep.start(config.feedbackSweepMs);
    const phases = { databaseMs: opened - started, buildMs: built - opened, seedsMs: seedsDone - built, restMs: Date.now() - seedsDone };
    app.log.info({ startup: phases }, `portal ready at ${portalUrl}/app/ in ${Date.now() - started} ms`);
    if (config.seedDemo) {
      for (const a of DEMO_ACCOUNTS) app.log.info(`demo login: ${a.account} / ${a.password}${a.isStaff ? ' (staff)' : ''}`);
    }
    if (infrastructure.outboxPage) app.log.info(`mail and SMS go to the outbox: ${portalUrl}/dev/outbox`);
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        await simulator?.stop();
        await services.maintenanceReminders.stop();
        await uploadSweep.stop();
        await app.close();
        await infrastructure.close();
      })());
    const handOver = async () => {
      await app.telemetry.handOver();
      app.log.info(`handing over: readiness answers 503 for ${config.drainMs} ms, then the portal closes`);
      await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      await stop();
    };
    return { app, database, url: portalUrl, mqttPort, simulator, maintenanceReminders: services.maintenanceReminders, stop, handOver };
  } catch (error) {
    await infrastructure.close().catch(() => {});
    throw error;
  }
}

/** The demo fleet's simulator, connected like real machines: to the external broker, over TCP, or the websocket when TCP is off. */
async function startSimulator(config: Config, infrastructure: Infrastructure, app: FastifyInstance, mqttPort: number | null): Promise<FleetSimulator> {
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : config.port;
  const url = infrastructure.broker.machinesUrl ?? (mqttPort !== null ? `mqtt://127.0.0.1:${mqttPort}` : `ws://127.0.0.1:${httpPort}/mqtt`);
  const simulator = new FleetSimulator({
    url,
    deviceKey: app.telemetry.deviceKey,
    machines: DEMO_FLEET.map((m) => ({ orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName), ratedPowerKw: m.laserPowerKw })),
    log: app.log,
  });
  await simulator.start();
  app.log.info(`machine simulator: ${simulator.connected} of ${DEMO_FLEET.length} demo machines publishing to ${url}`);
  return simulator;
}

/**
 * The log line of a message the outbox took. Its text holds verification codes: in production only
 * at debug level, never at info (issue 21, item 8); elsewhere the log is where a developer reads them.
 */
export function logOutboxEntry(log: { info(obj: object, msg: string): void; debug(obj: object, msg: string): void }, entry: OutboxEntry, production: boolean): void {
  const line = `outbox: ${entry.channel} to ${entry.to}`;
  if (!production) return log.info({ outbox: entry }, line);
  log.info({ outbox: { id: entry.id, channel: entry.channel, to: entry.to, at: entry.at } }, line);
  log.debug({ outbox: entry }, line);
}
