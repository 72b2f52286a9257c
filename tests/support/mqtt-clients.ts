import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { browserClientId } from '../../src/domain/telemetry/mqtt-client-id';

/** Connects once (no reconnect); rejects with the broker's CONNACK refusal or a timeout. */
export function connectMqtt(url: string, options: IClientOptions): Promise<MqttClient> {
  const client = mqtt.connect(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000, ...options });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** Subscribes and answers the granted QoS per topic (128 = refused). */
export async function subscribeGranted(client: MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 0 });
    return granted[0]?.qos ?? -1;
  } catch (error) {
    // mqtt.js rejects a refused subscription, carrying the SUBACK it got.
    const granted = (error as { packet?: { granted?: number[] } }).packet?.granted;
    if (granted) return granted[0];
    throw error;
  }
}

/** The next message on a topic, or null when none came within `ms`. */
export function nextMessage(client: MqttClient, topic: string, ms = 3_000): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      resolve(null);
    }, ms);
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(payload);
    };
    client.on('message', onMessage);
  });
}

/** A data-service socket that collects the frames it receives. */
export async function openDataSocket(url: string): Promise<{ ws: WebSocket; next(ms?: number): Promise<any>; send(frame: unknown): void; closed: Promise<number> }> {
  const ws = new WebSocket(url);
  const frames: any[] = [];
  const waiters: Array<(frame: any) => void> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (ms = 3_000) =>
      frames.length
        ? Promise.resolve(frames.shift())
        : new Promise((resolve, reject) => {
            const waiter = (frame: any) => {
              clearTimeout(timer);
              resolve(frame);
            };
            // A wait that gave up leaves the line: the next frame is the next caller's, not lost.
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              reject(new Error('no frame within the time'));
            }, ms);
            waiters.push(waiter);
          }),
  };
}

export const livePayload = (values: Record<string, number | string>) => JSON.stringify(Object.entries(values).map(([KEY, VALUE]) => ({ KEY, VALUE })));

/** A browser page's client id for a user, as the tube page makes one (domain/telemetry/mqtt-client-id). */
export function pageId(who: { userId: string }): string {
  return browserClientId(who.userId, Math.random().toString(36).slice(2, 12));
}

/** Whether the broker closed the client within `ms` (at once when it is closed already). */
export const closedWithin = (client: MqttClient, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (!client.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Starts a test portal's HTTP server on a free loopback port: the browsers' MQTT and data-service URLs. */
export async function listenForPages(app: { listen(options: { port: number; host: string }): Promise<unknown>; server: { address(): unknown } }): Promise<{ wsUrl: string; dataUrl: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { wsUrl: `ws://127.0.0.1:${port}/mqtt`, dataUrl: `ws://127.0.0.1:${port}/ws/data` };
}

/** A data service on a loopback HTTP server of its own: its `/ws/data` address, and `close` for afterAll. */
export async function serveDataService(service: { handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void; close(): Promise<void> }): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer();
  server.on('upgrade', (request, socket, head) => service.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/data`,
    close: async () => {
      await service.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
