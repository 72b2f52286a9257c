import type { MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { closedWithin, connectMqtt, listenForPages, livePayload, nextMessage, openDataSocket, pageId, subscribeGranted } from '../support/mqtt-clients';
import { MAX_CONNECTIONS_PER_USER } from '../../src/server/telemetry/live-sessions';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The embedded broker over real sockets: machines on TCP, browsers on the /mqtt websocket.
let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceTube: string;
let aliceSheet: string;
let bobTube: string;
let tcpUrl: string;
let wsUrl: string;
let dataUrl: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  portal = await createTestPortal();
  ({ wsUrl, dataUrl } = await listenForPages(portal.app));
  const mqttPort = await portal.app.telemetry.broker.listenTcp(0, '127.0.0.1');
  tcpUrl = `mqtt://127.0.0.1:${mqttPort}`;
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  aliceTube = await bindNewMachine(portal, alice, 'T');
  aliceSheet = await bindNewMachine(portal, alice, 'G');
  bobTube = await bindNewMachine(portal, bob, 'K');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await portal.close();
});

const keep = (client: MqttClient) => (clients.push(client), client);
const machine = async (orderNumber: string) =>
  keep(await connectMqtt(tcpUrl, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(portal.app.telemetry.deviceKey, orderNumber) }));
const browser = async (who: TestCustomer) => keep(await connectMqtt(wsUrl, { clientId: pageId(who), username: who.userId, password: who.token }));

describe('embedded broker: who may connect', () => {
  it('lets a machine in with its HMAC password and a browser with its UserId and session token', async () => {
    expect((await machine(aliceTube)).connected).toBe(true);
    expect((await browser(alice)).connected).toBe(true);
  });

  it('refuses a wrong machine password, a token under another UserId, an unknown token and a logged-out session', async () => {
    await expect(connectMqtt(tcpUrl, { clientId: aliceTube, username: `machine:${aliceTube}`, password: machinePassword('another key', aliceTube) })).rejects.toThrow(/authori|password/i);
    await expect(connectMqtt(wsUrl, { clientId: pageId(bob), username: bob.userId, password: alice.token })).rejects.toThrow(/authori|password/i);
    await expect(connectMqtt(wsUrl, { clientId: pageId(alice), username: alice.userId, password: 'not-a-token' })).rejects.toThrow(/authori|password/i);
    await expect(connectMqtt(tcpUrl, { username: alice.userId })).rejects.toThrow(/authori|password/i);
    const carol = await createCustomer(portal, 'carol');
    await portal.call('Login/UserLogout', {}, carol.token);
    await expect(connectMqtt(wsUrl, { clientId: pageId(carol), username: carol.userId, password: carol.token })).rejects.toThrow(/authori|password/i);
  });
});

describe('embedded broker: client ids are bound to who logs in (issue 21, item 1)', () => {
  it("refuses a customer who takes a machine's client id or another customer's, and the machine and page stay connected", async () => {
    const publisher = await machine(bobTube);
    const alicePageId = pageId(alice);
    const alicePage = keep(await connectMqtt(wsUrl, { clientId: alicePageId, username: alice.userId, password: alice.token }));
    // The probe's attack: reconnecting with the machine's id every 300 ms.
    for (let i = 0; i < 3; i++) {
      await expect(connectMqtt(wsUrl, { clientId: bobTube, username: alice.userId, password: alice.token })).rejects.toThrow(/authori|password/i);
      await expect(connectMqtt(wsUrl, { clientId: alicePageId, username: bob.userId, password: bob.token })).rejects.toThrow(/authori|password/i);
      await new Promise((r) => setTimeout(r, 300));
    }
    await expect(connectMqtt(tcpUrl, { clientId: bobTube, username: `machine:${aliceTube}`, password: machinePassword(portal.app.telemetry.deviceKey, aliceTube) })).rejects.toThrow(/authori|password/i);
    await expect(connectMqtt(wsUrl, { username: alice.userId, password: alice.token })).rejects.toThrow(/authori|password/i);
    expect(publisher.connected).toBe(true);
    expect(alicePage.connected).toBe(true);
    const page = await browser(bob);
    expect(await subscribeGranted(page, bobTube)).toBe(0);
    const arrived = nextMessage(page, bobTube);
    publisher.publish(bobTube, livePayload({ State: 1 }));
    expect(await arrived).not.toBeNull();
  });

  it('lets a machine reconnect with its own id, replacing only its own stale connection', async () => {
    const first = await machine(aliceTube);
    const second = await machine(aliceTube);
    expect(await closedWithin(first, 2_000)).toBe(true);
    expect(second.connected).toBe(true);
  });
});

