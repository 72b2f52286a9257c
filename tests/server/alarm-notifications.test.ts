import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEAR_HOLD_MS, OFFLINE_AFTER_MS } from '../../src/domain/alarms/alarm-episode';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { connectMqtt, livePayload } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 39 item 1: a machine's trouble reaches its owner once per episode, by bell, e-mail and
// signed webhooks in each robot format, through the real broker and a local HTTP receiver.

interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local webhook receiver: keeps every request, answers 500 to the first `failFirst` of a path. */
class Receiver {
  readonly requests: Received[] = [];
  private server!: Server;
  private waiters: { path: string; count: number; resolve: () => void }[] = [];
  readonly failures = new Map<string, number>();
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const left = this.failures.get(url.pathname) ?? 0;
        if (left > 0) {
          this.failures.set(url.pathname, left - 1);
          res.writeHead(500).end('not now');
          return;
        }
        this.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end(url.pathname === '/wecom' || url.pathname === '/ding' ? '{"errcode":0}' : '{}');
        this.waiters = this.waiters.filter((w) => (this.of(w.path).length >= w.count ? (w.resolve(), false) : true));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  of(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `count` requests to `path` came in. */
  until(path: string, count: number): Promise<void> {
    if (this.of(path).length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ path, count, resolve }));
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let sheet: string;
let tube: string;
let tcpUrl: string;
const receiver = new Receiver();
const clients: MqttClient[] = [];
const JSON_SECRET = 'a-json-secret-of-some-length';
const ROBOT_SECRET = 'SECrobot-secret';

beforeAll(async () => {
  // A bell's long poll waits as in production: only a change can answer it within a test's time.
  portal = await createTestPortal({ BELL_WAIT_MS: '60000' });
  const mqttPort = await portal.app.telemetry.broker.listenTcp(0, '127.0.0.1');
  tcpUrl = `mqtt://127.0.0.1:${mqttPort}`;
  await receiver.start();
  alice = await createCustomer(portal, 'alarm-alice');
  bob = await createCustomer(portal, 'alarm-bob');
  sheet = await bindNewMachine(portal, alice, 'G', 'Line 1 laser');
  tube = await bindNewMachine(portal, alice, 'T', 'Tube cell');
  await bindNewMachine(portal, bob, 'G');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await portal.close();
  await receiver.close();
});

const machine = async (orderNumber: string) => {
  const client = await connectMqtt(tcpUrl, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(portal.app.telemetry.deviceKey, orderNumber) });
  clients.push(client);
  return client;
};

/** Publishes the machine's live message every 50 ms (as a machine does, every second) until `until` settles; `each` after each. */
async function publishUntil(client: MqttClient, orderNumber: string, values: Record<string, number | string>, until: Promise<unknown>, each?: () => void) {
  let settled = false;
  void until.finally(() => (settled = true));
  while (!settled) {
    await client.publishAsync(orderNumber, livePayload(values));
    each?.();
    await Promise.race([until, new Promise((r) => setTimeout(r, 50))]);
  }
  return until;
}

const deliveriesOf = async (who: TestCustomer) => (await portal.call('Alarm/GetDeliveries', {}, who.token)).body.ReturnData as any[];

