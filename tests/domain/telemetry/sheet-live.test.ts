import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { zeroValues } from '../../../src/domain/telemetry/live-values';
import {
  eventOfFrame,
  SHEET_QUERY_KEYS,
  sheetLiveMachine,
  type SheetLiveEvent,
  type SheetLiveInput,
  type SheetSocketCommand,
} from '../../../src/domain/telemetry/sheet-live.machine';
import { ANSWER_TIMEOUT_MS, QUERY_INTERVAL_MS, READY_TIMEOUT_MS, RECONNECT_MS, UNANSWERED_QUERIES_TO_REOPEN } from '../../../src/domain/telemetry/telemetry-constants';
import { advance } from './clock';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const OFFLINE = zeroValues(-1);

interface FakeSocket {
  send: (event: SheetLiveEvent) => void;
  orderNumber: string;
  ready: boolean;
  closed: boolean;
  queries: SheetSocketCommand[];
}

function start(orderNumber = 'S-1') {
  const clock = new SimulatedClock();
  const sockets: FakeSocket[] = [];
  /** Queries sent to a socket that was not ready or already gone: must stay empty. */
  const misplaced: SheetSocketCommand[] = [];
  const actor = createActor(
    sheetLiveMachine.provide({
      actors: {
        socket: fromCallback<SheetSocketCommand, SheetLiveInput>(({ sendBack, receive, input }) => {
          const socket: FakeSocket = { send: sendBack, orderNumber: input.orderNumber, ready: false, closed: false, queries: [] };
          sockets.push(socket);
          receive((command) => {
            if (!socket.ready || socket.closed) misplaced.push(command);
            socket.queries.push(command);
          });
          return () => void (socket.closed = true);
        }),
      },
    }),
    { input: { orderNumber }, clock },
  );
  actor.start();
  const current = () => sockets[sockets.length - 1];
  const ready = () => {
    current().ready = true;
    current().send({ type: 'socket.ready' });
  };
  return { actor, clock, sockets, current, ready, misplaced };
}

const values = (v: Record<string, unknown>, orderNumber = 'S-1'): SheetLiveEvent => ({
  type: 'socket.values',
  orderNumber,
  at: '2026-03-01T08:00:00Z',
  values: v,
});

