import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateMosquitto, startPrivatePostgres, type PrivateMosquitto, type PrivatePostgres } from '../../scripts/faults/private-services';
import type { MachineEvent } from '../../src/ports/machine-event-store.port';
import { buildApp } from '../../src/server/app';
import { composeServices } from '../../src/server/compose';
import { loadConfig } from '../../src/server/config';
import { openInfrastructure } from '../../src/server/infrastructure';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { spoolFolderOf } from '../../src/server/telemetry/event-disk-spool';
import { encodeSpoolRecords } from '../../src/server/telemetry/event-spool-file';
import { parseMachineEvent } from '../../src/server/telemetry/machine-events';
import { livePayload } from '../support/mqtt-clients';

// Issue 22: PostgreSQL stopped under a portal whose machines publish QoS 1 events. Before the
// spool the broker refused each event it could not store by closing the machine's connection, so
// the machine's live page showed offline for the whole outage. Now the events are acknowledged
// once on the portal's disk, the machine stays connected, and every event is in the database
// exactly once after PostgreSQL is back, also when a spool file is replayed a second time.

const run = randomBytes(3).toString('hex');
let postgres: PrivatePostgres;
let mosquitto: PrivateMosquitto | null = null;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  postgres = await startPrivatePostgres();
});
// A test that failed mid-outage must not leave the next one without a database (a running server refuses the start).
afterEach(() => postgres.start().catch(() => {}));
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await mosquitto?.close();
  await postgres?.close();
});

async function openPortal(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres.url, LOG_LEVEL: 'silent', SCRYPT_COST: String(2 ** 10), LOAD_SHED_DELAY_MS: '0', SEED_DEMO: 'false', SIMULATOR: 'off', ...env });
  const infrastructure = await openInfrastructure(config);
  const app = await buildApp({ config, services: composeServices(config, infrastructure), logger: false, distDir: path.join(dataDir, 'no-spa') });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await infrastructure.close();
  };
  cleanups.push(close);
  return { app, config, pool: infrastructure.database.pool, close };
}

const task = (id: string) => ({ EventId: id, TaskName: `part-${id}`, FileUrl: '', CuttingLength: 10, PunchingNum: 2, ProcessingTime: 30, EmptyLength: 1, StartTime: '2026-11-20T05:00:00Z', EndTime: '2026-11-20T05:01:00Z' });
const alarm = (id: string) => ({ EventId: id, ErrorType: 'E1', ErrorContent: 'outage', ErrorDate: '2026-11-20T05:00:00Z' });
const runtime = (run: number) => ({ Day: '2026-11-20', Run: run, Idle: 1, Offline: 0 });

/** The machine's events of the test: tasks, alarms, and a run-time day that grows (the last one must win). */
function eventsOf(prefix: string, count: number): Array<{ kind: 'task' | 'alarm' | 'runtime'; payload: string }> {
  return Array.from({ length: count }, (_, i) => {
    const kind = (['task', 'alarm', 'runtime'] as const)[i % 3]!;
    const body = kind === 'task' ? task(`${prefix}${i}`) : kind === 'alarm' ? alarm(`${prefix}${i}`) : runtime(i / 10);
    return { kind, payload: JSON.stringify(body) };
  });
}

async function storedFigures(pool: { query: (sql: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> }, orderNumber: string) {
  const { rows } = await pool.query(
    `select (select count(*)::int from machine_tasks where order_number = $1) as tasks,
            (select count(distinct event_id)::int from machine_tasks where order_number = $1) as distinct_tasks,
            (select coalesce(sum(tasks), 0)::int from machine_task_counts where order_number = $1) as task_count,
            (select count(*)::int from machine_alarms where order_number = $1) as alarms,
            (select max(run) from machine_runtime where order_number = $1) as run`,
    [orderNumber],
  );
  return rows[0]!;
}

/** A machine as the simulator is one: reconnects on its own, counting every lost connection. */
async function connectMachine(url: string, orderNumber: string, deviceKey: string) {
  const client = mqtt.connect(url, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(deviceKey, orderNumber), protocolVersion: 4, reconnectPeriod: 500, clean: false });
  cleanups.push(() => client.endAsync(true));
  const lost = { count: 0 };
  client.on('close', () => lost.count++);
  await new Promise((resolve) => client.once('connect', resolve));
  return { client, lost };
}

/** Publishes each event QoS 1 and answers once all are acknowledged, or throws naming how many were not within `ms`. */
async function publishAll(client: MqttClient, orderNumber: string, events: ReturnType<typeof eventsOf>, ms: number) {
  let acked = 0;
  const all = Promise.all(events.map((e) => client.publishAsync(`${orderNumber}/event/${e.kind}`, e.payload, { qos: 1 }).then(() => acked++)));
  const limit = new Promise((_, reject) => setTimeout(() => reject(new Error(`${events.length - acked} of ${events.length} events not acknowledged within ${ms} ms`)), ms).unref());
  await Promise.race([all, limit]);
}

