import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateMosquitto, type PrivateMosquitto } from '../../scripts/faults/private-services';
import { loadConfig } from '../../src/server/config';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { EVENT_SHARE, EVENT_TOPICS } from '../../src/server/telemetry/event-subscription';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { connectMqtt, livePayload, nextMessage, pageId, subscribeGranted } from '../support/mqtt-clients';
import { createTestDatabase } from '../support/test-db';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// @store: portals inserting the same events at once: the unique index decides, under the server's concurrency.

// Several portals on one database and one Mosquitto (MQTT_URL), as behind a balancer (issue 24).
// Each part has a private Mosquitto of its own, so no other portal's session (on the machine's
// 1883, or of another part here) takes the events. By default (MQTT_EVENT_SUBSCRIPTION=each,
// ADR 0022) each portal subscribes to `+/event/+`: all get every event, and the event ids keep each
// stored once. With `shared`, through `$share/portal/+/event/+`, each event goes to one portal.
// Live data reaches every portal, for the browsers each one serves.
const run = randomBytes(4).toString('hex');
const SHARED = { MQTT_EVENT_SUBSCRIPTION: 'shared' };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clients: MqttClient[] = [];
const keep = (client: MqttClient) => (clients.push(client), client);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await database?.drop();
});

/** A private Mosquitto for one describe block, and the portals opened on it (closed with it). */
function onOwnMosquitto() {
  const state = { mosquitto: null as PrivateMosquitto | null, portals: [] as TestPortal[] };
  beforeAll(async () => {
    state.mosquitto = await startPrivateMosquitto();
  });
  afterAll(async () => {
    await Promise.all(state.portals.map((p) => p.close()));
    await state.mosquitto?.close();
  });
  const url = () => `mqtt://127.0.0.1:${state.mosquitto!.port}`;
  return {
    url,
    async portal(name: string, env: Record<string, string> = {}) {
      const portal = await createTestPortal({ MQTT_URL: url(), MQTT_CLIENT_ID: `portal-${name}-${run}`, ...env }, { database });
      state.portals.push(portal);
      await portal.app.listen({ port: 0, host: '127.0.0.1' });
      return portal;
    },
    async close(portal: TestPortal) {
      state.portals.splice(state.portals.indexOf(portal), 1);
      await portal.close();
    },
    async machine(orderNumber: string, deviceKey: string) {
      return keep(await connectMqtt(url(), { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(deviceKey, orderNumber) }));
    },
  };
}

/** The HTTP status a websocket upgrade on /mqtt gets (101 when it opens). */
const upgradeStatus = (url: string) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(url, 'mqtt');
    ws.on('unexpected-response', (_request, response) => (resolve(response.statusCode ?? 0), ws.terminate()));
    ws.on('open', () => (resolve(101), ws.close()));
    ws.on('error', () => resolve(-1));
  });
const wsOf = (p: TestPortal) => `ws://127.0.0.1:${(p.app.server.address() as { port: number }).port}/mqtt`;
const task = (id: string) => JSON.stringify({ EventId: id, TaskName: `part-${id}`, FileUrl: '', CuttingLength: 2, PunchingNum: 1, ProcessingTime: 30, EmptyLength: 0, StartTime: '2026-11-20T04:59:00Z', EndTime: '2026-11-20T05:00:00Z' });
const tasksOf = async (prefix: string) =>
  (await database.pool.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct (order_number, event_id))::int as distinct from machine_tasks where order_number like $1', [`${prefix}%`])).rows[0]!;
/** The kept task total of each machine (what the report pages show as the total). */
const countsOf = async (prefix: string) =>
  (await database.pool.query<{ tasks: number }>('select tasks::int from machine_task_counts where order_number like $1 order by order_number', [`${prefix}%`])).rows.map((r) => r.tasks);
const storedBy = (p: TestPortal) => p.app.telemetry.stats().eventsStored;