describe('who hears what: rules and webhooks over the API', () => {
  it('answers the default rule, refuses a bad zone, half quiet hours and another customer\'s machine, and saves', async () => {
    expect((await portal.call('Alarm/GetNotifyRule', {}, alice.token)).body.ReturnData).toMatchObject({ MachineIds: null, Kinds: ['emergencyStop', 'alarmStop', 'offline'], Email: false, Bell: true, AllClear: false });
    const rule = { MachineIds: null, Kinds: ['emergencyStop', 'alarmStop', 'offline'], AllClear: true, QuietFrom: null, QuietTo: null, Zone: 'UTC', Email: true, Bell: true, Language: 'en' };
    expect((await portal.call('Alarm/SaveNotifyRule', { ...rule, Zone: 'Mars/Olympus' }, alice.token)).body).toMatchObject({ code: 400, info: 'Please choose a valid time zone' });
    expect((await portal.call('Alarm/SaveNotifyRule', { ...rule, QuietFrom: 60 }, alice.token)).body).toMatchObject({ code: 400, info: 'Quiet hours need both a start and an end' });
    const bobs = await portal.services.machines.listByOwner(bob.userId);
    expect((await portal.call('Alarm/SaveNotifyRule', { ...rule, MachineIds: [bobs[0]!.id] }, alice.token)).body).toMatchObject({ code: 400, info: 'Choose only your own machines' });
    expect((await portal.call('Alarm/SaveNotifyRule', rule, alice.token)).body.code).toBe(200);
    expect((await portal.call('Alarm/GetNotifyRule', {}, alice.token)).body.ReturnData).toEqual(rule);
  });

  it('adds webhooks in each format, never answers a secret or a robot\'s key, and lets only the owner remove one', async () => {
    const add = (body: object) => portal.call('Alarm/AddWebhook', { AllClear: true, Language: 'en', ...body }, alice.token);
    expect((await add({ Format: 'json', Url: `${receiver.url}/json`, Secret: 'short' })).body).toMatchObject({ code: 400, info: 'A signed JSON webhook needs a secret of at least 16 characters' });
    expect((await add({ Format: 'json', Url: 'ftp://example.com/x', Secret: JSON_SECRET })).body).toMatchObject({ code: 400, info: 'Please enter an http or https address' });
    expect((await add({ Format: 'json', Url: `${receiver.url}/json`, Secret: JSON_SECRET })).body.code).toBe(200);
    expect((await add({ Format: 'wecom', Url: `${receiver.url}/wecom?key=the-robot-key`, Language: 'zh' })).body.code).toBe(200);
    expect((await add({ Format: 'dingtalk', Url: `${receiver.url}/ding?access_token=ding-token`, Secret: ROBOT_SECRET })).body.code).toBe(200);
    expect((await add({ Format: 'feishu', Url: `${receiver.url}/feishu`, Secret: ROBOT_SECRET, AllClear: false })).body.code).toBe(200);
    const listed = await portal.call('Alarm/GetWebhooks', {}, alice.token);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(JSON_SECRET);
    expect(text).not.toContain(ROBOT_SECRET);
    expect(text).not.toContain('the-robot-key');
    expect(listed.body.ReturnData.map((w: any) => [w.Format, w.HasSecret])).toEqual([['json', true], ['wecom', false], ['dingtalk', true], ['feishu', true]]);
    // Bob's call on Alice's webhook: not found, and it stays.
    expect((await portal.call('Alarm/DeleteWebhook', { Id: listed.body.ReturnData[0].Id }, bob.token)).body.code).toBe(404);
    expect((await portal.call('Alarm/GetWebhooks', {}, alice.token)).body.ReturnData).toHaveLength(4);
  });
});

describe('an emergency stop, once per episode', () => {
  it('tells the bell, the e-mail and every webhook once, signed in each format, and the all clear after the hold time', async () => {
    const client = await machine(sheet);
    const stopped = { State: 8, ErrorType: 'Collision', ErrorContent: 'E203 Nozzle collision detected' };
    // Repeats until every receiver has it, and keeps repeating a while after: still one episode.
    await publishUntil(client, sheet, stopped, Promise.all(['/json', '/wecom', '/ding', '/feishu'].map((p) => receiver.until(p, 1))));
    for (let i = 0; i < 5; i++) await client.publishAsync(sheet, livePayload(stopped));

    const [json] = receiver.of('/json');
    const facts = JSON.parse(json!.body);
    expect(facts).toMatchObject({ event: 'raised', kind: 'emergencyStop', orderNumber: sheet, machineName: 'Line 1 laser', text: 'E203 Nozzle collision detected' });
    expect(facts.link).toBe(`${portal.config.publicUrl}/app/deviceInfoWs/${sheet}/sheet`);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(json!.headers['x-portal-signature']))!;
    expect(v1).toBe(createHmac('sha256', JSON_SECRET).update(`${t}.${json!.body}`).digest('hex'));

    const wecom = JSON.parse(receiver.of('/wecom')[0]!.body);
    expect(wecom.msgtype).toBe('markdown');
    expect(wecom.markdown.content).toContain('设备报警');
    expect(receiver.of('/wecom')[0]!.query.get('key')).toBe('the-robot-key');

    const ding = receiver.of('/ding')[0]!;
    const stamp = ding.query.get('timestamp')!;
    expect(ding.query.get('sign')).toBe(createHmac('sha256', ROBOT_SECRET).update(`${stamp}\n${ROBOT_SECRET}`).digest('base64'));
    expect(JSON.parse(ding.body)).toMatchObject({ msgtype: 'markdown', markdown: { title: expect.stringContaining('Machine alarm') } });

    const feishu = JSON.parse(receiver.of('/feishu')[0]!.body);
    expect(feishu.sign).toBe(createHmac('sha256', `${feishu.timestamp}\n${ROBOT_SECRET}`).update('').digest('base64'));
    expect(feishu).toMatchObject({ msg_type: 'text', content: { text: expect.stringContaining('E203 Nozzle collision detected') } });

    // Calm again, and calm for the hold time: the all clear (Feishu's webhook did not ask for it).
    // The clock moves a tenth of the hold time with each message: the all clear comes after ten
    // or so calm messages, whichever the watch read first.
    const calm = { State: 1, ErrorType: '', ErrorContent: '' };
    const cleared = Promise.all(['/json', '/wecom', '/ding'].map((p) => receiver.until(p, 2)));
    await publishUntil(client, sheet, calm, cleared, () => portal.clock.advance(CLEAR_HOLD_MS / 10));
    expect(JSON.parse(receiver.of('/json')[1]!.body)).toMatchObject({ event: 'cleared', orderNumber: sheet });
    expect(receiver.of('/feishu')).toHaveLength(1);

    await portal.services.alarmDeliveries.sendDue(); // the round that sent them has marked them
    const log = (await deliveriesOf(alice)).filter((d) => d.OrderNumber === sheet);
    const count = (event: string, channel: string) => log.filter((d) => d.Event === event && d.Channel === channel).length;
    expect([count('raised', 'bell'), count('raised', 'email'), count('raised', 'webhook')]).toEqual([1, 1, 4]);
    expect([count('cleared', 'bell'), count('cleared', 'email'), count('cleared', 'webhook')]).toEqual([1, 1, 3]);
    expect(log.every((d) => d.Status === 'sent')).toBe(true);
    expect(JSON.stringify(log)).not.toContain('the-robot-key');

    const mail = portal.services.outbox.list().filter((e) => e.to === alice.account.toLowerCase() && e.subject.includes(sheet));
    expect(mail.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining('Machine alarm'), expect.stringContaining('All clear')]));

    const bell = (await portal.call('Alarm/GetBell', {}, alice.token)).body.ReturnData;
    expect((await portal.call('Alarm/WaitBell', {}, alice.token)).body.ReturnData).toEqual({ Unread: 2 });
    expect(bell.Unread).toBe(2);
    expect(bell.Items.map((i: any) => i.Event)).toEqual(['cleared', 'raised']);
    // A bell waiting on its count hears of the reading at once, long before its wait is over.
    const waiting = portal.call('Alarm/WaitBell', { Unread: 2 }, alice.token);
    expect((await portal.call('Alarm/MarkBellRead', {}, alice.token)).body.code).toBe(200);
    expect((await waiting).body.ReturnData).toEqual({ Unread: 0 });
    expect((await portal.call('Alarm/GetBell', {}, alice.token)).body.ReturnData.Unread).toBe(0);

    // Bob owns none of it: his log and bell are empty.
    expect(await deliveriesOf(bob)).toEqual([]);
    expect((await portal.call('Alarm/GetBell', {}, bob.token)).body.ReturnData).toEqual({ Unread: 0, Items: [] });
  });
});