describe('machine events while PostgreSQL is away', () => {
  it('are acknowledged from the disk spool, the machine stays connected and live, and all are stored once when the database is back', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spool-outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const orderNumber = `G3015-SP${run}`;
    const portal = await openPortal(dataDir);
    const port = await portal.app.telemetry.broker.listenTcp(0, '127.0.0.1');
    const { client, lost } = await connectMachine(`mqtt://127.0.0.1:${port}`, orderNumber, portal.app.telemetry.deviceKey);

    await publishAll(client, orderNumber, [{ kind: 'task', payload: JSON.stringify(task('before')) }], 5_000);
    expect(await storedFigures(portal.pool, orderNumber)).toMatchObject({ tasks: 1, task_count: 1 });

    await postgres.stop('fast');
    const during = eventsOf('o', 60);
    const started = Date.now();
    await publishAll(client, orderNumber, during, 15_000);
    const ackSeconds = (Date.now() - started) / 1000;
    // Live values pass as before: the connection was never closed.
    client.publish(orderNumber, livePayload({ State: 1, Voltage: 4200 }));
    await expect.poll(() => portal.app.telemetry.live.latest(orderNumber, 5_000)?.values, { timeout: 3_000 }).toBeTruthy();
    expect(lost.count).toBe(0);
    expect(client.connected).toBe(true);
    const stats = portal.app.telemetry.stats();
    expect(stats.eventsSpooled).toBe(during.length);
    expect(stats.eventBatchesFailed).toBe(0);
    expect(stats.eventSpoolBytes).toBeGreaterThan(0);
    expect(readdirSync(spoolFolderOf(dataDir, null)).length).toBeGreaterThan(0);

    await postgres.start();
    // Events published after the database is back queue behind the spooled ones.
    await publishAll(client, orderNumber, eventsOf('p', 3), 15_000);
    await expect.poll(() => portal.app.telemetry.stats().eventSpoolBytes, { timeout: 30_000, interval: 200 }).toBe(0);
    const tasks = 1 + 20 + 1;
    const figures = await storedFigures(portal.pool, orderNumber);
    expect(figures).toEqual({ tasks, distinct_tasks: tasks, task_count: tasks, alarms: 20 + 1, run: 0.2 });
    expect(readdirSync(spoolFolderOf(dataDir, null))).toEqual([]);
    expect(lost.count).toBe(0);

    // A kill between storing a file and removing it replays it at the next start: still once each,
    // the task count unchanged; and a record torn by the kill is ignored, the start not failed.
    await client.endAsync();
    await portal.close();
    const replay = [...during, ...eventsOf('p', 3)].map((e) => parseMachineEvent(orderNumber, e.kind, e.payload) as MachineEvent);
    const torn = encodeSpoolRecords([parseMachineEvent(orderNumber, 'task', JSON.stringify(task('torn')))!]);
    writeFileSync(path.join(spoolFolderOf(dataDir, null), '000000000001.jsonl'), Buffer.concat([encodeSpoolRecords(replay), torn.subarray(0, torn.length - 5)]));
    const again = await openPortal(dataDir);
    await expect.poll(() => again.app.telemetry.stats().eventSpoolBytes, { timeout: 15_000, interval: 100 }).toBe(0);
    expect(await storedFigures(again.pool, orderNumber)).toEqual(figures);
    await again.close();
    console.info(`spool outage: ${during.length} events acknowledged in ${ackSeconds.toFixed(2)} s with PostgreSQL stopped; 0 connections lost`);
  });

  it('through the external relay (MQTT_URL): acknowledged to the broker from the spool, all stored once after the outage', async () => {
    mosquitto = await startPrivateMosquitto();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spool-relay-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const orderNumber = `K350-SP${run}`;
    const clientId = `portal-sp-${run}`;
    const portal = await openPortal(dataDir, { MQTT_URL: `mqtt://127.0.0.1:${mosquitto.port}`, MQTT_CLIENT_ID: clientId });
    const { client, lost } = await connectMachine(`mqtt://127.0.0.1:${mosquitto.port}`, orderNumber, portal.app.telemetry.deviceKey);
    await publishAll(client, orderNumber, [{ kind: 'alarm', payload: JSON.stringify(alarm('before')) }], 5_000);
    await expect.poll(async () => (await storedFigures(portal.pool, orderNumber)).alarms, { timeout: 5_000 }).toBe(1);

    await postgres.stop('immediate');
    const during = eventsOf('r', 30);
    await publishAll(client, orderNumber, during, 10_000);
    // The relay took them: acknowledged to Mosquitto from the spool, so the broker holds none for a redelivery.
    await expect.poll(() => portal.app.telemetry.stats().eventsSpooled, { timeout: 15_000 }).toBe(during.length);
    expect(portal.app.telemetry.stats().externalConnected).toBe(true);
    expect(readdirSync(spoolFolderOf(dataDir, clientId)).length).toBeGreaterThan(0);

    await postgres.start();
    await expect.poll(() => portal.app.telemetry.stats().eventSpoolBytes, { timeout: 30_000, interval: 200 }).toBe(0);
    expect(await storedFigures(portal.pool, orderNumber)).toEqual({ tasks: 10, distinct_tasks: 10, task_count: 10, alarms: 11, run: 2.9 });
    expect(lost.count).toBe(0);
    await client.endAsync();
    await portal.close();
  });
});
