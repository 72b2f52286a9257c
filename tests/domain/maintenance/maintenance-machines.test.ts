import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ItemsAnswer, MaintenanceItem, MaintenancePlan, PlansAnswer, RecordsAnswer, SaveAnswer } from '../../../src/domain/maintenance/maintenance';
import { dueByMachine } from '../../../src/domain/maintenance/maintenance';
import { maintenanceDrawerMachine } from '../../../src/domain/maintenance/maintenance-drawer.machine';
import { addableIds, maintenancePageMachine } from '../../../src/domain/maintenance/maintenance-page.machine';

const now = new Date('2026-11-24T06:30:00Z');
const plan = (over: Partial<MaintenancePlan> = {}): MaintenancePlan => ({
  id: 7, machineId: 1, itemId: 3, project: 'Chiller', orderNumber: 'G1', series: 'G', realName: 'A', content: '', createTime: '', cycleHours: 10, surplusHours: 0,
  warningHours: 2, warningTime: '', enabled: true, state: 'overdue', runHours: 10, cyclePierces: null, surplusPierces: null, warningPierces: null, pierces: 0, since: '', ...over,
});
const item = (id: number, enabled = true): MaintenanceItem => ({ id, project: `P${id}`, series: 'G', content: '', cycleHours: 10, warningHours: 1, cyclePierces: null, warningPierces: null, enabled });

function drawer(confirmed: Array<{ at: Date; state: 0 | 1 }>) {
  return createActor(
    maintenanceDrawerMachine.provide({
      actors: {
        loadPlan: fromPromise(async (): Promise<PlansAnswer> => ({ kind: 'plans', plans: [plan()] })),
        loadRecords: fromPromise(async (): Promise<RecordsAnswer> => ({ kind: 'records', records: [], total: 0 })),
        confirm: fromPromise(async ({ input }: { input: { planId: number; at: Date; state: 0 | 1 } }): Promise<SaveAnswer> => {
          confirmed.push({ at: input.at, state: input.state });
          return { kind: 'saved', message: 'ok' };
        }),
      },
    }),
  ).start();
}

