import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { connectMqtt, livePayload, nextMessage, openDataSocket, pageId, subscribeGranted } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// MQTT_URL: machines publish to the machine's Mosquitto (the CI service on 1883); the portal
// relays to browsers on its own /mqtt and answers the broker hooks. Mosquitto here runs without
// an auth plugin (mosquitto-go-auth is not packaged in Debian), so the hooks are checked with the
// exact requests go-auth and EMQX send.
const MOSQUITTO = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
const SERVICE = { username: 'portal-service', password: 'relay-secret' };
const HOOK_SECRET = 'hook-secret-of-the-tests';
const withService = (url: string) => url.replace('mqtt://', `mqtt://${SERVICE.username}:${SERVICE.password}@`);

let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceTube: string;
let aliceSheet: string;
let bobTube: string;
let wsUrl: string;
let dataUrl: string;
const clients: MqttClient[] = [];
const keep = (client: MqttClient) => (clients.push(client), client);

beforeAll(async () => {
  portal = await createTestPortal({ MQTT_URL: withService(MOSQUITTO), MQTT_CLIENT_ID: `portal-test-${process.pid}`, MQTT_HOOK_SECRET: HOOK_SECRET });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = portal.app.server.address() as { port: number };
  wsUrl = `ws://127.0.0.1:${port}/mqtt`;
  dataUrl = `ws://127.0.0.1:${port}/ws/data`;
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  aliceTube = await bindNewMachine(portal, alice, 'T');
  aliceSheet = await bindNewMachine(portal, alice, 'G');
  bobTube = await bindNewMachine(portal, bob, 'Q');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await portal?.close();
});

const machineOn = async (url: string, orderNumber: string) =>
  keep(await connectMqtt(url, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(portal.app.telemetry.deviceKey, orderNumber) }));
const browser = async (who: TestCustomer) => keep(await connectMqtt(wsUrl, { clientId: pageId(who), username: who.userId, password: who.token }));

describe('with MQTT_URL (Mosquitto)', () => {
  it('relays a machine on Mosquitto to its owner on the portal, and to the data service', async () => {
    expect(portal.app.telemetry.stats()).toMatchObject({ broker: 'external', externalConnected: true });
    const page = await browser(alice);
    expect(await subscribeGranted(page, aliceTube)).toBe(0);
    const tube = await machineOn(MOSQUITTO, aliceTube);
    const arrived = nextMessage(page, aliceTube);
    tube.publish(aliceTube, livePayload({ State: 0, W: 90 }));
    expect(JSON.parse(String(await arrived))).toEqual([{ KEY: 'State', VALUE: 0 }, { KEY: 'W', VALUE: 90 }]);

    const sheet = await machineOn(MOSQUITTO, aliceSheet);
    sheet.publish(aliceSheet, livePayload({ State: 3, Voltage: 5000 }));
    await expect.poll(() => portal.app.telemetry.live.latest(aliceSheet, 5_000)?.values.Voltage, { timeout: 3_000 }).toBe(5000);
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: alice.token });
    await socket.next();
    socket.send({ type: 'query', id: 1, orderNumber: aliceSheet, keys: ['State', 'Voltage'] });
    expect(await socket.next()).toMatchObject({ type: 'values', values: { State: 3, Voltage: 5000 } });
    socket.ws.close();
  });

  it("keeps a customer on the portal's /mqtt away from another customer's machine", async () => {
    const page = await browser(alice);
    expect(await subscribeGranted(page, bobTube)).toBe(128);
    expect(await subscribeGranted(page, '#')).toBe(128);
    const bobs = await machineOn(MOSQUITTO, bobTube);
    const leaked = nextMessage(page, bobTube, 1_500);
    bobs.publish(bobTube, livePayload({ State: 1 }));
    expect(await leaked).toBeNull();
  });
});