describe('a receiver that is down, and a machine that goes silent', () => {
  it('retries a failed webhook with backoff until it takes it, and tells of a running machine gone offline', async () => {
    const client = await machine(tube);
    receiver.failures.set('/json', 2);
    const before = receiver.of('/wecom').length;
    // The tube runs, then goes silent: offline while running.
    await publishUntil(client, tube, { State: 0, ErrorType: '', ErrorContent: '' }, waitForRunning(tube));
    portal.clock.advance(OFFLINE_AFTER_MS + 1000);
    portal.services.alarmWatch.sweep();
    await receiver.until('/wecom', before + 1);
    expect(JSON.parse(receiver.of('/wecom').at(-1)!.body).markdown.content).toContain('运行中离线');
    const jsonRow = async () => (await deliveriesOf(alice)).find((d) => d.OrderNumber === tube && d.Channel === 'webhook' && d.Target.endsWith('/json'));
    await portal.services.alarmDeliveries.sendDue();
    expect(await jsonRow()).toMatchObject({ Status: 'pending', Attempts: 1, LastError: 'HTTP 500' });
    portal.clock.advance(10_000);
    await portal.services.alarmDeliveries.sendDue();
    expect(await jsonRow()).toMatchObject({ Status: 'pending', Attempts: 2 });
    portal.clock.advance(30_000);
    await portal.services.alarmDeliveries.sendDue();
    expect(await jsonRow()).toMatchObject({ Status: 'sent', Attempts: 3, LastError: '' });
    expect(JSON.parse(receiver.of('/json').at(-1)!.body)).toMatchObject({ event: 'raised', kind: 'offline', orderNumber: tube });
  });
});

describe('staff read the delivery log', () => {
  it('answers every owner\'s deliveries, or one machine\'s, to staff only', async () => {
    const staff = await portal.login('staff@example.com', 'staff1234');
    const all = (await portal.call('Staff/GetAlarmDeliveries', {}, staff.token)).body.ReturnData as any[];
    expect(all.some((d) => d.OrderNumber === sheet && d.OwnerAccount === alice.account)).toBe(true);
    const one = (await portal.call('Staff/GetAlarmDeliveries', { OrderNumber: tube }, staff.token)).body.ReturnData as any[];
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((d) => d.OrderNumber === tube)).toBe(true);
    expect((await portal.call('Staff/GetAlarmDeliveries', {}, alice.token)).status).toBe(403);
  });
});

/** Resolves once the watch has read the machine's kind and a running state (its next sweep can then see it silent). */
function waitForRunning(orderNumber: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (portal.services.alarmWatch.isRunning(orderNumber) ? resolve() : setTimeout(check, 20));
    check();
  });
}