/** `machines` machines publish `each` task events apiece (QoS 1), all at once. */
async function publishTasks(broker: ReturnType<typeof onOwnMosquitto>, deviceKey: string, prefix: string, machines: number, each: number) {
  const clients = await Promise.all(Array.from({ length: machines }, (_, i) => broker.machine(`${prefix}${i}`, deviceKey)));
  await Promise.all(clients.flatMap((m, i) => Array.from({ length: each }, (_, j) => m.publishAsync(`${prefix}${i}/event/task`, task(`s${j}`), { qos: 1 }))));
}

/**
 * After a hand-over: a machine's 40 events are all stored once, every one by `taker`; with `shared`
 * none by the draining `drained` (with `each` it keeps its subscription: the second insert is a no-op).
 */
async function expectTakenBy(broker: ReturnType<typeof onOwnMosquitto>, taker: TestPortal, drained: TestPortal, prefix: string, drainedTakes: 'none' | 'any') {
  const [onTaker, onDrained] = [storedBy(taker), storedBy(drained)];
  await publishTasks(broker, taker.app.telemetry.deviceKey, prefix, 1, 40);
  await expect.poll(() => tasksOf(prefix), { timeout: 10_000 }).toEqual({ n: 40, distinct: 40 });
  await expect.poll(() => storedBy(taker), { timeout: 5_000 }).toBe(onTaker + 40);
  if (drainedTakes === 'none') expect(storedBy(drained)).toBe(onDrained);
}

describe('two portals on one Mosquitto (MQTT_EVENT_SUBSCRIPTION=each, the default)', () => {
  const broker = onOwnMosquitto();
  let a: TestPortal;
  let b: TestPortal;
  let alice: TestCustomer;
  let tube: string;
  beforeAll(async () => {
    a = await broker.portal('a');
    b = await broker.portal('b');
    alice = await createCustomer(a, 'alice');
    tube = await bindNewMachine(a, alice, 'T');
  });

  it('both get every machine event; each is stored once and the task counts grow by the rows inserted', async () => {
    const before = [storedBy(a), storedBy(b)];
    const prefix = `G3015-EA${run}`;
    await publishTasks(broker, a.app.telemetry.deviceKey, prefix, 8, 25);
    await expect.poll(() => tasksOf(prefix), { timeout: 10_000 }).toEqual({ n: 200, distinct: 200 });
    // Each portal stored (acknowledged) all 200: the second insert of an event is a no-op.
    await expect.poll(() => [storedBy(a) - before[0]!, storedBy(b) - before[1]!], { timeout: 10_000 }).toEqual([200, 200]);
    // Each machine's total is 25, not 50.
    expect(await countsOf(prefix)).toEqual(Array(8).fill(25));
  });

  it('relay the live data of a machine to the browsers of both portals', async () => {
    const pages = await Promise.all([a, b].map(async (p) => keep(await connectMqtt(wsOf(p), { clientId: pageId(alice), username: alice.userId, password: alice.token }))));
    for (const page of pages) expect(await subscribeGranted(page, tube)).toBe(0);
    const m = await broker.machine(tube, a.app.telemetry.deviceKey);
    const arrived = pages.map((page) => nextMessage(page, tube));
    m.publish(tube, livePayload({ State: 1, W: 42 }));
    for (const message of await Promise.all(arrived)) expect(JSON.parse(String(message))).toEqual([{ KEY: 'State', VALUE: 1 }, { KEY: 'W', VALUE: 42 }]);
  });

  it('hand the events over: a draining portal answers readiness 503 and the other stores them all', async () => {
    await a.app.telemetry.handOver();
    const ready = await a.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ info: 'draining', ReturnData: { draining: true } });
    expect((await b.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    // No new live page on the draining portal: the page tries again and the balancer sends it on.
    expect(await upgradeStatus(wsOf(a))).toBe(503);
    expect(await upgradeStatus(wsOf(b))).toBe(101);
    await expectTakenBy(broker, b, a, `G3015-HO${run}`, 'any');
  });
});