describe('broker hooks', () => {
  const hook = async (action: string, body: Record<string, unknown>, headers: Record<string, string> = { 'x-hook-secret': HOOK_SECRET }, remoteAddress = '127.0.0.1') => {
    const res = await portal.app.inject({ method: 'POST', url: `/api/Mqtt/${action}`, payload: body, headers, remoteAddress });
    return { status: res.statusCode, body: res.json() };
  };

  it('authenticates like the embedded broker (mosquitto-go-auth status mode and EMQX result)', async () => {
    const machine = await hook('Auth', { username: `machine:${aliceTube}`, password: machinePassword(portal.app.telemetry.deviceKey, aliceTube), clientid: aliceTube });
    expect(machine).toMatchObject({ status: 200, body: { code: 200, result: 'allow', ok: true } });
    expect(await hook('Auth', { username: `machine:${aliceTube}`, password: 'guess', clientid: aliceTube })).toMatchObject({ status: 403, body: { result: 'deny', ok: false } });
    expect((await hook('Auth', { username: alice.userId, password: alice.token, clientid: pageId(alice) })).status).toBe(200);
    expect((await hook('Auth', { username: bob.userId, password: alice.token, clientid: pageId(bob) })).status).toBe(403);
    expect((await hook('Superuser', { username: alice.userId })).status).toBe(403);
  });

  it("binds client ids to who logs in: a customer cannot connect as a machine's id or another customer's (issue 21, item 1)", async () => {
    expect((await hook('Auth', { username: alice.userId, password: alice.token, clientid: bobTube })).status).toBe(403);
    expect((await hook('Auth', { username: alice.userId, password: alice.token, clientid: pageId(bob) })).status).toBe(403);
    expect((await hook('Auth', { username: alice.userId, password: alice.token, clientid: `sim-${bobTube}` })).status).toBe(403);
    const key = portal.app.telemetry.deviceKey;
    expect((await hook('Auth', { username: `machine:${aliceTube}`, password: machinePassword(key, aliceTube), clientid: bobTube })).status).toBe(403);
    expect((await hook('Acl', { username: alice.userId, clientid: bobTube, topic: aliceTube, acc: 4 })).status).toBe(403);
    expect((await hook('Acl', { username: `machine:${aliceTube}`, clientid: bobTube, topic: aliceTube, acc: 2 })).status).toBe(403);
  });

  it('applies the topic rules for go-auth (acc) and EMQX (action)', async () => {
    const idOf = (username: unknown) => (typeof username === 'string' && username.startsWith('machine:') ? username.slice(8) : username === SERVICE.username ? 'portal' : `web-${String(username)}-c`);
    const allowed = async (body: Record<string, unknown>) => (await hook('Acl', { clientid: idOf(body.username), ...body })).status === 200;
    expect(await allowed({ username: alice.userId, topic: aliceTube, acc: 4 })).toBe(true);
    expect(await allowed({ username: alice.userId, topic: aliceTube, action: 'subscribe' })).toBe(true);
    expect(await allowed({ username: alice.userId, topic: bobTube, acc: 4 })).toBe(false);
    expect(await allowed({ username: alice.userId, topic: bobTube, acc: 1 })).toBe(false);
    expect(await allowed({ username: alice.userId, topic: '#', acc: 4 })).toBe(false);
    // A user name that is no user id owns nothing (found by the fuzzing: it was a database error).
    expect(await allowed({ username: "' OR '1'='1", topic: aliceTube, acc: 4 })).toBe(false);
    expect(await allowed({ username: alice.userId, topic: aliceTube, acc: 2 })).toBe(false);
    expect(await allowed({ username: alice.userId, topic: aliceTube, action: 'publish' })).toBe(false);
    expect(await allowed({ username: `machine:${aliceTube}`, topic: aliceTube, acc: 2 })).toBe(true);
    expect(await allowed({ username: `machine:${aliceTube}`, topic: `${aliceTube}/event/task`, action: 'publish' })).toBe(true);
    expect(await allowed({ username: `machine:${aliceTube}`, topic: bobTube, acc: 2 })).toBe(false);
    expect(await allowed({ username: `machine:${aliceTube}`, topic: aliceTube, acc: 4 })).toBe(false);
    expect(await allowed({ username: SERVICE.username, topic: '+', acc: 4 })).toBe(true);
    expect(await allowed({ username: SERVICE.username, topic: '+', acc: 2 })).toBe(false);
  });

  it('answers only the broker that sends the hook secret, from any address, loopback included (issue 21, item 8)', async () => {
    const body = { username: `machine:${aliceTube}`, password: machinePassword(portal.app.telemetry.deviceKey, aliceTube), clientid: aliceTube };
    expect(await hook('Auth', body, {}, '198.51.100.4')).toMatchObject({ status: 403, body: { code: 403 } });
    // Loopback is no credential: behind a reverse proxy on the same host it is everyone.
    for (const local of ['127.0.0.1', '127.0.0.2', '::ffff:127.0.0.1', '::1']) expect((await hook('Auth', body, {}, local)).status, local).toBe(403);
    expect((await hook('Auth', body, { 'x-hook-secret': HOOK_SECRET }, '198.51.100.4')).status).toBe(200);
  });

  it('without MQTT_HOOK_SECRET, answers nobody', async () => {
    const open = await createTestPortal({ MQTT_URL: '' });
    try {
      const body = { username: 'machine:X-1', password: machinePassword(open.app.telemetry.deviceKey, 'X-1'), clientid: 'X-1' };
      const res = await open.app.inject({ method: 'POST', url: '/api/Mqtt/Auth', payload: body, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('with MQTT_HOOK_SECRET, answers only callers that send it', async () => {
    const guarded = await createTestPortal({ MQTT_URL: '', MQTT_HOOK_SECRET: 'hook-secret-1' });
    try {
      const body = { username: 'machine:X-1', password: machinePassword(guarded.app.telemetry.deviceKey, 'X-1'), clientid: 'X-1' };
      const send = (headers: Record<string, string>) => guarded.app.inject({ method: 'POST', url: '/api/Mqtt/Auth', payload: body, headers });
      expect((await send({})).statusCode).toBe(403);
      expect((await send({ 'x-hook-secret': 'wrong' })).statusCode).toBe(403);
      expect((await send({ 'x-hook-secret': 'hook-secret-1' })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('a restarted external broker', () => {
  let dir: string;
  let broker: ChildProcess | null = null;
  let port: number;
  const startMosquitto = () =>
    new Promise<void>((resolve, reject) => {
      broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
      broker.once('error', reject);
      const deadline = Date.now() + 5_000;
      const probe = () =>
        connectMqtt(`mqtt://127.0.0.1:${port}`, {}).then(
          (c) => c.endAsync(true).then(() => resolve()),
          () => (Date.now() > deadline ? reject(new Error('mosquitto did not start')) : setTimeout(probe, 100)),
        );
      probe();
    });
  const stopMosquitto = () =>
    new Promise<void>((resolve) => {
      if (!broker || broker.exitCode !== null) return resolve();
      broker.once('exit', () => resolve());
      broker.kill('SIGTERM');
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mosquitto-'));
    port = await freePort();
    writeFileSync(path.join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
    await startMosquitto();
  });
  afterAll(async () => {
    await stopMosquitto();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is subscribed again by the portal after it comes back', async () => {
    const relayed = await createTestPortal({ MQTT_URL: withService(`mqtt://127.0.0.1:${port}`), MQTT_CLIENT_ID: `portal-restart-${process.pid}` });
    try {
      const carol = await createCustomer(relayed, 'carol');
      const tube = await bindNewMachine(relayed, carol, 'M');
      const url = `mqtt://127.0.0.1:${port}`;
      const publishOnce = async (x: number) => {
        const m = await connectMqtt(url, { username: `machine:${tube}`, password: machinePassword(relayed.app.telemetry.deviceKey, tube) });
        await m.publishAsync(tube, livePayload({ State: 0, X: x }));
        await m.endAsync();
      };
      await publishOnce(1);
      await expect.poll(() => relayed.app.telemetry.live.latest(tube, 5_000)?.values.X, { timeout: 3_000 }).toBe(1);
      await stopMosquitto();
      await expect.poll(() => relayed.app.telemetry.stats().externalConnected, { timeout: 5_000 }).toBe(false);
      await startMosquitto();
      await expect.poll(() => relayed.app.telemetry.stats().externalConnected, { timeout: 10_000 }).toBe(true);
      await expect
        .poll(
          async () => {
            await publishOnce(2);
            return relayed.app.telemetry.live.latest(tube, 5_000)?.values.X;
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBe(2);
    } finally {
      await relayed.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
