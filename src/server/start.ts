import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { OutboxEntry } from '../adapters/outbox/outbox.adapter';
import { startEmbeddedCluster, type EmbeddedCluster } from '../adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase, type Database } from '../adapters/postgres/database';
import { buildApp } from './app';
import { composeServices } from './compose';
import type { Config } from './config';
import { seedCamCatalogue } from './seed/cam.seed';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo.seed';

/** A started portal: the app listening, its database, and how to stop it all in order. */
export interface RunningPortal {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** Starts the database (embedded unless DATABASE_URL), migrates, seeds, builds the app and listens. */
export async function startPortal(config: Config, logger?: boolean | object): Promise<RunningPortal> {
  const started = Date.now();
  let cluster: EmbeddedCluster | null = null;
  let url = config.databaseUrl;
  if (!url) {
    cluster = await startEmbeddedCluster({ dir: path.join(config.dataDir, 'postgres') });
    url = cluster.url('postgres');
  }
  const database = openDatabase(url);
  try {
    await migrateDatabase(database);
    // The outbox logs through the app's logger, which exists only once the app is built.
    let logOutbox: (entry: OutboxEntry) => void = () => {};
    const services = composeServices(config, database, { log: (entry) => logOutbox(entry) });
    const app = await buildApp({ config, database, services, logger });
    logOutbox = (entry) => app.log.info({ outbox: entry }, `outbox: ${entry.channel} to ${entry.to}`);
    if (config.seedDemo) {
      const created = await seedDemoAccounts(services.users, services.hasher);
      if (created.length) app.log.info(`demo accounts created: ${created.join(', ')}`);
    }
    // CAM products and warranty rules always; the demo releases with the demo accounts.
    const seeded = await seedCamCatalogue(services, { demoReleases: config.seedDemo });
    if (seeded.releases || seeded.rules) app.log.info(`CAM catalogue seeded: ${seeded.releases} demo releases, ${seeded.rules} warranty rules`);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const portalUrl = `http://localhost:${port}`;
    app.log.info(`portal ready at ${portalUrl}/app/ in ${Date.now() - started} ms`);
    if (config.seedDemo) {
      for (const a of DEMO_ACCOUNTS) app.log.info(`demo login: ${a.account} / ${a.password}${a.isStaff ? ' (staff)' : ''}`);
    }
    if (!config.smtpUrl) app.log.info(`mail and SMS go to the outbox: ${portalUrl}/dev/outbox`);
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        await app.close();
        await services.smtp?.close();
        await database.close();
        await cluster?.stop();
      })());
    return { app, database, url: portalUrl, stop };
  } catch (error) {
    await database.close().catch(() => {});
    await cluster?.stop().catch(() => {});
    throw error;
  }
}
