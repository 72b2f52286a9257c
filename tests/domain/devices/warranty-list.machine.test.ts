import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { warrantyListMachine, warrantySearchOf } from '../../../src/domain/devices/warranty-list.machine';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };
const FLEET = ['T-1001', 'G-2002', 'G-2003', 'P-3004'];

/** The table over a fake GetList that answers after `delay` ms per call, recording the searches asked. */
function start(delays: number[] = []) {
  const asked: string[] = [];
  const actor = createActor(
    warrantyListMachine<string>().provide({
      actors: {
        load: fromPromise(async ({ input }) => {
          const n = asked.push(input.search);
          await new Promise((r) => setTimeout(r, delays[n - 1] ?? 0));
          return { kind: 'list' as const, rows: FLEET.filter((o) => o.toLowerCase().includes(input.search.toLowerCase())) };
        }),
      },
    }),
  );
  actor.start();
  return { actor, asked };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('warranty list machine', () => {
  it('loads every row, then a search without its whitespace', async () => {
    const { actor, asked } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.rows).toEqual(FLEET);
    actor.send({ type: 'search.change', text: ' G- 20 02 ' });
    actor.send({ type: 'search.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['', 'G-2002']);
    expect(actor.getSnapshot().context).toMatchObject({ rows: ['G-2002'], shownFor: 'G-2002', search: ' G- 20 02 ' });
  });

  it('property: whatever is typed and submitted, and however slow the answers, the rows answer the last submitted search', async () => {
    const step = fc.oneof(
      fc.stringMatching(/^[ GTP\-0-9]{0,8}$/).map((text) => ({ type: 'search.change' as const, text })),
      fc.constant({ type: 'search.submit' as const }),
      fc.integer({ min: 0, max: 30 }).map((ms) => ({ type: 'wait' as const, ms })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 14 }), fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 14 }), async (steps, delays) => {
        const { actor, asked } = start([0, ...delays]);
        let submitted = '';
        for (const s of steps) {
          if (s.type === 'wait') await vi.advanceTimersByTimeAsync(s.ms);
          else {
            if (s.type === 'search.submit') submitted = actor.getSnapshot().context.search;
            actor.send(s);
          }
        }
        await vi.advanceTimersByTimeAsync(1000);
        const c = actor.getSnapshot().context;
        expect(asked.every((q) => !/\s/.test(q))).toBe(true);
        expect(c.shownFor).toBe(warrantySearchOf(submitted));
        expect(c.rows).toEqual(FLEET.filter((o) => o.toLowerCase().includes(warrantySearchOf(submitted).toLowerCase())));
        actor.stop();
      }),
      FC,
    );
  });
});
