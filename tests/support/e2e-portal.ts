import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machineKindOf } from '../../src/domain/devices/machine-kind';
import { composeServices } from '../../src/server/compose';
import { loadConfig } from '../../src/server/config';
import { openInfrastructure } from '../../src/server/infrastructure';
import { FleetSimulator } from '../../src/server/simulator/fleet-simulator';
import { startPortal } from '../../src/server/start';
import { provisionE2eAccounts, type E2eAccounts, type E2eNeeds } from './customers';

// Kept free of vitest: the e2e global setup and the slow-start harness (scripts/faults) start the
// portal the same way.

/** A real portal in this process (embedded PostgreSQL, outbox mail) that makes each user's accounts when it asks. */
export interface E2ePortal<File extends string> {
  /** Its base URL on 127.0.0.1. */
  url: string;
  /** The accounts and machines of one user of the portal, made at its first ask (its live machines then start publishing). */
  accountsOf(file: File): Promise<E2eAccounts>;
  /** Stops the live machines of a user that is done with them (its accounts stay). */
  release(file: File): Promise<void>;
  /** Fails the first live machine of a user now for two minutes, as `npm run simulate -- --fail` does; answers its order number. */
  failFirstMachine(file: File): Promise<string>;
  /** A pass of the portal's own maintenance reminders that starts now; answers the mails it sent. */
  checkMaintenance(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the portal on a fresh data folder. Each user's accounts and machines, as `needs` says, are
 * made when that user first asks (`accountsOf`), and its live machines then publish over the
 * broker's TCP port as the demo fleet does: a browser worker's portal makes only what the files it
 * runs use, from when they run (every file's, at every portal's start, cost each portal its
 * history seeding and kept 33 machines publishing through the whole run).
 */
export async function startE2ePortal<File extends string>(needs: Record<File, E2eNeeds>): Promise<E2ePortal<File>> {
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
    // The demo customer's fleet stays still: no e2e file of a shared portal signs in as the demo
    // customer, and its 11 machines published every second on every portal through the whole run.
    // The files' own live machines publish (below).
    SIMULATOR: 'false',
    SMTP_URL: '',
    RATE_LIMIT_SCALE: '20',
    // The maintenance test waits for a due mail: checks every 5 s (60 s in production). A check
    // reads every plan's run hours and pierces from the machines' history; every 3 s, the checks
    // were two thirds of an idle portal's CPU (50 ms a second against 16 with a check a minute).
    MAINTENANCE_CHECK_MS: '5000',
    // The test process stands in for callers from many addresses (X-Forwarded-For from loopback):
    // accounts.test.ts sprays failed logins from ten addresses to reach the throttle's mailed code.
    TRUST_PROXY: '127.0.0.1',
  });
  const portal = await startPortal(config);
  if (portal.mqttPort === null) {
    await portal.stop();
    throw new Error('the e2e portal has no MQTT port for the simulated machines');
  }
  const mqttUrl = `mqtt://127.0.0.1:${portal.mqttPort}`;
  // The portal's own services are not handed out: the same adapters over its database and data folder.
  const infrastructure = await openInfrastructure(config, { database: portal.database });
  const services = composeServices(config, infrastructure);
  const simulators = new Map<File, FleetSimulator>();
  const liveOf = new Map<File, string[]>();
  const made = new Map<File, Promise<E2eAccounts>>();
  // One user's accounts at a time: the seeds of two at once would meet in the catalogue's items.
  let queue: Promise<unknown> = Promise.resolve();

  const make = async (file: File): Promise<E2eAccounts> => {
    const { accounts, live } = await provisionE2eAccounts(services, portal.database, { [file]: needs[file] } as Record<File, E2eNeeds>);
    liveOf.set(file, live.map((m) => m.orderNumber));
    if (live.length) {
      const simulator = new FleetSimulator({
        url: mqttUrl,
        deviceKey: portal.app.telemetry.deviceKey,
        machines: live.map((m) => ({ orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName), ratedPowerKw: m.laserPowerKw })),
        // The maintenance test's short plan becomes due on run time: reported every 5 s, it is due
        // within seconds of the threshold instead of up to a minute after it.
        runtimeEverySeconds: 5,
      });
      simulators.set(file, simulator);
      await simulator.start();
      if (simulator.failedConnections) throw new Error(`${simulator.failedConnections} simulated machines of the ${file} e2e file did not connect`);
    }
    return accounts[file];
  };

  return {
    url: portal.url.replace('localhost', '127.0.0.1'),
    accountsOf(file) {
      if (!(file in needs)) return Promise.reject(new Error(`no e2e needs for ${file}: add them to E2E_NEEDS (tests/support/e2e-needs.ts)`));
      let accounts = made.get(file);
      if (!accounts) {
        accounts = queue.then(() => make(file));
        queue = accounts.catch(() => {});
        made.set(file, accounts);
      }
      return accounts;
    },
    async release(file) {
      await made.get(file)?.catch(() => {});
      await simulators.get(file)?.stop();
      simulators.delete(file);
    },
    async failFirstMachine(file) {
      const { live } = await made.get(file)!.then(() => ({ live: liveOf.get(file) ?? [] }));
      const orderNumber = live[0];
      if (!orderNumber || !simulators.get(file)?.fail(orderNumber, 120)) throw new Error(`the ${file} e2e file has no live machine to fail`);
      return orderNumber;
    },
    async checkMaintenance() {
      // A pass already under way may have read the plans before the caller's last change: the next one starts after it.
      await portal.maintenanceReminders.checkOnce();
      return portal.maintenanceReminders.checkOnce();
    },
    async stop() {
      for (const simulator of simulators.values()) await simulator.stop();
      await infrastructure.close();
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