describe('embedded broker: topics', () => {
  it("delivers a machine's live message to its owner's browser", async () => {
    const page = await browser(alice);
    expect(await subscribeGranted(page, aliceTube)).toBe(0);
    const publisher = await machine(aliceTube);
    const arrived = nextMessage(page, aliceTube);
    publisher.publish(aliceTube, livePayload({ State: 0, X: 12.5 }));
    expect(JSON.parse(String(await arrived))).toEqual([{ KEY: 'State', VALUE: 0 }, { KEY: 'X', VALUE: 12.5 }]);
  });

  it('sends a browser each message as one whole websocket frame, not one per chunk mqtt-packet writes (ADR 0009)', async () => {
    const ws = new WebSocket(wsUrl, 'mqtt');
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    const frames: Buffer[] = [];
    const packets: mqttPacket.Packet[] = [];
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet) => packets.push(packet));
    ws.on('message', (data: Buffer) => (frames.push(data), parser.parse(data)));
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const values = (packet: mqttPacket.Packet) => JSON.parse(String((packet as mqttPacket.IPublishPacket).payload));
    ws.send(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, clientId: `web-${alice.userId}-frames`, keepalive: 0, username: alice.userId, password: Buffer.from(alice.token) }));
    ws.send(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: aliceTube, qos: 0 }] }));
    await until(() => packets.some((p) => p.cmd === 'suback'));
    frames.length = 0;
    packets.length = 0;

    const publisher = await machine(aliceTube);
    publisher.publish(aliceTube, livePayload({ State: 1, X: 3 }));
    await until(() => packets.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames).toHaveLength(1);
    expect(packets).toMatchObject([{ cmd: 'publish', topic: aliceTube }]);
    expect(values(packets[0])).toEqual([{ KEY: 'State', VALUE: 1 }, { KEY: 'X', VALUE: 3 }]);

    // Twenty at once: every message whole, in order, a frame each.
    frames.length = 0;
    packets.length = 0;
    for (let x = 0; x < 20; x++) publisher.publish(aliceTube, livePayload({ X: x }));
    await until(() => packets.length >= 20);
    ws.close();
    expect(packets.map(values)).toEqual(Array.from({ length: 20 }, (_, x) => [{ KEY: 'X', VALUE: x }]));
    expect(frames).toHaveLength(20);
  });

  it("refuses a customer's subscription to another customer's machine and to wildcards, and delivers nothing from them", async () => {
    const page = await browser(alice);
    for (const topic of [bobTube, '#', '+', `${bobTube}/event/+`, `${aliceTube}/event/task`, '$SYS/#']) {
      expect(await subscribeGranted(page, topic), topic).toBe(128);
    }
    const bobs = await machine(bobTube);
    const leaked = nextMessage(page, bobTube, 1_500);
    bobs.publish(bobTube, livePayload({ State: 1 }));
    expect(await leaked).toBeNull();
  });

  it('never lets a browser publish: the connection is closed and nothing is delivered', async () => {
    const watcher = await browser(alice);
    await subscribeGranted(watcher, aliceTube);
    const forged = nextMessage(watcher, aliceTube, 1_500);
    const page = await browser(alice);
    page.publish(aliceTube, livePayload({ State: 3 }));
    expect(await closedWithin(page, 2_000)).toBe(true);
    expect(await forged).toBeNull();
  });

  it("keeps a machine to its own topics: another machine's topic closes it, subscriptions are refused", async () => {
    const page = await browser(bob);
    await subscribeGranted(page, bobTube);
    const forged = nextMessage(page, bobTube, 1_500);
    const rogue = await machine(aliceTube);
    expect(await subscribeGranted(rogue, aliceTube)).toBe(128);
    rogue.publish(bobTube, livePayload({ State: 3 }));
    expect(await closedWithin(rogue, 2_000)).toBe(true);
    expect(await forged).toBeNull();
  });

  it('drops and counts malformed live messages without harm, and keeps delivering good ones', async () => {
    // A sheet page watches the machine (the data service reads every message of watched machines).
    portal.app.telemetry.live.latest(aliceSheet, 5_000);
    const publisher = await machine(aliceSheet);
    const before = portal.app.telemetry.stats();
    for (const bad of ['not json', '{}', '[]', '[{"KEY":"X"}]', '[{"KEY":"__proto__","VALUE":1}]', JSON.stringify([{ KEY: 'X', VALUE: 'y'.repeat(600) }])]) {
      publisher.publish(aliceSheet, bad);
    }
    publisher.publish(aliceSheet, livePayload({ State: 3, X: 1 }));
    await expect.poll(() => portal.app.telemetry.stats().messagesAccepted, { timeout: 3_000 }).toBe(before.messagesAccepted + 1);
    expect(portal.app.telemetry.stats().messagesDropped).toBe(before.messagesDropped + 6);
    expect(portal.app.telemetry.live.latest(aliceSheet, 5_000)?.values).toMatchObject({ State: 3, X: 1 });
  });
});