describe('the Maintain drawer', () => {
  it('loads the details then the records, refuses a confirmation without a time, confirms with the state and reloads', async () => {
    const confirmed: Array<{ at: Date; state: 0 | 1 }> = [];
    const actor = drawer(confirmed);
    actor.send({ type: 'drawer.open', planId: 7 });
    expect(actor.getSnapshot().matches({ open: 'loadingDetails' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(actor.getSnapshot().context.plan?.id).toBe(7);
    actor.send({ type: 'confirm.submit', now });
    expect(actor.getSnapshot().context.timeProblem).toBe('required');
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    actor.send({ type: 'time.pick', at: new Date(now.getTime() + 86_400_000), now });
    expect(actor.getSnapshot().context.time?.getTime()).toBe(now.getTime());
    actor.send({ type: 'time.pick', at: null, now });
    expect(actor.getSnapshot().context.time?.getTime()).toBe(now.getTime());
    actor.send({ type: 'confirm.submit', now });
    await waitFor(actor, (s) => s.context.confirmed === 1 && s.matches({ open: 'ready' }));
    expect(confirmed).toEqual([{ at: now, state: 0 }]);
    actor.send({ type: 'drawer.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('over any events never confirms without a time or with a future one', async () => {
    const event = fc.oneof(
      fc.constant({ type: 'drawer.open' as const, planId: 7 }),
      fc.constant({ type: 'drawer.close' as const }),
      fc.record({ type: fc.constant('time.pick' as const), at: fc.option(fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }), { nil: null }), now: fc.constant(now) }),
      fc.constant({ type: 'confirm.submit' as const, now }),
      fc.record({ type: fc.constant('records.page' as const), page: fc.integer({ min: -1, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 25 }), async (events) => {
        const confirmed: Array<{ at: Date; state: 0 | 1 }> = [];
        const actor = drawer(confirmed);
        for (const e of events) {
          actor.send(e);
          await new Promise((r) => setTimeout(r, 0));
          const { time } = actor.getSnapshot().context;
          if (time) expect(time.getTime()).toBeLessThanOrEqual(now.getTime());
        }
        for (const c of confirmed) expect(c.at.getTime()).toBeLessThanOrEqual(now.getTime());
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});

describe('the maintenance page', () => {
  it('adds only enabled, unplanned items of the selection and reloads both tables', async () => {
    const added: number[][] = [];
    let plans = [plan({ itemId: 3 })];
    const actor = createActor(
      maintenancePageMachine.provide({
        actors: {
          load: fromPromise(async (): Promise<{ items: ItemsAnswer; plans: PlansAnswer }> => ({ items: { kind: 'items', items: [item(3), item(4), item(5, false)], total: 3 }, plans: { kind: 'plans', plans } })),
          loadPlans: fromPromise(async (): Promise<PlansAnswer> => ({ kind: 'plans', plans })),
          addPlan: fromPromise(async ({ input }: { input: { machineId: number; itemId: number } }): Promise<SaveAnswer> => {
            added.push([input.itemId]);
            plans = [...plans, plan({ id: 8, itemId: 4 })];
            return { kind: 'saved', message: 'success' };
          }),
          removePlan: fromPromise(async (): Promise<SaveAnswer> => ({ kind: 'saved', message: 'success' })),
        },
      }),
    ).start();
    actor.send({ type: 'machine.set', machine: { id: 1, series: 'G', orderNumber: 'G1' } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'selection.set', ids: [3, 4, 5] });
    expect(actor.getSnapshot().context.selected).toEqual([4]);
    actor.send({ type: 'plans.add' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.plans.length === 2);
    expect(added).toEqual([[4]]);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('adds the selection one call an item, in order, and stops at the first refusal, which is the answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), fc.option(fc.nat({ max: 5 })), async (ids, refuseAt) => {
        const asked: number[] = [];
        const actor = createActor(
          maintenancePageMachine.provide({
            actors: {
              load: fromPromise(async (): Promise<{ items: ItemsAnswer; plans: PlansAnswer }> => ({ items: { kind: 'items', items: ids.map((id) => item(id)), total: ids.length }, plans: { kind: 'plans', plans: [] } })),
              loadPlans: fromPromise(async (): Promise<PlansAnswer> => ({ kind: 'plans', plans: [] })),
              addPlan: fromPromise(async ({ input }: { input: { machineId: number; itemId: number } }): Promise<SaveAnswer> => {
                asked.push(input.itemId);
                return asked.length - 1 === refuseAt ? { kind: 'refused', message: 'duplicate' } : { kind: 'saved', message: 'success' };
              }),
              removePlan: fromPromise(async (): Promise<SaveAnswer> => ({ kind: 'saved', message: 'success' })),
            },
          }),
        ).start();
        actor.send({ type: 'machine.set', machine: { id: 1, series: 'G', orderNumber: 'G1' } });
        await waitFor(actor, (s) => s.matches('ready'));
        actor.send({ type: 'selection.set', ids });
        actor.send({ type: 'plans.add' });
        await waitFor(actor, (s) => s.matches('ready'));
        const refused = refuseAt !== null && refuseAt < ids.length;
        expect(asked).toEqual(refused ? ids.slice(0, refuseAt + 1) : ids);
        // A refusal keeps the selection for another try; all added clears it.
        expect(actor.getSnapshot().context.selected).toEqual(refused ? ids : []);
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('never offers a planned or disabled item for adding', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 })), fc.array(fc.integer({ min: 1, max: 20 })), fc.array(fc.integer({ min: 1, max: 20 })), (itemIds, plannedIds, chosen) => {
        const items = itemIds.map((id) => item(id, id % 3 !== 0));
        const plans = plannedIds.map((itemId, i) => plan({ id: i + 1, itemId }));
        for (const id of addableIds({ items, plans }, chosen)) {
          expect(items.find((i) => i.id === id)?.enabled).toBe(true);
          expect(plans.some((p) => p.itemId === id)).toBe(false);
        }
      }),
    );
  });

  it('badges a machine with its worst state and the number of due plans', () => {
    expect(dueByMachine([plan({ state: 'warning' }), plan({ state: 'overdue' }), plan({ orderNumber: 'T1', state: 'warning' }), plan({ orderNumber: 'C1', state: 'normal' })])).toEqual({
      G1: { state: 'overdue', count: 2 },
      T1: { state: 'warning', count: 1 },
    });
  });
});
