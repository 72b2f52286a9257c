import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { machineKindOf } from '../../src/domain/devices/machine-kind';
import { openInfrastructure } from '../../src/server/infrastructure';
import { composeServices } from '../../src/server/compose';
import { loadConfig } from '../../src/server/config';
import { FleetSimulator } from '../../src/server/simulator/fleet-simulator';
import { startPortal } from '../../src/server/start';
import { provisionE2eAccounts, type E2eAccounts, type E2eNeeds } from '../support/customers';

/**
 * The e2e files that log in, and what each needs. They share one portal, so each logs in with
 * accounts and machines of its own: no file reads what another wrote (the demo customer and the
 * demo staff account are left to people trying the portal).
 */
const E2E_NEEDS = {
  accounts: { staff: true },
  chat: { fleet: { history: true } },
  devices: { fleet: { live: true, unbound: ['Q120'] } },
  documents: { fleet: { history: true } },
  knowledge: {},
  'knowledge-admin': { staff: true },
  'random-files': { fleet: { randomFiles: true } },
  reports: { fleet: { history: true } },
  maintenance: { fleet: { live: true }, maintenanceShortCycle: true },
  repair: { staff: true, fleet: { history: true } },
  software: { staff: true },
  // cam.test.ts exchanges the 5-day licence once in each language: two customers.
  cam: { cam: true },
  'cam-zh': { cam: true },
  'user-centre': { staff: true, fleet: {} },
  staff: { staff: true, fleet: { randomFiles: true } },
  // The console's registry (one machine is unbound), work orders and releases (issue 19).
  'staff-console': { staff: true, fleet: {} },
  'xss-fields': { staff: true, fleet: {} },
  'every-route': { staff: true, fleet: { live: true, history: true, randomFiles: true } },
} satisfies Record<string, E2eNeeds>;

export type E2eFile = keyof typeof E2E_NEEDS;

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    e2eAccounts: Record<E2eFile, E2eAccounts>;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the SPA if stale, starts the real portal (embedded PostgreSQL, outbox) and makes each file's accounts. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests need Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SMTP_URL: '',
    RATE_LIMIT_SCALE: '20',
    MAINTENANCE_CHECK_MS: '3000',
    // The test process stands in for callers from many addresses (X-Forwarded-For from loopback):
    // accounts.test.ts sprays failed logins from ten addresses to reach the throttle's mailed code.
    TRUST_PROXY: '127.0.0.1',
  });
  const portal = await startPortal(config);
  let simulator: FleetSimulator | null = null;
  try {
    // The portal's own services are not handed out: the same adapters over its database and data folder.
    const infrastructure = await openInfrastructure(config, { database: portal.database });
    const { accounts, live } = await provisionE2eAccounts(composeServices(config, infrastructure), portal.database, E2E_NEEDS).finally(() => infrastructure.close());
    if (live.length) {
      // The files' live machines publish like the demo fleet's: over the broker's TCP port.
      if (portal.mqttPort === null) throw new Error('the e2e portal has no MQTT port for the simulated machines');
      simulator = new FleetSimulator({
        url: `mqtt://127.0.0.1:${portal.mqttPort}`,
        deviceKey: portal.app.telemetry.deviceKey,
        machines: live.map((m) => ({ orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName), ratedPowerKw: m.laserPowerKw })),
      });
      await simulator.start();
      if (simulator.failedConnections) throw new Error(`${simulator.failedConnections} simulated machines of the e2e files did not connect`);
    }
    project.provide('e2eAccounts', accounts);
  } catch (error) {
    await simulator?.stop();
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('portalUrl', portal.url.replace('localhost', '127.0.0.1'));
  return async () => {
    await simulator?.stop();
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
