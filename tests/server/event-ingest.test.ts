import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startPortal, type RunningPortal } from '../../src/server/start';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { connectMqtt } from '../support/mqtt-clients';
import { createTestDatabase } from '../support/test-db';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// @store: each event stored once by its id (a unique index and ON CONFLICT), in the server's own order.

const task = (id: string, end = '2026-11-20T05:00:00Z') => ({
  EventId: id,
  TaskName: `part-${id}`,
  FileUrl: '',
  CuttingLength: 12.5,
  PunchingNum: 3,
  ProcessingTime: 60,
  EmptyLength: 1,
  StartTime: new Date(Date.parse(end) - 60_000).toISOString(),
  EndTime: end,
});
describe('events through the embedded broker (ADR 0006)', () => {
  let portal: TestPortal;
  let tcpUrl: string;
  const clients: MqttClient[] = [];
  const machine = async (orderNumber: string) => {
    const client = await connectMqtt(tcpUrl, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(portal.app.telemetry.deviceKey, orderNumber) });
    clients.push(client);
    return client;
  };
  const count = (orderNumber: string) => portal.services.database.pool.query<{ n: number }>('select count(*)::int as n from machine_tasks where order_number = $1', [orderNumber]).then((r) => r.rows[0].n);

  beforeAll(async () => {
    portal = await createTestPortal();
    tcpUrl = `mqtt://127.0.0.1:${await portal.app.telemetry.broker.listenTcp(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await portal.close();
  });

  it('acknowledges a QoS 1 event only once it is stored', async () => {
    const m = await machine('G3015-EV1');
    await m.publishAsync('G3015-EV1/event/task', JSON.stringify(task('e1')), { qos: 1 });
    expect(await count('G3015-EV1')).toBe(1);
  });

  it('stores a repeated event once, and replaces a day of run time', async () => {
    const m = await machine('G3015-EV2');
    for (let i = 0; i < 3; i++) await m.publishAsync('G3015-EV2/event/task', JSON.stringify(task('same')), { qos: 1 });
    expect(await count('G3015-EV2')).toBe(1);
    await m.publishAsync('G3015-EV2/event/runtime', JSON.stringify({ Day: '2026-11-20', Run: 1, Idle: 1, Offline: 1 }), { qos: 1 });
    await m.publishAsync('G3015-EV2/event/runtime', JSON.stringify({ Day: '2026-11-20', Run: 3, Idle: 2, Offline: 1 }), { qos: 1 });
    const rows = await portal.services.database.pool.query('select run, idle from machine_runtime where order_number = $1', ['G3015-EV2']);
    expect(rows.rows).toEqual([{ run: 3, idle: 2 }]);
  });

  it('drops and counts malformed events, acknowledging them so they are not sent forever', async () => {
    const m = await machine('G3015-EV3');
    const before = portal.app.telemetry.stats().eventsMalformed;
    const bad = ['not json', '[]', JSON.stringify({ ...task('x'), CuttingLength: -1 }), JSON.stringify({ ...task('y'), EndTime: 'yesterday' }), JSON.stringify({ ...task('z'), EventId: 'a b' }), JSON.stringify({ Day: '2026-11-20', Run: 20, Idle: 10, Offline: 0 })];
    for (const payload of bad) await m.publishAsync('G3015-EV3/event/task', payload, { qos: 1 });
    await m.publishAsync('G3015-EV3/event/unknown-kind', JSON.stringify(task('u')), { qos: 1 });
    expect(portal.app.telemetry.stats().eventsMalformed).toBe(before + bad.length + 1);
    expect(await count('G3015-EV3')).toBe(0);
    await m.publishAsync('G3015-EV3/event/task', JSON.stringify(task('good')), { qos: 1 });
    expect(await count('G3015-EV3')).toBe(1);
  });

  it('stores 2,000 events from 20 machines at once, each exactly once', async () => {
    const machines = await Promise.all(Array.from({ length: 20 }, (_, i) => machine(`K350-BULK${i}`)));
    await Promise.all(machines.flatMap((m, i) => Array.from({ length: 100 }, (_, j) => m.publishAsync(`K350-BULK${i}/event/task`, JSON.stringify(task(`b${j}`)), { qos: 1 }))));
    const { rows } = await portal.services.database.pool.query<{ n: number }>("select count(*)::int as n from machine_tasks where order_number like 'K350-BULK%'");
    expect(rows[0].n).toBe(2000);
  });
});

describe('a server restart in the middle of a stream of QoS 1 events', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('loses nothing: what was not acknowledged before the stop is sent again and stored after the restart', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ingest-restart-'));
    chmodSync(dataDir, 0o755);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const probe = await createTestPortal();
    const mqttPort = await probe.app.telemetry.broker.listenTcp(0, '127.0.0.1');
    await probe.close();
    const config = loadConfig({
      DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', MQTT_PORT: String(mqttPort),
      SEED_DEMO: 'false', SIMULATOR: 'off', LOG_LEVEL: 'silent', SMTP_URL: '',
    });
    let portal: RunningPortal = await startPortal(config);
    cleanups.push(() => portal.stop());

    const orderNumber = 'T220-RESTART';
    const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: orderNumber,
      username: `machine:${orderNumber}`,
      password: machinePassword(portal.app.telemetry.deviceKey, orderNumber),
      clean: false,
      reconnectPeriod: 200,
      protocolVersion: 4,
    });
    cleanups.push(() => client.endAsync(true));
    await new Promise((resolve) => client.once('connect', resolve));

    // More than one ingest batch (500): the first batch's acknowledgements come while later events still wait.
    const total = 2000;
    let ackedSoFar = 0;
    const acked = Array.from({ length: total }, (_, i) =>
      client.publishAsync(`${orderNumber}/event/task`, JSON.stringify(task(`r${i}`)), { qos: 1 }).then(() => ackedSoFar++),
    );
    // Stop while the stream is still arriving (some acknowledged, most not), then come back on the same port.
    await expect.poll(() => ackedSoFar, { interval: 1 }).toBeGreaterThan(0);
    const stopping = portal.stop();
    expect(ackedSoFar).toBeLessThan(total);
    await stopping;
    portal = await startPortal(config);
    await Promise.all(acked);

    const { rows } = await database.pool.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct event_id)::int as distinct from machine_tasks where order_number = $1',
      [orderNumber],
    );
    expect(rows[0]).toEqual({ n: total, distinct: total });
  });
});
