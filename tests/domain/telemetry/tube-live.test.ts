import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate';
import { hasValues, parseLiveMessage, zeroValues } from '../../../src/domain/telemetry/live-values';
import { SILENCE_MS } from '../../../src/domain/telemetry/telemetry-constants';
import { tubeLiveMachine, type TubeLiveEvent, type TubeLiveInput } from '../../../src/domain/telemetry/tube-live.machine';
import { advance } from './clock';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const OFFLINE = zeroValues(2);

function start(orderNumber = 'T-1') {
  const clock = new SimulatedClock();
  const feed = { send: (_event: TubeLiveEvent) => {}, subscribed: [] as string[], unsubscribed: 0 };
  const actor = createActor(
    tubeLiveMachine.provide({
      actors: {
        feed: fromCallback<EventObject, TubeLiveInput>(({ sendBack, input }) => {
          feed.send = sendBack;
          feed.subscribed.push(input.orderNumber);
          return () => void (feed.unsubscribed += 1);
        }),
      },
    }),
    { input: { orderNumber }, clock },
  );
  actor.start();
  return { actor, clock, feed };
}

const message = (entries: Record<string, unknown>) => JSON.stringify(Object.entries(entries).map(([KEY, VALUE]) => ({ KEY, VALUE })));

describe('tube live machine', () => {
  it('subscribes to the order number and starts offline with zero values', () => {
    const { actor, feed } = start('T-7');
    expect(feed.subscribed).toEqual(['T-7']);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().matches({ link: 'connecting' })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
  });

  it('shows each message, and offline with zero values after 3 s of silence', () => {
    const { actor, clock, feed } = start();
    feed.send({ type: 'feed.connected' });
    feed.send({ type: 'feed.message', payload: message({ State: 0, X: 10, Progress: 20 }) });
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    expect(actor.getSnapshot().context.values).toMatchObject({ State: 0, X: 10, Progress: 20 });
    advance(clock, 2000);
    // A partial message keeps the other values and restarts the silence.
    feed.send({ type: 'feed.message', payload: message({ X: 11 }) });
    advance(clock, 2999);
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    expect(actor.getSnapshot().context.values).toMatchObject({ State: 0, X: 11, Progress: 20 });
    advance(clock, 1);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
  });

  it('ignores a message with nothing readable in it', () => {
    const { actor, clock, feed } = start();
    feed.send({ type: 'feed.message', payload: 'garbage' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    feed.send({ type: 'feed.message', payload: message({ State: 1 }) });
    advance(clock, 2500);
    feed.send({ type: 'feed.message', payload: '[{"KEY":"Unknown","VALUE":1}]' });
    advance(clock, 500);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
  });

  it('shows offline with zero values at once when the connection is lost, and live again with the next message (issue 22, item 2)', () => {
    const { actor, feed } = start();
    feed.send({ type: 'feed.connected' });
    feed.send({ type: 'feed.message', payload: message({ State: 0, X: 10 }) });
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    feed.send({ type: 'feed.reconnecting' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
    feed.send({ type: 'feed.connected' });
    feed.send({ type: 'feed.message', payload: message({ State: 0, X: 12 }) });
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    feed.send({ type: 'feed.failed', reason: 'connect', detail: 'connection closed' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
  });

  it('keeps the connection error to show until the feed connects again', () => {
    const { actor, feed } = start();
    feed.send({ type: 'feed.failed', reason: 'connect', detail: 'connack timeout' });
    expect(actor.getSnapshot().matches({ link: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ reason: 'connect', detail: 'connack timeout' });
    feed.send({ type: 'feed.reconnecting' });
    expect(actor.getSnapshot().matches({ link: 'reconnecting' })).toBe(true);
    expect(actor.getSnapshot().context.error).not.toBeNull();
    feed.send({ type: 'feed.connected' });
    expect(actor.getSnapshot().matches({ link: 'connected' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('shows "not provided" when no feed is wired, and unsubscribes when stopped', () => {
    const bare = createActor(tubeLiveMachine, { input: { orderNumber: 'T-1' } });
    bare.start();
    expect(bare.getSnapshot().context.error?.reason).toBe('unavailable');
    bare.stop();

    const { actor, feed } = start();
    actor.stop();
    expect(feed.unsubscribed).toBe(1);
  });

  type Step =
    | { wait: number }
    | { payload: unknown }
    | { event: Exclude<TubeLiveEvent, { type: 'feed.message' }> };
  const payload = fc.oneof(
    fc.record({ State: fc.integer({ min: -1, max: 5 }), X: fc.double({ noNaN: true, min: -1e3, max: 1e3 }) }).map(message),
    fc.constantFrom('garbage', '[]', '[{"KEY":"Nope","VALUE":1}]', '[{"KEY":"Power","VALUE":"12"}]'),
    fc.anything(),
  );
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.integer({ min: 0, max: 4000 }).map((wait) => ({ wait })),
    payload.map((p) => ({ payload: p })),
    fc.constantFrom<Step>(
      { event: { type: 'feed.connected' } },
      { event: { type: 'feed.reconnecting' } },
      { event: { type: 'feed.failed', reason: 'connect', detail: 'refused' } },
    ),
  );

  it('is live exactly while a readable message came less than 3 s ago over a connection not lost since; silence always ends offline and zeroed (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { actor, clock, feed } = start();
        let lastReadable: number | null = null;
        for (const s of steps) {
          if ('wait' in s) advance(clock, s.wait, 250);
          else if ('payload' in s) {
            feed.send({ type: 'feed.message', payload: s.payload });
            if (hasValues(parseLiveMessage(s.payload))) lastReadable = clock.now();
          } else {
            feed.send(s.event);
            // A lost connection ends live at once.
            if (s.event.type !== 'feed.connected') lastReadable = null;
          }
          const live = lastReadable !== null && clock.now() - lastReadable < SILENCE_MS;
          expect(actor.getSnapshot().hasTag('live')).toBe(live);
          expect(actor.getSnapshot().hasTag('offline')).toBe(!live);
          if (!live) expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
        }
        advance(clock, SILENCE_MS);
        expect(actor.getSnapshot().hasTag('offline')).toBe(true);
        expect(actor.getSnapshot().context.values).toEqual(OFFLINE);
        actor.stop();
      }),
      FC,
    );
  });
});
