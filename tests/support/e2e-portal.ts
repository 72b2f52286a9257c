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

/** A real portal in this process (embedded PostgreSQL, outbox mail) with accounts made for each user of it. */
export interface E2ePortal<File extends string> {
  /** Its base URL on 127.0.0.1. */
  url: string;
  accounts: Record<File, E2eAccounts>;
  stop(): Promise<void>;
}

/**
 * Starts the portal on a fresh data folder, makes the accounts and machines each user asks for in
 * `needs`, and has their live machines publish over the broker's TCP port as the demo fleet does.
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
    SMTP_URL: '',
    RATE_LIMIT_SCALE: '20',
    MAINTENANCE_CHECK_MS: '3000',
    // The test process stands in for callers from many addresses (X-Forwarded-For from loopback):
    // accounts.test.ts sprays failed logins from ten addresses to reach the throttle's mailed code.
    TRUST_PROXY: '127.0.0.1',
  });
  const portal = await startPortal(config);
  let simulator: FleetSimulator | null = null;
  const stop = async () => {
    await simulator?.stop();
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The portal's own services are not handed out: the same adapters over its database and data folder.
    const infrastructure = await openInfrastructure(config, { database: portal.database });
    const { accounts, live } = await provisionE2eAccounts(composeServices(config, infrastructure), portal.database, needs).finally(() => infrastructure.close());
    if (live.length) {
      if (portal.mqttPort === null) throw new Error('the e2e portal has no MQTT port for the simulated machines');
      simulator = new FleetSimulator({
        url: `mqtt://127.0.0.1:${portal.mqttPort}`,
        deviceKey: portal.app.telemetry.deviceKey,
        machines: live.map((m) => ({ orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName), ratedPowerKw: m.laserPowerKw })),
      });
      await simulator.start();
      if (simulator.failedConnections) throw new Error(`${simulator.failedConnections} simulated machines of the e2e files did not connect`);
    }
    return { url: portal.url.replace('localhost', '127.0.0.1'), accounts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
