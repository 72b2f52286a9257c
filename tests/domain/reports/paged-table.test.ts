import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pagedTableMachine, type MachineRef, type PageQuery, type PagedTableEvent } from '../../../src/domain/reports/paged-table.machine';
import { pageCount, pageOffset } from '../../../src/domain/reports/paging';
import type { PageAnswer } from '../../../src/domain/reports/report-rows';
import { refused } from '../../../src/domain/shared/refused';

const SHEET: MachineRef = { orderNumber: 'G-1', kind: 'sheet' };
const TUBE: MachineRef = { orderNumber: 'T-1', kind: 'tube' };
const OTHER: MachineRef = { orderNumber: 'G-2', kind: 'sheet' };

/** A page whose rows say which query they answer. */
const pageFor = (query: PageQuery, total = 95): PageAnswer => ({
  kind: 'page',
  rows: Array.from({ length: Math.max(0, Math.min(query.size, total - query.offset)) }, (_, i) => ({
    Id: `${query.orderNumber}:${query.offset + i}`,
    orderNumber: query.orderNumber,
    offset: query.offset,
    size: query.size,
  })),
  total,
});

function start(answer: (query: PageQuery) => PageAnswer | Error | Promise<PageAnswer>, machine: MachineRef | null = SHEET) {
  const queries: PageQuery[] = [];
  const actor = createActor(
    pagedTableMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }) => {
          queries.push(input);
          const result = await answer(input);
          if (result instanceof Error) throw result;
          return result;
        }),
      },
    }),
    { input: { machine } },
  );
  actor.start();
  return { actor, queries };
}

