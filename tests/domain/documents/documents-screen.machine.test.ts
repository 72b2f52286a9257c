import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  clampDocumentPage,
  createDocumentsScreenMachine,
  documentPages,
  DOCUMENT_PAGE_SIZES,
  type DocumentsScreenEvent,
} from '../../../src/domain/documents/documents-screen.machine';
import type { FleetAnswer, MyMachine } from '../../../src/domain/devices/fleet';

const FC = { numRuns: 150, seed: Number(process.env.FC_SEED ?? 20250101) };

interface Doc {
  Id: string;
  FileName: string;
  OrderNumber: string;
}
type Report = { kind: 'report'; of: string; report: 'work' | 'cam' };

/** A fake WebGetList over a list of documents, recording the notices the screen would show. */
function start(count: number, fleet: FleetAnswer | Error = { kind: 'list', machines: [] }) {
  const server: Doc[] = Array.from({ length: count }, (_, i) => ({ Id: `d${i}`, FileName: `file-${i}.dxf`, OrderNumber: i % 3 === 0 ? 'T-1' : 'G-2' }));
  const notices: string[] = [];
  const matching = (q: { orderNumber: string; fileName: string }) =>
    server.filter((d) => (!q.orderNumber || d.OrderNumber === q.orderNumber) && (!q.fileName || d.FileName.includes(q.fileName)));
  const machine = createDocumentsScreenMachine<Doc, Report>().provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        const rows = matching(input);
        return { kind: 'list' as const, documents: rows.slice(input.offset, input.offset + input.size), total: rows.length };
      }),
      remove: fromPromise(async ({ input }) => {
        const at = server.findIndex((d) => d.Id === input.id);
        if (at < 0) return { kind: 'refused' as const, message: 'The document does not exist' };
        server.splice(at, 1);
        return { kind: 'deleted' as const };
      }),
      loadReport: fromPromise(async ({ input }) => ({ kind: 'report' as const, of: input.doc.Id, report: input.report })),
      loadMachines: fromPromise(async () => {
        if (fleet instanceof Error) throw fleet;
        return fleet;
      }),
    },
    actions: {
      deleted: () => notices.push('deleted'),
      deleteFailed: () => notices.push('deleteFailed'),
      warnEmptyName: () => notices.push('emptyName'),
      listFailed: () => notices.push('listFailed'),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, server, notices, matching };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("documents screen: the caller's machines", () => {
  it('are null while they load, then the list; a refusal or no answer leaves none (the select says so)', async () => {
    const machine = { ordernumber: 'T-1', name: 'Tube one' } as MyMachine;
    const listed = start(0, { kind: 'list', machines: [machine] });
    expect(listed.actor.getSnapshot().context.machines).toBeNull();
    await settle();
    expect(listed.actor.getSnapshot().context.machines).toEqual([machine]);
    for (const answer of [{ kind: 'refused', message: 'no' } as const, new Error('no answer')]) {
      const { actor } = start(0, answer);
      await settle();
      expect(actor.getSnapshot().context.machines).toEqual([]);
    }
  });
});

describe('documents screen: paging', () => {
  it('loads the first page of 10, then the page asked for; the jumper is kept within the pages', async () => {
    const { actor } = start(25);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, size: 10, total: 25 });
    expect(actor.getSnapshot().context.documents!.map((d) => d.Id)).toEqual(Array.from({ length: 10 }, (_, i) => `d${i}`));
    actor.send({ type: 'page', page: 99 });
    await settle();
    expect(actor.getSnapshot().context.page).toBe(3);
    expect(actor.getSnapshot().context.documents!.map((d) => d.Id)).toEqual(['d20', 'd21', 'd22', 'd23', 'd24']);
    actor.send({ type: 'size', size: 20 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, size: 20 });
    actor.send({ type: 'size', size: 7 });
    await settle();
    expect(actor.getSnapshot().context.size).toBe(20);
  });

  it('goes back to the last page with rows when a deletion empties the last one', async () => {
    const { actor, notices } = start(11);
    await settle();
    actor.send({ type: 'page', page: 2 });
    await settle();
    const last = actor.getSnapshot().context.documents![0]!;
    actor.send({ type: 'delete.ask', doc: last });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('deleting')).toBe(true);
    await settle();
    expect(notices).toEqual(['deleted']);
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, total: 10, panel: { kind: 'none' } });
    expect(actor.getSnapshot().context.documents).toHaveLength(10);
  });

  it('warns on an empty name search and keeps the filter; a new filter goes back to page 1', async () => {
    const { actor, notices } = start(30);
    await settle();
    actor.send({ type: 'page', page: 2 });
    await settle();
    actor.send({ type: 'filter.name', fileName: '   ' });
    await settle();
    expect(notices).toEqual(['emptyName']);
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'filter.order', orderNumber: 'T-1' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, total: 10, query: { orderNumber: 'T-1' } });
  });
});