describe('ending a session closes its live connections (issue 21, item 2)', () => {
  const watching = async (who: TestCustomer, tube: string, sheet: string) => {
    const page = await browser(who);
    expect(await subscribeGranted(page, tube)).toBe(0);
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: who.token });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'query', id: 1, orderNumber: sheet, keys: ['State'] });
    expect((await socket.next()).type).not.toBe('error');
    return { page, socket };
  };

  it('after Login/UserLogout: the /mqtt connection gets no new subscription and closes within seconds, and /ws/data closes', async () => {
    const dave = await createCustomer(portal, 'dave');
    const tube = await bindNewMachine(portal, dave, 'T');
    const sheet = await bindNewMachine(portal, dave, 'G');
    const { page, socket } = await watching(dave, tube, sheet);
    const other = await bindNewMachine(portal, dave, 'T');
    expect((await portal.call('Login/UserLogout', {}, dave.token)).body.code).toBe(200);
    const started = Date.now();
    // Before the connection is closed, a subscription is checked against the (ended) session.
    expect(await subscribeGranted(page, other).catch(() => 'closed')).not.toBe(0);
    expect(await closedWithin(page, 5_000)).toBe(true);
    expect(await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('open'), 5_000))])).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5_000);
    // And nothing more: the token cannot open a new one.
    await expect(browser(dave)).rejects.toThrow(/authori|password/i);
  });

  it('closes them too when the account stops being active (staff removal) or all its sessions are revoked (password reset)', async () => {
    const erin = await createCustomer(portal, 'erin');
    const tube = await bindNewMachine(portal, erin, 'T');
    const sheet = await bindNewMachine(portal, erin, 'G');
    const first = await watching(erin, tube, sheet);
    await portal.services.users.setStatus(erin.userId, 'rejected');
    expect(await closedWithin(first.page, 5_000)).toBe(true);
    expect(await Promise.race([first.socket.closed, new Promise((r) => setTimeout(() => r('open'), 5_000))])).toBe(4401);
    await portal.services.users.setStatus(erin.userId, 'active');
    const again = await watching(erin, tube, sheet);
    await portal.services.infrastructure.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${erin.userId}`);
    expect(await closedWithin(again.page, 5_000)).toBe(true);
    expect(await Promise.race([again.socket.closed, new Promise((r) => setTimeout(() => r('open'), 5_000))])).toBe(4401);
  });

  it("leaves other sessions' connections open", async () => {
    const page = await browser(alice);
    expect(await subscribeGranted(page, aliceTube)).toBe(0);
    const other = await portal.login(alice.account, 'secret-alice-pass');
    expect((await portal.call('Login/UserLogout', {}, other.token)).body.code).toBe(200);
    // A sweep of the live connections that starts after the logout (one under way may have read the
    // sessions before it; the second starts after it) leaves this session's connection open and serving.
    await portal.app.telemetry.liveSessions.sweep();
    await portal.app.telemetry.liveSessions.sweep();
    expect(await subscribeGranted(page, aliceTube)).toBe(0);
    expect(page.connected).toBe(true);
  });
});

describe('live connections per user are capped (issue 21, item 9)', () => {
  it('refuses the 21st live connection of a user, on /mqtt and /ws/data, and takes one again when another closes', async () => {
    const fay = await createCustomer(portal, 'fay');
    const pages: MqttClient[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++) pages.push(await browser(fay));
    await expect(browser(fay)).rejects.toThrow();
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: fay.token });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 429 });
    expect(await socket.closed).toBe(4429);
    // Another customer is not affected.
    expect((await browser(alice)).connected).toBe(true);
    await pages[0].endAsync(true);
    await expect.poll(async () => (await browser(fay).then(() => true, () => false)), { timeout: 3_000 }).toBe(true);
  });
});

describe('websocket data service', () => {
  it('answers the group query with the latest values of the asked keys', async () => {
    const publisher = await machine(aliceSheet);
    publisher.publish(aliceSheet, livePayload({ State: 3, X: 101.5, Y: 20, Voltage: 4200 }));
    await expect.poll(() => portal.app.telemetry.live.latest(aliceSheet, 5_000)?.values.X, { timeout: 3_000 }).toBe(101.5);
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: alice.token });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'query', id: 1, orderNumber: aliceSheet, keys: ['State', 'X', 'Voltage', 'Missing'] });
    const answer = await socket.next();
    expect(answer).toMatchObject({ type: 'values', id: 1, orderNumber: aliceSheet, values: { State: 3, X: 101.5, Voltage: 4200 } });
    expect(answer.values).not.toHaveProperty('Y');
    expect(Date.parse(answer.at)).toBeGreaterThan(Date.now() - 10_000);
    socket.ws.close();
  });

  it('answers server-message offline for a machine that has been silent', async () => {
    const quiet = await bindNewMachine(portal, alice, 'P');
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: alice.token });
    await socket.next();
    socket.send({ type: 'query', id: 'q', orderNumber: quiet, keys: ['State'] });
    expect(await socket.next()).toEqual({ type: 'server-message', id: 'q', orderNumber: quiet, info: 'offline' });
    socket.ws.close();
  });

  it("answers someone else's machine exactly like an unknown one, with no values", async () => {
    const bobs = await machine(bobTube);
    bobs.publish(bobTube, livePayload({ State: 0, X: 5 }));
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: alice.token });
    await socket.next();
    socket.send({ type: 'query', id: 2, orderNumber: bobTube, keys: [] });
    socket.send({ type: 'query', id: 3, orderNumber: 'UNKNOWN-1', keys: [] });
    // Each query is answered when its lookup is done: matched by id, not by order.
    const [theirs, unknown] = [await socket.next(), await socket.next()].sort((a, b) => Number(a.id) - Number(b.id));
    expect(theirs).toEqual({ type: 'error', id: 2, code: 404, info: '未查询到数据' });
    expect(unknown).toEqual({ type: 'error', id: 3, code: 404, info: '未查询到数据' });
    socket.ws.close();
  });

  it('answers nothing before auth, and closes a socket whose token is not valid', async () => {
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'query', id: 1, orderNumber: aliceSheet, keys: ['State'] });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 401 });
    socket.send({ type: 'auth', token: 'forged' });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 401 });
    expect(await socket.closed).toBe(4401);
  });

  it('refuses websocket upgrades on any other path', async () => {
    const { port } = portal.app.server.address() as { port: number };
    await expect(openDataSocket(`ws://127.0.0.1:${port}/ws/other`)).rejects.toThrow();
  });
});
