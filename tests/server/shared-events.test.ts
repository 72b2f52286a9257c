import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { connectMqtt, livePayload, nextMessage, pageId, subscribeGranted } from '../support/mqtt-clients';
import { createTestDatabase } from '../support/test-db';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Two portals on one database and the machine's Mosquitto (MQTT_URL), as behind a balancer
// (issue 24): machine events come through the shared subscription `$share/portal/+/event/+`, so
// each is delivered to one portal; live data reaches both, for the browsers each one serves.
const MOSQUITTO = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
const run = randomBytes(4).toString('hex');
const envOf = (name: string) => ({ MQTT_URL: MOSQUITTO, MQTT_CLIENT_ID: `portal-${name}-${run}` });

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: TestPortal;
let b: TestPortal;
let alice: TestCustomer;
let tube: string;
const clients: MqttClient[] = [];
const keep = (client: MqttClient) => (clients.push(client), client);

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestPortal(envOf('a'), { database });
  b = await createTestPortal(envOf('b'), { database });
  for (const p of [a, b]) await p.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await createCustomer(a, 'alice');
  tube = await bindNewMachine(a, alice, 'T');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
});

/** The HTTP status a websocket upgrade on /mqtt gets (101 when it opens). */
const upgradeStatus = (url: string) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(url, 'mqtt');
    ws.on('unexpected-response', (_request, response) => (resolve(response.statusCode ?? 0), ws.terminate()));
    ws.on('open', () => (resolve(101), ws.close()));
    ws.on('error', () => resolve(-1));
  });
const wsOf = (p: TestPortal) => `ws://127.0.0.1:${(p.app.server.address() as { port: number }).port}/mqtt`;
const machine = async (orderNumber: string) =>
  keep(await connectMqtt(MOSQUITTO, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(a.app.telemetry.deviceKey, orderNumber) }));
const task = (id: string) => JSON.stringify({ EventId: id, TaskName: `part-${id}`, FileUrl: '', CuttingLength: 2, PunchingNum: 1, ProcessingTime: 30, EmptyLength: 0, StartTime: '2026-11-20T04:59:00Z', EndTime: '2026-11-20T05:00:00Z' });
const tasksOf = async (prefix: string) =>
  (await database.pool.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct (order_number, event_id))::int as distinct from machine_tasks where order_number like $1', [`${prefix}%`])).rows[0]!;
const stored = () => a.app.telemetry.stats().eventsStored + b.app.telemetry.stats().eventsStored;

describe('two portals on one Mosquitto', () => {
  it('store every machine event exactly once, each event taken by one of them', async () => {
    const before = { a: a.app.telemetry.stats().eventsStored, b: b.app.telemetry.stats().eventsStored };
    const machines = await Promise.all(Array.from({ length: 8 }, (_, i) => machine(`G3015-SH${run}${i}`)));
    await Promise.all(machines.flatMap((m, i) => Array.from({ length: 25 }, (_, j) => m.publishAsync(`G3015-SH${run}${i}/event/task`, task(`s${j}`), { qos: 1 }))));
    await expect.poll(() => tasksOf(`G3015-SH${run}`), { timeout: 10_000 }).toEqual({ n: 200, distinct: 200 });
    // Delivered once: the two portals together stored 200 events, not 400, and both took some.
    await expect.poll(stored, { timeout: 5_000 }).toBe(before.a + before.b + 200);
    expect(a.app.telemetry.stats().eventsStored).toBeGreaterThan(before.a);
    expect(b.app.telemetry.stats().eventsStored).toBeGreaterThan(before.b);
  });

  it('relay the live data of a machine to the browsers of both portals', async () => {
    const pages = await Promise.all([a, b].map(async (p) => keep(await connectMqtt(wsOf(p), { clientId: pageId(alice), username: alice.userId, password: alice.token }))));
    for (const page of pages) expect(await subscribeGranted(page, tube)).toBe(0);
    const m = await machine(tube);
    const arrived = pages.map((page) => nextMessage(page, tube));
    m.publish(tube, livePayload({ State: 1, W: 42 }));
    for (const message of await Promise.all(arrived)) expect(JSON.parse(String(message))).toEqual([{ KEY: 'State', VALUE: 1 }, { KEY: 'W', VALUE: 42 }]);
  });

  it('hand the events over: a draining portal answers readiness 503, takes no more events, and the other stores them all', async () => {
    await a.app.telemetry.handOver();
    const ready = await a.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ info: 'draining', ReturnData: { draining: true } });
    expect((await b.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    // No new live page on the draining portal: the page tries again and the balancer sends it on.
    expect(await upgradeStatus(wsOf(a))).toBe(503);
    expect(await upgradeStatus(wsOf(b))).toBe(101);
    const onA = a.app.telemetry.stats().eventsStored;
    const onB = b.app.telemetry.stats().eventsStored;
    const m = await machine(`G3015-HO${run}`);
    await Promise.all(Array.from({ length: 40 }, (_, j) => m.publishAsync(`G3015-HO${run}/event/task`, task(`h${j}`), { qos: 1 })));
    await expect.poll(() => tasksOf(`G3015-HO${run}`), { timeout: 10_000 }).toEqual({ n: 40, distinct: 40 });
    expect(a.app.telemetry.stats().eventsStored).toBe(onA);
    expect(b.app.telemetry.stats().eventsStored).toBe(onB + 40);
  });
});
