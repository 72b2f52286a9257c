import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { readSheetFrame } from '../../src/adapters/websocket/data-service-frames';
import { pageDataSocketUrl, WebSocketSheetFeed, type SocketLike } from '../../src/adapters/websocket/websocket-sheet-feed.adapter';
import type { SheetFrame } from '../../src/domain/telemetry/sheet-protocol';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import type { StorageKey } from '../../src/ports/key-value-storage.port';
import type { SheetFeedListener } from '../../src/ports/sheet-feed.port';

/** A data service speaking the ADR 0005 protocol: auth first, then queries answered for machine S-1 only. */
let server: Server;
let url = '';
const received: unknown[] = [];

beforeAll(async () => {
  server = createServer();
  const wss = new WebSocketServer({ server, path: '/ws/data' });
  wss.on('connection', (socket) => {
    let authed = false;
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; token?: string; id?: number; orderNumber?: string };
      received.push(frame);
      if (!authed) {
        if (frame.type === 'auth' && frame.token === 'session-token') {
          authed = true;
          socket.send(JSON.stringify({ type: 'ready' }));
        } else {
          socket.send(JSON.stringify({ type: 'error', code: 401, info: 'Login has expired, please log in again' }));
          socket.close(4401);
        }
        return;
      }
      if (frame.orderNumber !== 'S-1') {
        socket.send(JSON.stringify({ type: 'error', id: frame.id, code: 404, info: '未查询到数据' }));
        return;
      }
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'values', id: frame.id, orderNumber: 'S-1', at: '2026-03-01T08:00:00Z', values: { State: 3 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/data`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const storage = (values: Partial<Record<StorageKey, string>>) =>
  new StorageSessionStore({ get: (key) => values[key] ?? null, set: () => {}, remove: () => {}, clearExcept: () => {} });

const createSocket = (target: string) => new WebSocket(target) as unknown as SocketLike;

function recorder() {
  const frames: SheetFrame[] = [];
  const closes: number[] = [];
  const listener: SheetFeedListener = { frame: (f) => frames.push(f), closed: (code) => closes.push(code) };
  const until = async (predicate: () => boolean) => {
    const start = Date.now();
    while (!predicate()) {
      if (Date.now() - start > 3000) throw new Error(`timed out; frames ${JSON.stringify(frames)} closes ${JSON.stringify(closes)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { frames, closes, listener, until };
}

describe('websocket sheet feed', () => {
  it('logs in with the token, then sends queries and passes the readable frames on', async () => {
    const feed = new WebSocketSheetFeed(storage({ token: 'session-token' }), { url, createSocket });
    const { frames, closes, listener, until } = recorder();
    const connection = feed.open(listener);
    await until(() => frames.length === 1);
    expect(frames[0]).toEqual({ type: 'ready' });
    expect(received.at(-1)).toEqual({ type: 'auth', token: 'session-token' });
    connection.query(1, 'S-1', ['State', 'X']);
    connection.query(2, 'S-404', ['State']);
    await until(() => frames.length === 3);
    expect(received.slice(-2)).toEqual([
      { type: 'query', id: 1, orderNumber: 'S-1', keys: ['State', 'X'] },
      { type: 'query', id: 2, orderNumber: 'S-404', keys: ['State'] },
    ]);
    expect(frames.slice(1)).toEqual([
      { type: 'values', id: 1, orderNumber: 'S-1', at: '2026-03-01T08:00:00Z', values: { State: 3 } },
      { type: 'refused', id: 2, refusal: { kind: 'not-yours' } },
    ]);
    // Closed by the page: nothing is reported.
    connection.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closes).toEqual([]);
  });

  it('reports the refused login (its frame and its close) and the close code once', async () => {
    const feed = new WebSocketSheetFeed(storage({ token: 'stale' }), { url, createSocket });
    const { frames, closes, listener, until } = recorder();
    feed.open(listener);
    await until(() => closes.length === 1);
    const auth = { type: 'refused', id: null, refusal: { kind: 'auth' } };
    expect(frames).toEqual([auth, auth]);
    expect(closes).toEqual([4401]);
  });

  it('tells a close that refuses the login (no frame first: the login took too long) as the refused login', async () => {
    let socket: SocketLike | null = null;
    const feed = new WebSocketSheetFeed(storage({}), {
      url,
      createSocket: () => {
        socket = { readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, send: () => {}, close: () => {} };
        return socket;
      },
    });
    const { frames, closes, listener } = recorder();
    feed.open(listener);
    socket!.onclose?.({ code: 4401 });
    expect(frames).toEqual([{ type: 'refused', id: null, refusal: { kind: 'auth' } }]);
    expect(closes).toEqual([4401]);
  });

  it('reports a socket that cannot open, or cannot even be made, as closed', async () => {
    const nowhere = new WebSocketSheetFeed(storage({}), { url: 'ws://127.0.0.1:1/ws/data', createSocket });
    const first = recorder();
    nowhere.open(first.listener);
    await first.until(() => first.closes.length === 1);

    const broken = new WebSocketSheetFeed(storage({}), {
      url,
      createSocket: () => {
        throw new Error('no WebSocket here');
      },
    });
    const second = recorder();
    const connection = broken.open(second.listener);
    connection.query(1, 'S-1', []);
    await second.until(() => second.closes.length === 1);
    expect(second.closes).toEqual([1006]);
  });

  it('uses ws: or wss: like the page, on its host', () => {
    expect(pageDataSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws/data');
    expect(pageDataSocketUrl({ protocol: 'https:', host: 'portal.example' })).toBe('wss://portal.example/ws/data');
  });
});

describe('data service frames', () => {
  it('reads each frame type and nothing else', () => {
    expect(readSheetFrame('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(readSheetFrame({ type: 'values', id: 3, orderNumber: 'S-1', at: '2026-01-01T00:00:00Z', values: { X: 1 } })).toEqual({
      type: 'values',
      id: 3,
      orderNumber: 'S-1',
      at: '2026-01-01T00:00:00Z',
      values: { X: 1 },
    });
    expect(readSheetFrame('{"type":"server-message","id":4,"orderNumber":"S-1","info":"offline"}')).toEqual({
      type: 'server-message',
      id: 4,
      orderNumber: 'S-1',
      info: 'offline',
    });
    expect(readSheetFrame({ type: 'error', code: 404, info: '未查询到数据' })).toEqual({ type: 'refused', id: null, refusal: { kind: 'not-yours' } });
    for (const bad of ['', '[]', 'nope', '{"type":"other"}', null, 5]) expect(readSheetFrame(bad)).toBeNull();
  });

  it('reads the refusals in domain terms: not yours, the login, or the message (the code when there is none)', () => {
    expect(readSheetFrame('{"type":"error","id":2,"code":401,"info":"Send auth first"}')).toEqual({ type: 'refused', id: 2, refusal: { kind: 'auth' } });
    expect(readSheetFrame({ type: 'error', code: 500, info: 'boom' })).toEqual({ type: 'refused', id: null, refusal: { kind: 'refused', message: 'boom' } });
    expect(readSheetFrame({ type: 'error', code: 400, info: '' })).toEqual({ type: 'refused', id: null, refusal: { kind: 'refused', message: '400' } });
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.json()), (data) => {
        const frame = readSheetFrame(data);
        if (frame) expect(['ready', 'values', 'server-message', 'refused']).toContain(frame.type);
      }),
      { numRuns: 400 },
    );
  });
});