describe('a portal alone on a Mosquitto (MQTT_EVENT_SUBSCRIPTION=each)', () => {
  const broker = onOwnMosquitto();

  it('restarted with a hand-over, it stores the events sent while it was away (its session kept the subscription)', async () => {
    const first = await broker.portal('lone');
    const deviceKey = first.app.telemetry.deviceKey;
    await first.app.telemetry.handOver();
    await broker.close(first);
    const prefix = `G3015-LO${run}`;
    // The broker acknowledges these to the machines while no portal is connected.
    await publishTasks(broker, deviceKey, prefix, 2, 15);
    await broker.portal('lone');
    await expect.poll(() => tasksOf(prefix), { timeout: 15_000 }).toEqual({ n: 30, distinct: 30 });
    expect(await countsOf(prefix)).toEqual([15, 15]);
  });
});

describe('two portals on one Mosquitto with MQTT_EVENT_SUBSCRIPTION=shared', () => {
  const broker = onOwnMosquitto();
  let c: TestPortal;
  let d: TestPortal;
  beforeAll(async () => {
    c = await broker.portal('c', SHARED);
    d = await broker.portal('d', SHARED);
  });

  it('store every machine event exactly once, each event taken by one of them', async () => {
    const before = [storedBy(c), storedBy(d)];
    const prefix = `G3015-SH${run}`;
    await publishTasks(broker, c.app.telemetry.deviceKey, prefix, 8, 25);
    await expect.poll(() => tasksOf(prefix), { timeout: 10_000 }).toEqual({ n: 200, distinct: 200 });
    // Delivered once: the two portals together stored 200 events, not 400, and both took some.
    await expect.poll(() => storedBy(c) + storedBy(d), { timeout: 5_000 }).toBe(before[0]! + before[1]! + 200);
    expect(storedBy(c)).toBeGreaterThan(before[0]!);
    expect(storedBy(d)).toBeGreaterThan(before[1]!);
    expect(await countsOf(prefix)).toEqual(Array(8).fill(25));
  });

  it('hand the events over: a draining portal takes no more events, and the other stores them all', async () => {
    await c.app.telemetry.handOver();
    await expectTakenBy(broker, d, c, `G3015-HS${run}`, 'none');
  });
});

describe('a portal that switches MQTT_EVENT_SUBSCRIPTION on a session the broker kept', () => {
  const broker = onOwnMosquitto();

  /** The session a portal of the other mode left when it crashed (no hand-over): it holds that mode's event subscription. */
  async function leaveSession(clientId: string, topic: string) {
    const old = mqtt.connect(broker.url(), { clientId, protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 3600 }, reconnectPeriod: 0 });
    await new Promise((resolve, reject) => (old.once('connect', resolve), old.once('error', reject)));
    await old.subscribeAsync(topic, { qos: 1 });
    await old.endAsync(true);
  }

  for (const [from, to, topic] of [
    ['shared', 'each', EVENT_SHARE],
    ['each', 'shared', EVENT_TOPICS],
  ] as const) {
    it(`from ${from} to ${to}: leaves the old subscription, so each event comes once`, async () => {
      await leaveSession(`portal-${to}-${run}`, topic);
      const portal = await broker.portal(to, to === 'shared' ? SHARED : {});
      const before = storedBy(portal);
      const prefix = `G3015-W${to === 'each' ? 'E' : 'S'}${run}`;
      await publishTasks(broker, portal.app.telemetry.deviceKey, prefix, 1, 20);
      await expect.poll(() => tasksOf(prefix), { timeout: 10_000 }).toEqual({ n: 20, distinct: 20 });
      await expect.poll(() => storedBy(portal), { timeout: 5_000 }).toBe(before + 20);
      // Through two subscriptions each event would come a second time: give it the time to.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(storedBy(portal)).toBe(before + 20);
      await broker.close(portal);
    });
  }
});

describe('MQTT_EVENT_SUBSCRIPTION', () => {
  it('is each by default, shared when asked, and refused otherwise', () => {
    expect(loadConfig({}).mqttEventSubscription).toBe('each');
    expect(loadConfig({ MQTT_EVENT_SUBSCRIPTION: 'shared' }).mqttEventSubscription).toBe('shared');
    expect(loadConfig({ MQTT_EVENT_SUBSCRIPTION: ' Each ' }).mqttEventSubscription).toBe('each');
    expect(() => loadConfig({ MQTT_EVENT_SUBSCRIPTION: 'share' })).toThrow(/MQTT_EVENT_SUBSCRIPTION must be "each" or "shared"/);
  });
});
