import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bellMachine, type BellCountAnswer, type BellItem, type BellListAnswer } from '../../../src/domain/alarms/bell.machine';
import type { CallAnswer } from '../../../src/domain/shared/call-answer';

const item = (id: number): BellItem => ({ id, event: 'raised', kind: 'emergencyStop', orderNumber: 'G1', machineName: 'Line 1', alarmText: '', eventNum: '', link: '/deviceInfoWs/G1/sheet', at: '2026-12-03T00:00:00Z', read: false });

/** A bell over a scripted server: each watch answers the next count, and then waits for ever. */
function bellOver(counts: number[], list: BellItem[]) {
  const asked: (number | null)[] = [];
  const marked: number[] = [];
  let next = 0;
  const actor = createActor(
    bellMachine.provide({
      actors: {
        waitCount: fromPromise<BellCountAnswer, { known: number | null }>(async ({ input }) => {
          asked.push(input.known);
          if (next >= counts.length) return new Promise<never>(() => {});
          return { kind: 'done' as const, data: counts[next++]! };
        }),
        loadList: fromPromise<BellListAnswer>(async () => ({ kind: 'done' as const, data: { unread: counts.at(-1) ?? 0, items: list } })),
        markRead: fromPromise<CallAnswer<null>, { upTo: number }>(async ({ input }) => (marked.push(input.upTo), { kind: 'done' as const, data: null })),
      },
    }),
  ).start();
  return { actor, asked, marked };
}

describe('the bell', () => {
  it('watches again after every answer, each time with the count it knows, and shows the last', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(99), { minLength: 1, maxLength: 8 }), async (counts) => {
        const { actor, asked } = bellOver(counts, []);
        await waitFor(actor, () => asked.length === counts.length + 1);
        expect(asked).toEqual([null, ...counts]);
        expect(actor.getSnapshot().context.unread).toBe(counts.at(-1));
        actor.stop();
      }),
    );
  });

  it('marks what it shows read, up to the newest, and counts none unread then', async () => {
    const { actor, marked } = bellOver([3], [item(7), item(9), item(4)]);
    await waitFor(actor, (s) => s.context.unread === 3);
    actor.send({ type: 'bell.open' });
    await waitFor(actor, (s) => s.matches({ panel: { showing: 'read' } }));
    expect(marked).toEqual([9]);
    expect(actor.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'bell.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });

  it('rests after a failed watch instead of asking again at once', async () => {
    const actor = createActor(bellMachine.provide({ actors: { waitCount: fromPromise<BellCountAnswer, { known: number | null }>(async () => ({ kind: 'refused' as const, message: '' })) } })).start();
    await waitFor(actor, (s) => s.matches({ count: 'resting' }));
    actor.stop();
  });
});