describe('paged table machine', () => {
  it('loads the first page of the machine it starts with, then the pages asked for', async () => {
    const { actor, queries } = start((query) => pageFor(query));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries).toEqual([{ ...SHEET, offset: 0, size: 10 }]);
    expect(actor.getSnapshot().context).toMatchObject({ total: 95, page: 1, loaded: true });

    actor.send({ type: 'page.set', page: 3 });
    // The old rows stay on screen while the next page loads.
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.rows).toHaveLength(10);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toEqual({ ...SHEET, offset: 20, size: 10 });

    actor.send({ type: 'size.set', size: 50 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toEqual({ ...SHEET, offset: 0, size: 50 });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('refuses pages outside the table and sizes outside 10, 20 and 50', async () => {
    const { actor, queries } = start((query) => pageFor(query));
    await waitFor(actor, (s) => s.matches('ready'));
    for (const page of [0, -1, 11, 2.5, Number.NaN]) actor.send({ type: 'page.set', page });
    actor.send({ type: 'size.set', size: 15 });
    actor.send({ type: 'size.set', size: 10 });
    expect(queries).toHaveLength(1);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('waits without a machine and loads when one is chosen', async () => {
    const { actor, queries } = start((query) => pageFor(query), null);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'table.reload' });
    actor.send({ type: 'page.set', page: 2 });
    expect(queries).toEqual([]);
    actor.send({ type: 'machine.set', machine: TUBE });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries).toEqual([{ ...TUBE, offset: 0, size: 10 }]);
  });

  it('starts another machine at its first page with no rows of the previous one', async () => {
    const { actor, queries } = start((query) => pageFor(query));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page.set', page: 4 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'machine.set', machine: TUBE });
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, rows: [], loaded: false, machine: TUBE });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toEqual({ ...TUBE, offset: 0, size: 10 });
    // The same machine again changes nothing.
    actor.send({ type: 'machine.set', machine: { ...TUBE } });
    expect(queries).toHaveLength(3);
  });

  it('shows an empty table for an empty page and the refusal otherwise', async () => {
    const empty = start(() => ({ kind: 'page', rows: [], total: 0 }));
    await waitFor(empty.actor, (s) => s.matches('ready'));
    expect(empty.actor.getSnapshot().context).toMatchObject({ rows: [], total: 0, loaded: true, error: '' });

    const refusal = start(() => refused('Database unavailable'));
    await waitFor(refusal.actor, (s) => s.matches('failed'));
    expect(refusal.actor.getSnapshot().context.error).toBe('Database unavailable');

    let calls = 0;
    const thrown = start(() => (calls++ === 0 ? new Error('network') : pageFor({ ...SHEET, offset: 0, size: 10 })));
    await waitFor(thrown.actor, (s) => s.matches('failed'));
    expect(thrown.actor.getSnapshot().context.error).toBe('');
    thrown.actor.send({ type: 'table.reload' });
    await waitFor(thrown.actor, (s) => s.matches('ready'));
  });

  it('goes to the new last page when the table shrank under the page shown', async () => {
    let total = 95;
    const { actor, queries } = start((query) => pageFor(query, total));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page.set', page: 10 });
    await waitFor(actor, (s) => s.matches('ready'));
    total = 30;
    actor.send({ type: 'table.reload' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 3);
    expect(queries.at(-1)).toEqual({ ...SHEET, offset: 20, size: 10 });
    expect(actor.getSnapshot().context.rows).toHaveLength(10);
  });

  it('ignores an aborted load', async () => {
    const { actor } = start(() => Object.assign(new Error('aborted'), { name: 'AbortError' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });
});

const machineArb = fc.constantFrom(SHEET, TUBE, OTHER);
const eventArb: fc.Arbitrary<PagedTableEvent | { type: 'settle' }> = fc.oneof(
  machineArb.map((machine) => ({ type: 'machine.set' as const, machine })),
  fc.integer({ min: -1, max: 12 }).map((page) => ({ type: 'page.set' as const, page })),
  fc.constantFrom(10, 20, 50, 15).map((size) => ({ type: 'size.set' as const, size })),
  fc.constant({ type: 'table.reload' as const }),
  fc.constant({ type: 'settle' as const }),
  fc.constant({ type: 'settle' as const }),
);

describe('paged table properties', () => {
  it('asks PrevPageNums = (page-1)*size, keeps the page in the table, resets paging on another machine, and never shows a stale page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(eventArb, { maxLength: 25 }), async (s, events) => {
        const queries: PageQuery[] = [];
        const actor = createActor(
          pagedTableMachine.provide({
            actors: {
              loadPage: fromPromise(({ input }) => {
                queries.push(input);
                // Answers arrive in an order the scheduler picks: late ones for old queries included.
                return s.schedule(Promise.resolve(pageFor(input)));
              }),
            },
          }),
          { input: { machine: SHEET } },
        );
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          const { machine, page, size, rows, total } = snapshot.context;
          if (page < 1 || page > pageCount(total, size)) problems.push(`page ${page} outside ${total}/${size}`);
          for (const row of rows) {
            if (row.orderNumber !== machine?.orderNumber || row.offset !== pageOffset(page, size) || row.size !== size) {
              if (snapshot.matches('ready')) problems.push(`stale row ${String(row.Id)} for ${machine?.orderNumber} page ${page}/${size}`);
            }
            if (row.orderNumber !== machine?.orderNumber) problems.push(`row of ${String(row.orderNumber)} shown for ${machine?.orderNumber}`);
          }
        });
        actor.start();

        for (const event of events) {
          if (event.type === 'settle') {
            if (s.count() > 0) await s.waitNext(1);
            continue;
          }
          const before = actor.getSnapshot().context;
          actor.send(event);
          const after = actor.getSnapshot().context;
          if (event.type === 'machine.set' && event.machine.orderNumber !== before.machine?.orderNumber) {
            expect(after.page).toBe(1);
            expect(after.rows).toEqual([]);
          }
        }
        await s.waitIdle();

        const last = actor.getSnapshot();
        expect(problems).toEqual([]);
        expect(last.matches('ready')).toBe(true);
        const { machine, page, size } = last.context;
        expect(queries.at(-1)).toEqual({ ...machine, offset: pageOffset(page, size), size });
        for (const query of queries) expect(query.offset % query.size).toBe(0);
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
