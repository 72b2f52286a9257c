import { ownCompanyCaller } from '../../src/server/services/session.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataService } from '../../src/server/telemetry/data-service';
import { LiveValues } from '../../src/server/telemetry/live-values';
import { livePayload, openDataSocket, serveDataService } from '../support/mqtt-clients';

// Issue 22, item 2: a PostgreSQL restart under an open sheet page. The data service asks again
// every 10 s whether the caller owns the machine; while the database cannot answer, the last
// answer holds (nothing can change ownership without the database), so the page stays live.

const MACHINE = 'G3015-OUTAGE';
const unavailable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

let url: string;
let stop: () => Promise<void>;
let now = Date.now();
let database: 'up' | 'down' | 'broken' = 'up';
const live = new LiveValues();
const service = new DataService({
  live,
  authenticateToken: async (token) => (token === 'good' ? ownCompanyCaller('u1', 'h1') : null),
  ownsMachine: async (_userId, orderNumber) => {
    if (database === 'down') throw unavailable();
    if (database === 'broken') throw new TypeError('a bug, not an outage');
    return orderNumber === MACHINE;
  },
  now: () => now,
});

beforeAll(async () => {
  ({ url, close: stop } = await serveDataService(service));
});
afterAll(() => stop());

describe('the data service while the database is away', () => {
  it('keeps answering values for a machine whose ownership it knew, and refuses what it never knew', async () => {
    database = 'up';
    live.ingest(MACHINE, livePayload({ State: 1, Voltage: 5000 }));
    const socket = await openDataSocket(url);
    socket.send({ type: 'auth', token: 'good' });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'query', id: 1, orderNumber: MACHINE, keys: ['Voltage'] });
    expect(await socket.next()).toMatchObject({ type: 'values', id: 1, values: { Voltage: 5000 } });

    // Past the ownership's 10 s, with the database down: the last answer holds.
    database = 'down';
    now += 11_000;
    live.ingest(MACHINE, livePayload({ Voltage: 5100 }));
    socket.send({ type: 'query', id: 2, orderNumber: MACHINE, keys: ['Voltage'] });
    expect(await socket.next()).toMatchObject({ type: 'values', id: 2, values: { Voltage: 5100 } });
    // A machine it never asked about is not answered from nothing.
    socket.send({ type: 'query', id: 3, orderNumber: 'G3015-OTHER', keys: [] });
    expect(await socket.next()).toMatchObject({ type: 'error', id: 3, code: 500 });

    // A bug is not an outage: no stale answer covers it.
    database = 'broken';
    socket.send({ type: 'query', id: 4, orderNumber: MACHINE, keys: [] });
    expect(await socket.next()).toMatchObject({ type: 'error', id: 4, code: 500 });

    // Back: asked again, answered as before.
    database = 'up';
    socket.send({ type: 'query', id: 5, orderNumber: MACHINE, keys: ['Voltage'] });
    expect(await socket.next()).toMatchObject({ type: 'values', id: 5 });
    socket.ws.close();
  });
});
