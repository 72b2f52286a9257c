import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { thresholdProblem } from '../../../src/domain/repair/stock-threshold';
import { canSaveThreshold, stockPageMachine, type StockAnswer, type StockPageEvent, type StockRow, type StockWriteAnswer } from '../../../src/domain/repair/stock-page.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261202) };

const rowOf = (id: number, note: string): StockRow => ({ id, code: `P${id}`, name: note, specifications: '', size: '', sumNumber: 0, submitNumber: 0, threshold: null, createTime: '2026-12-02T08:00:00Z' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: { delays?: () => number; save?: () => StockWriteAnswer; reset?: () => StockWriteAnswer; partId?: string } = {}) {
  const calls = { loads: 0, saved: [] as Array<{ partId: number; threshold: number }>, resets: [] as number[], told: [] as string[] };
  const later = async <T>(value: T): Promise<T> => {
    for (let i = options.delays?.() ?? 0; i > 0; i--) await tick();
    return value;
  };
  const machine = stockPageMachine.provide({
    actors: {
      loadStock: fromPromise(({ input }) => (calls.loads++, later({ kind: 'page' as const, rows: [rowOf(1, JSON.stringify(input))], total: 1 }))),
      saveThreshold: fromPromise(({ input }) => (calls.saved.push(input), later(options.save?.() ?? { kind: 'done' as const }))),
      resetCount: fromPromise(({ input }) => (calls.resets.push(input.partId), later(options.reset?.() ?? { kind: 'done' as const }))),
    },
    actions: {
      notifyLoadFailed: () => calls.told.push('loadFailed'),
      notifySaved: () => calls.told.push('saved'),
      notifySaveFailed: (_, { message }) => calls.told.push(`saveFailed:${message}`),
      notifyResetDone: () => calls.told.push('resetDone'),
      notifyResetFailed: () => calls.told.push('resetFailed'),
    },
  });
  const actor = createActor(machine, { input: { language: 'en', partId: options.partId } }).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy'));
  return { actor, calls, settled };
}

const listEvent: fc.Arbitrary<StockPageEvent> = fc.oneof(
  fc.record({ type: fc.constant('page.choose' as const), page: fc.integer({ min: -1, max: 3 }) }),
  fc.record({ type: fc.constant('part.show' as const), partId: fc.constantFrom('', '3', '7') }),
  fc.record({ type: fc.constant('language.change' as const), language: fc.constantFrom('zh' as const, 'en' as const) }),
);

describe('the stock page machine (spec 3 section 4)', () => {
  it('shows the records of the last page, part and language asked, however slow the answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(listEvent, { maxLength: 10 }), fc.infiniteStream(fc.integer({ min: 0, max: 3 })), async (events, delays) => {
        const { actor, settled } = start({ delays: () => delays.next().value });
        for (const event of events) {
          actor.send(event);
          if (delays.next().value === 0) await tick();
        }
        await settled();
        const { page, partId, language, rows } = actor.getSnapshot().context;
        expect(page).toBeGreaterThanOrEqual(1);
        expect(rows.map((r) => JSON.parse(r.name))).toEqual([{ page, size: 10, partId, language }]);
        actor.stop();
      }),
      FC,
    );
  });

  it('saves a threshold only when the rule takes it; a saved one closes the modal and loads the page again, a refused one keeps it open', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('', '5', ' 12 ', '-1', 'x', '0'), { minLength: 1, maxLength: 4 }), fc.boolean(), async (typed, accepted) => {
        const { actor, calls, settled } = start({ save: () => (accepted ? { kind: 'done' } : { kind: 'refused', message: 'Please enter a correct number' }) });
        await settled();
        const loads = calls.loads;
        actor.send({ type: 'edit.open', row: { ...rowOf(4, 'Lens'), threshold: 3 } });
        expect(actor.getSnapshot().context.draft).toBe('3');
        for (const value of typed) actor.send({ type: 'edit.change', value });
        const draft = typed.at(-1)!;
        expect(canSaveThreshold({ draft })).toBe(thresholdProblem(draft) === null);
        actor.send({ type: 'edit.save' });
        await settled();
        if (thresholdProblem(draft) !== null) {
          expect(calls.saved).toEqual([]);
          expect(actor.getSnapshot().matches({ edit: 'open' })).toBe(true);
          return;
        }
        expect(calls.saved).toEqual([{ partId: 4, threshold: Number(draft) }]);
        expect(calls.told).toEqual([accepted ? 'saved' : 'saveFailed:Please enter a correct number']);
        expect(actor.getSnapshot().matches({ edit: accepted ? 'closed' : 'open' })).toBe(true);
        expect(actor.getSnapshot().context.editing === null).toBe(accepted);
        expect(calls.loads).toBe(loads + (accepted ? 1 : 0));
        actor.stop();
      }),
      FC,
    );
  });

  it('resets a count and loads the page again, or says it failed and loads nothing', async () => {
    for (const accepted of [true, false]) {
      const { actor, calls, settled } = start({ reset: () => (accepted ? { kind: 'done' } : { kind: 'refused', message: '' }) });
      await settled();
      const loads = calls.loads;
      actor.send({ type: 'count.reset', row: rowOf(2, 'Nozzle') });
      await settled();
      expect(calls.resets).toEqual([2]);
      expect(calls.told).toEqual([accepted ? 'resetDone' : 'resetFailed']);
      expect(calls.loads).toBe(loads + (accepted ? 1 : 0));
    }
  });

  it('says a failed load once and shows no rows', async () => {
    const machine = stockPageMachine.provide({
      actors: { loadStock: fromPromise(async (): Promise<StockAnswer> => ({ kind: 'refused', message: 'no' })) },
      actions: { notifyLoadFailed: () => told.push('loadFailed') },
    });
    const told: string[] = [];
    const actor = createActor(machine, { input: { language: 'zh' } }).start();
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(actor.getSnapshot().context).toMatchObject({ failed: true, rows: [] });
    expect(told).toEqual(['loadFailed']);
  });
});