describe('sheet live machine', () => {
  it('opens the socket, queries once ready and then every 2 s with growing ids', () => {
    const { actor, clock, sockets, current, ready, misplaced } = start('S-9');
    expect(sockets).toHaveLength(1);
    expect(current().orderNumber).toBe('S-9');
    advance(clock, 3000);
    expect(current().queries).toEqual([]);
    ready();
    expect(current().queries).toEqual([{ type: 'socket.query', id: 1, orderNumber: 'S-9', keys: SHEET_QUERY_KEYS }]);
    advance(clock, 3 * QUERY_INTERVAL_MS);
    expect(current().queries.map((q) => q.id)).toEqual([1, 2, 3, 4]);
    expect(SHEET_QUERY_KEYS).toContain('Voltage');
    expect(SHEET_QUERY_KEYS).not.toContain('CutPressure');
    expect(actor.getSnapshot().matches({ link: { session: 'open' } })).toBe(true);
    expect(misplaced).toEqual([]);
  });

  it('shows the values it gets, and offline with zero values on a server-message', () => {
    const { actor, ready, current } = start();
    ready();
    current().send(values({ State: 3, X: 12.5, Voltage: 4200 }));
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    expect(actor.getSnapshot().context.values).toMatchObject({ State: 3, X: 12.5, Voltage: 4200 });
    expect(actor.getSnapshot().context.at).toBe('2026-03-01T08:00:00Z');
    current().send({ type: 'socket.offline', orderNumber: 'S-1', info: 'offline' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
  });

  it('ignores answers about another machine', () => {
    const { actor, ready, current } = start();
    ready();
    current().send(values({ State: 3 }, 'OTHER'));
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    current().send(values({ State: 3 }));
    current().send({ type: 'socket.offline', orderNumber: 'OTHER', info: 'offline' });
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
  });

  it('goes offline when a closed socket ends the session, and opens a new one every 2 s', () => {
    const { actor, clock, sockets, ready, current } = start();
    ready();
    current().send(values({ State: 3 }));
    current().send({ type: 'socket.closed', code: 1006 });
    expect(sockets[0].closed).toBe(true);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ values: OFFLINE, closeCode: 1006 });
    advance(clock, RECONNECT_MS - 100);
    expect(sockets).toHaveLength(1);
    advance(clock, 100);
    expect(sockets).toHaveLength(2);
    // It failed again: another try 2 s later.
    current().send({ type: 'socket.closed', code: 1006 });
    advance(clock, RECONNECT_MS);
    expect(sockets).toHaveLength(3);
    ready();
    expect(actor.getSnapshot().context.closeCode).toBeNull();
    expect(current().queries).toHaveLength(1);
  });

  it('gives up a socket that never says ready and opens a new one', () => {
    const { clock, sockets, ready, current } = start();
    advance(clock, READY_TIMEOUT_MS - 100);
    expect(sockets).toHaveLength(1);
    advance(clock, 100);
    expect(sockets[0].closed).toBe(true);
    advance(clock, RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    ready();
    expect(current().queries).toHaveLength(1);
  });

  it('gives up an open socket that leaves its queries unanswered, and keeps one that answers', () => {
    const { actor, clock, sockets, ready, current } = start();
    ready();
    // Answered queries: the socket stays however long it lives.
    for (let i = 0; i < 3 * UNANSWERED_QUERIES_TO_REOPEN; i++) {
      current().send(values({ State: 3 }));
      advance(clock, QUERY_INTERVAL_MS);
    }
    expect(sockets).toHaveLength(1);
    // Silence: after the fifth unanswered query it is closed, and a new one follows 2 s later.
    advance(clock, UNANSWERED_QUERIES_TO_REOPEN * QUERY_INTERVAL_MS);
    expect(sockets[0].closed).toBe(true);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    advance(clock, RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    ready();
    current().send(values({ State: 0 }));
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
  });

  it('shows a refusal (not your machine) as offline until values come', () => {
    const { actor, ready, current } = start();
    ready();
    current().send(values({ State: 3 }));
    current().send({ type: 'socket.refused', refusal: { kind: 'not-yours' } });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toEqual({ kind: 'not-yours' });
    expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
    current().send(values({ State: 0 }));
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });

  it('shows offline when an open socket stops answering', () => {
    const { actor, clock, ready, current } = start();
    ready();
    current().send(values({ State: 3, X: 1 }));
    advance(clock, ANSWER_TIMEOUT_MS - 100);
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    advance(clock, 100);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
  });

  it('reads each data service frame as its event', () => {
    expect(eventOfFrame({ type: 'ready' })).toEqual({ type: 'socket.ready' });
    expect(eventOfFrame({ type: 'values', id: 1, orderNumber: 'S-1', at: 'now', values: { X: 1 } })).toEqual({
      type: 'socket.values',
      orderNumber: 'S-1',
      at: 'now',
      values: { X: 1 },
    });
    expect(eventOfFrame({ type: 'server-message', id: 2, orderNumber: 'S-1', info: 'offline' })).toEqual({
      type: 'socket.offline',
      orderNumber: 'S-1',
      info: 'offline',
    });
    expect(eventOfFrame({ type: 'refused', id: 3, refusal: { kind: 'not-yours' } })).toEqual({ type: 'socket.refused', refusal: { kind: 'not-yours' } });
  });

  it('closes the socket when the page leaves', () => {
    const { actor, sockets } = start();
    actor.stop();
    expect(sockets[0].closed).toBe(true);
  });

  type Step = { wait: number } | { ready: true } | { event: SheetLiveEvent };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.integer({ min: 0, max: 7000 }).map((wait): Step => ({ wait })),
    fc.constant<Step>({ ready: true }),
    fc
      .oneof(
        fc.record({ State: fc.integer({ min: -1, max: 9 }), X: fc.integer({ min: -100, max: 100 }) }).map((v) => values(v)),
        fc.constant(values({ State: 3 }, 'OTHER')),
        fc.constant<SheetLiveEvent>({ type: 'socket.offline', orderNumber: 'S-1', info: 'offline' }),
        fc.constant<SheetLiveEvent>({ type: 'socket.refused', refusal: { kind: 'not-yours' } }),
        fc.constant<SheetLiveEvent>({ type: 'socket.closed', code: 1006 }),
      )
      .map((event): Step => ({ event })),
  );

  it('a server-message or a closed socket always zeroes; a closed socket is always reopened after 2 s (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { actor, clock, sockets, current, ready, misplaced } = start();
        for (const s of steps) {
          const socket = current();
          if ('wait' in s) advance(clock, s.wait, 250);
          else if ('ready' in s) {
            // The adapter only says ready once per socket, and never after it closed.
            if (!socket.ready && !socket.closed) ready();
          } else if (!socket.closed) {
            socket.send(s.event);
            const type = s.event.type;
            if (type === 'socket.offline' || type === 'socket.closed' || type === 'socket.refused') {
              expect(actor.getSnapshot().hasTag('offline')).toBe(true);
              expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
            }
            if (type === 'socket.closed') {
              const count = sockets.length;
              advance(clock, RECONNECT_MS);
              expect(sockets).toHaveLength(count + 1);
            }
          }
          // Never more than one socket open at a time.
          expect(sockets.filter((x) => !x.closed).length).toBeLessThanOrEqual(1);
          if (actor.getSnapshot().hasTag('offline')) expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
        }
        actor.stop();
        expect(sockets.every((x) => x.closed)).toBe(true);
        expect(misplaced).toEqual([]);
      }),
      FC,
    );
  });
});
