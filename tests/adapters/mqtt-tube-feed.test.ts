import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { clientIdBelongsTo } from '../../src/domain/telemetry/mqtt-client-id';
import { MqttTubeFeed, pageMqttUrl } from '../../src/adapters/mqtt/mqtt-tube-feed.adapter';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import type { StorageKey } from '../../src/ports/key-value-storage.port';
import type { SessionStorePort } from '../../src/ports/session-store.port';
import type { TubeFeedListener } from '../../src/ports/tube-feed.port';

/** A real aedes broker behind a websocket on /mqtt, checking credentials and topics like the portal's. */
let broker: Aedes;
let server: Server;
let url = '';
const connects: Array<{ username?: string; password?: string; keepalive?: number; protocolVersion?: number; clientId?: string }> = [];

beforeAll(async () => {
  broker = await Aedes.createBroker({
    preConnect: (_client, packet, done) => {
      connects.push({
        username: packet.username,
        password: packet.password?.toString(),
        keepalive: packet.keepalive,
        protocolVersion: packet.protocolVersion,
        clientId: packet.clientId,
      });
      done(null, true);
    },
    authenticate: (_client, username, password, done) => {
      const ok = username === '42' && password?.toString() === 'session-token';
      done(ok ? null : Object.assign(new Error('Not authorized'), { returnCode: 5 as const }), ok);
    },
    // The portal lets a browser subscribe to its own machines only; a negated subscription is SUBACK 128.
    authorizeSubscribe: (_client, subscription, done) => done(null, subscription.topic === 'T-1' ? subscription : null),
  });
  server = createServer();
  const wss = new WebSocketServer({ server, path: '/mqtt' });
  wss.on('connection', (socket, request) => broker.handle(createWebSocketStream(socket), request));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function storage(values: Partial<Record<StorageKey, string>>): SessionStorePort {
  return new StorageSessionStore({ get: (key) => values[key] ?? null, set: () => {}, remove: () => {}, clearExcept: () => {} });
}

function recorder() {
  const seen: string[] = [];
  const listener: TubeFeedListener = {
    message: (payload) => seen.push(`message:${payload}`),
    connected: () => seen.push('connected'),
    reconnecting: () => seen.push('reconnecting'),
    failed: (reason, detail) => seen.push(`failed:${reason}:${detail}`),
  };
  const until = async (predicate: () => boolean, ms = 4000) => {
    const start = Date.now();
    while (!predicate()) {
      if (Date.now() - start > ms) throw new Error(`timed out; seen ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { seen, listener, until };
}

const publish = (topic: string, payload: string) =>
  new Promise<void>((resolve) => broker.publish({ cmd: 'publish', topic, payload, qos: 0, dup: false, retain: false }, () => resolve()));

describe('MQTT tube feed', () => {
  it('connects with UserId and token (MQTT 3.1.1, keepalive 100), subscribes to the order number and passes messages on as text', async () => {
    const feed = new MqttTubeFeed(storage({ userId: '42', token: 'session-token' }), { url });
    const { seen, listener, until } = recorder();
    const stop = feed.subscribe('T-1', listener);
    await until(() => seen.includes('connected'));
    const { clientId, ...login } = connects.at(-1)!;
    expect(login).toEqual({ username: '42', password: 'session-token', keepalive: 100, protocolVersion: 4 });
    // The id is the user's own (issue 21, item 1): the portal's broker refuses any other.
    expect(clientIdBelongsTo({ kind: 'user', userId: '42' }, clientId)).toBe(true);
    await publish('T-1', '[{"KEY":"State","VALUE":0}]');
    await publish('T-2', '[{"KEY":"State","VALUE":3}]');
    await until(() => seen.some((s) => s.startsWith('message:')));
    expect(seen.filter((s) => s.startsWith('message:'))).toEqual(['message:[{"KEY":"State","VALUE":0}]']);
    stop();
  });

  it('says when the broker refuses the subscription', async () => {
    const feed = new MqttTubeFeed(storage({ userId: '42', token: 'session-token' }), { url });
    const { seen, listener, until } = recorder();
    const stop = feed.subscribe('NOT-MINE', listener);
    await until(() => seen.some((s) => s.startsWith('failed:subscribe')));
    expect(seen).not.toContain('connected');
    stop();
  });

  it('says when the broker refuses the login, and keeps trying', async () => {
    const feed = new MqttTubeFeed(storage({ userId: '42', token: 'wrong' }), { url });
    const { seen, listener, until } = recorder();
    const stop = feed.subscribe('T-1', listener);
    await until(() => seen.some((s) => s.startsWith('failed:connect')));
    await until(() => seen.includes('reconnecting'), 5000);
    stop();
  });

  it('says a lost connection at once, before mqtt.js tries again (issue 22, item 2)', async () => {
    const feed = new MqttTubeFeed(storage({ userId: '42', token: 'session-token' }), { url });
    const { seen, listener, until } = recorder();
    const stop = feed.subscribe('T-1', listener);
    await until(() => seen.includes('connected'));
    const lostAt = Date.now();
    for (const client of Object.values((broker as unknown as { clients: Record<string, { close(): void }> }).clients)) client.close();
    await until(() => seen.includes('reconnecting'), 1500);
    // mqtt.js itself reports its first attempt only after the 2 s reconnect period.
    expect(Date.now() - lostAt).toBeLessThan(1500);
    stop();
  });

  it('says when mqtt.js cannot be loaded, and stops quietly', async () => {
    const feed = new MqttTubeFeed(storage({}), { url, load: () => Promise.reject(new Error('chunk failed')) });
    const { seen, listener, until } = recorder();
    const stop = feed.subscribe('T-1', listener);
    await until(() => seen.length > 0);
    expect(seen).toEqual(['failed:unavailable:chunk failed']);
    stop();
  });

  it('uses ws: or wss: like the page, on its host', () => {
    expect(pageMqttUrl({ protocol: 'http:', host: 'portal.example:8080' })).toBe('ws://portal.example:8080/mqtt');
    expect(pageMqttUrl({ protocol: 'https:', host: 'portal.example' })).toBe('wss://portal.example/mqtt');
  });
});
