import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Caller } from '../services/session.service';
import { isOrderNumber } from '../../domain/devices/order-number';
import type { LiveSnapshot, LiveValues } from './live-values';
import { NOT_FOUND_INFO } from '../../contract/envelope';
import { isDatabaseUnavailable } from '../unavailable';

export interface DataServiceDeps {
  live: LiveValues;
  authenticateToken(token: string): Promise<Caller | null>;
  ownsMachine(userId: string, orderNumber: string): Promise<boolean>;
  /** Keeps the socket's close with its login session, so ending the session closes it (issue 21, item 2). */
  track?(caller: Caller, close: () => void): (() => void) | null;
  /** The web app's session from the upgrade request's cookie (ADR 0014): then no `auth` frame is needed. */
  tokenOfUpgrade?(request: IncomingMessage): string | null;
  now?: () => number;
}

/** A machine with nothing newer than this is offline for the sheet page (ADR 0005). */
export const FRESH_MS = 5_000;
const AUTH_TIMEOUT_MS = 5_000;
/** Ownership is asked again after this long, so an unbinding takes effect on open pages too. */
const OWNERSHIP_TTL_MS = 10_000;
/** A page queries every 2 s; a socket sending far more than that is misbehaving. */
const MAX_FRAMES_PER_10S = 50;
const MAX_KEYS = 64;

type Frame = Record<string, unknown>;

/**
 * The websocket data service of the sheet machine page (ADR 0005): after an `auth` frame with
 * the session token, each `query` names a machine and keys and is answered with the latest
 * values the server took in from the broker, or a `server-message` when the machine is silent,
 * and then once more with its values as soon as the machine speaks again.
 */
export class DataService {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly now: () => number;

  constructor(private readonly deps: DataServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.wss.on('connection', (ws: WebSocket, request?: IncomingMessage) => this.serve(ws, request ? (this.deps.tokenOfUpgrade?.(request) ?? null) : null));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    (socket as Socket).setNoDelay?.(true);
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  get connections(): number {
    return this.wss.clients.size;
  }

  private serve(ws: WebSocket, cookieToken: string | null): void {
    let caller: Caller | null = null;
    let authenticating = false;
    const owned = new Map<string, { yes: boolean; at: number }>();
    /** Machines this socket was last answered offline for: each one's wait for the machine's next message. */
    const waiting = new Map<string, () => void>();
    let frames = 0;
    const window = setInterval(() => (frames = 0), 10_000);
    const authTimer = setTimeout(() => caller || ws.close(4401, 'auth timeout'), AUTH_TIMEOUT_MS);
    ws.on('close', () => {
      clearInterval(window);
      clearTimeout(authTimer);
      for (const cancel of waiting.values()) cancel();
      waiting.clear();
    });
    ws.on('error', () => ws.terminate());

    const send = (frame: Frame) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(frame));
    const sendValues = (id: string | number | null, orderNumber: string, keys: readonly string[], snapshot: LiveSnapshot) => {
      const values: Record<string, number | string> = {};
      for (const key of keys.length ? keys : Object.keys(snapshot.values)) {
        if (Object.prototype.hasOwnProperty.call(snapshot.values, key)) values[key] = snapshot.values[key];
      }
      send({ type: 'values', id, orderNumber, at: new Date(snapshot.at).toISOString(), values });
    };
    const owns = async (userId: string, orderNumber: string) => {
      const known = owned.get(orderNumber);
      if (known && this.now() - known.at < OWNERSHIP_TTL_MS) return known.yes;
      try {
        const yes = await this.deps.ownsMachine(userId, orderNumber);
        owned.set(orderNumber, { yes, at: this.now() });
        return yes;
      } catch (error) {
        // While the database is away nobody can bind, unbind or log out, so the last answer still
        // holds: the page keeps its live values through a database restart (issue 22, item 2) and
        // the next query asks again.
        if (known && isDatabaseUnavailable(error)) return known.yes;
        throw error;
      }
    };
    /**
     * A query's answer: the machine's values, or offline. An offline machine is answered again, with
     * the same id, as soon as its next message comes, rather than at the page's next query up to 2 s
     * later: after a broker or machine restart the page is live again when the values are (issue 22,
     * item 2). Ownership is asked as for a query (again once the last answer is 10 s old).
     */
    const answer = (userId: string, id: string | number | null, orderNumber: string, keys: readonly string[]) => {
      waiting.get(orderNumber)?.();
      waiting.delete(orderNumber);
      const snapshot = this.deps.live.latest(orderNumber, FRESH_MS);
      if (snapshot) return sendValues(id, orderNumber, keys, snapshot);
      send({ type: 'server-message', id, orderNumber, info: 'offline' });
      const cancel = this.deps.live.onNext(orderNumber, () => {
        waiting.delete(orderNumber);
        owns(userId, orderNumber).then(
          (yes) => {
            const back = yes && this.deps.live.latest(orderNumber, FRESH_MS);
            if (back) sendValues(id, orderNumber, keys, back);
          },
          () => {}, // the page's next query asks again
        );
      });
      waiting.set(orderNumber, cancel);
    };

    const logIn = (token: string) => {
      authenticating = true;
      this.deps.authenticateToken(token).then(
        (who) => {
          authenticating = false;
          if (!who) {
            send({ type: 'error', code: 401, info: 'Login has expired, please log in again' });
            return ws.close(4401, 'unauthorized');
          }
          const untrack = this.deps.track?.(who, () => ws.close(4401, 'session ended'));
          // A user at the cap of live connections gets no more (issue 21, item 9).
          if (untrack === null) {
            send({ type: 'error', code: 429, info: 'Too many live connections for this account' });
            return ws.close(4429, 'too many connections');
          }
          caller = who;
          if (untrack) ws.once('close', untrack);
          send({ type: 'ready' });
        },
        () => ws.close(1011, 'auth failed'),
      );
    };
    // The web app's cookie logs the socket in at once; API clients still send the auth frame.
    if (cookieToken) logIn(cookieToken);

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (++frames > MAX_FRAMES_PER_10S) return ws.close(1008, 'too many frames');
      const frame = isBinary ? null : parseFrame(data);
      if (!frame) return send({ type: 'error', code: 400, info: 'Send JSON text frames' });
      if (!caller) {
        if (frame.type !== 'auth' || typeof frame.token !== 'string' || authenticating) {
          return send({ type: 'error', code: 401, info: 'Send {"type":"auth","token":"..."} first' });
        }
        logIn(frame.token);
        return;
      }
      if (frame.type !== 'query') return send({ type: 'error', code: 400, info: `Unknown frame type ${String(frame.type)}` });
      const id = typeof frame.id === 'number' || typeof frame.id === 'string' ? frame.id : null;
      const orderNumber = typeof frame.orderNumber === 'string' ? frame.orderNumber : '';
      const keys = Array.isArray(frame.keys) ? frame.keys.filter((k): k is string => typeof k === 'string').slice(0, MAX_KEYS) : [];
      if (!isOrderNumber(orderNumber)) return send({ type: 'error', id, code: 404, info: NOT_FOUND_INFO });
      const userId = caller.userId;
      owns(userId, orderNumber).then(
        (yes) => {
          if (!yes) return send({ type: 'error', id, code: 404, info: NOT_FOUND_INFO });
          answer(userId, id, orderNumber, keys);
        },
        () => send({ type: 'error', id, code: 500, info: 'Something went wrong on our side' }),
      );
    });
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function parseFrame(data: RawData): Frame | null {
  try {
    const value: unknown = JSON.parse(data.toString());
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Frame) : null;
  } catch {
    return null;
  }
}