describe('documents screen: panels', () => {
  it('opens one panel at a time; a report drawer loads the report of its document', async () => {
    const { actor } = start(3);
    await settle();
    const doc = actor.getSnapshot().context.documents![1]!;
    actor.send({ type: 'report.open', report: 'cam', doc });
    actor.send({ type: 'upload.open' });
    actor.send({ type: 'delete.ask', doc });
    await settle();
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'report', report: 'cam', doc, answer: { kind: 'report', of: doc.Id, report: 'cam' } });
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'upload.open' });
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'upload' });
    actor.send({ type: 'upload.done' });
    await settle();
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'none' });
  });

  it('property: whatever is done, the table shows the page the server has for the filter, within the pages, and at most one panel', async () => {
    const doc = fc.nat(40).map((i) => ({ Id: `d${i}`, FileName: `file-${i}.dxf`, OrderNumber: i % 3 === 0 ? 'T-1' : 'G-2' }));
    const event: fc.Arbitrary<DocumentsScreenEvent<{ Id: string; FileName: string; OrderNumber: string }>> = fc.oneof(
      fc.integer({ min: -3, max: 12 }).map((page) => ({ type: 'page' as const, page })),
      fc.constantFrom(...DOCUMENT_PAGE_SIZES, 3).map((size) => ({ type: 'size' as const, size })),
      fc.constantFrom('', 'T-1', 'G-2').map((orderNumber) => ({ type: 'filter.order' as const, orderNumber })),
      fc.constantFrom('', ' ', 'file-1', '.dxf').map((fileName) => ({ type: 'filter.name' as const, fileName })),
      fc.constant({ type: 'filter.reset' as const }),
      fc.constant({ type: 'upload.open' as const }),
      fc.constant({ type: 'upload.done' as const }),
      fc.constant({ type: 'panel.close' as const }),
      fc.constant({ type: 'delete.confirm' as const }),
      doc.map((d) => ({ type: 'delete.ask' as const, doc: d })),
      fc.tuple(fc.constantFrom('work' as const, 'cam' as const), doc).map(([report, d]) => ({ type: 'report.open' as const, report, doc: d })),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 40 }), fc.array(fc.tuple(event, fc.boolean()), { maxLength: 25 }), async (count, steps) => {
        const { actor, matching } = start(count);
        await settle();
        for (const [e, wait] of steps) {
          actor.send(e);
          if (wait) await settle();
        }
        await settle();
        const snapshot = actor.getSnapshot();
        const c = snapshot.context;
        const rows = matching(c.query);
        expect(c.total).toBe(rows.length);
        expect(c.page).toBe(clampDocumentPage(c.page, c.total, c.size));
        expect(c.page).toBeLessThanOrEqual(documentPages(rows.length, c.size));
        expect(DOCUMENT_PAGE_SIZES).toContain(c.size);
        expect(c.documents!.map((d) => d.Id)).toEqual(rows.slice((c.page - 1) * c.size, c.page * c.size).map((d) => d.Id));
        expect(c.query.fileName).toBe(c.query.fileName.trim());
        // The panel the state is in is the one the context names.
        const region = (snapshot.value as { panel: string }).panel;
        const expected = { closed: 'none', upload: 'upload', confirming: 'confirm', deleting: 'confirm', report: 'report' }[region];
        expect(c.panel.kind).toBe(expected);
        if (c.panel.kind === 'report') expect(c.panel.answer).toEqual({ kind: 'report', of: c.panel.doc.Id, report: c.panel.report });
        actor.stop();
      }),
      FC,
    );
  });
});
