import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FileAnswer, FilesAnswer, RandomFileRow } from '../../../src/domain/files/random-files.machine';
import { allPages, COLLECT_PAGE_SIZE } from '../../../src/domain/staff/all-pages';
import { leadsExportMachine } from '../../../src/domain/staff/leads-export.machine';
import { machineFilesMachine } from '../../../src/domain/staff/machine-files.machine';
import type { PageAnswer } from '../../../src/domain/staff/paged-list.machine';
import { rowActMachine, type ActAnswer } from '../../../src/domain/staff/row-act.machine';
import type { Lead } from '../../../src/domain/staff/staff-records';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261202) };

describe('one act on a staff row at a time (rowActMachine)', () => {
  it('sends the acts that come while idle, tells each outcome once, and reloads the list after each', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ key: fc.constantFrom('u1', 'u2'), act: fc.constantFrom('approve' as const, 'reject' as const) }), { maxLength: 8 }), fc.boolean(), fc.boolean(), async (acts, accepted, waitEach) => {
        const sent: string[] = [];
        const told: string[] = [];
        let reloads = 0;
        const actor = createActor(
          rowActMachine<'approve' | 'reject'>().provide({
            actors: {
              act: fromPromise(async ({ input }): Promise<ActAnswer> => {
                sent.push(`${input.act}:${input.key}`);
                await new Promise((resolve) => setTimeout(resolve, 0));
                return accepted ? { kind: 'done' } : { kind: 'refused', message: 'gone' };
              }),
            },
            actions: { notifyDone: (_, { act }) => told.push(`done:${act}`), notifyRefused: (_, { message }) => told.push(`refused:${message}`), reloadList: () => reloads++ },
          }),
        ).start();
        let taken = 0;
        for (const a of acts) {
          if (actor.getSnapshot().matches('idle')) taken++;
          actor.send({ type: 'act', ...a });
          if (actor.getSnapshot().matches('working')) expect(actor.getSnapshot().context.busy).not.toBeNull();
          if (waitEach) await waitFor(actor, (s) => s.matches('idle'));
        }
        await waitFor(actor, (s) => s.matches('idle'));
        expect(sent).toHaveLength(taken);
        expect(told).toEqual(sent.map((s) => (accepted ? `done:${s.split(':')[0]}` : 'refused:gone')));
        expect(reloads).toBe(taken);
        expect(actor.getSnapshot().context.busy).toBeNull();
      }),
      FC,
    );
  });
});

describe('a whole paged list (allPages) and the leads export', () => {
  const lead = (i: number) => ({ id: String(i) }) as unknown as Lead;

  it('collects every row page after page until a short page or the total, and stops at a refusal with what came before', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 450 }), fc.option(fc.integer({ min: 0, max: 4 })), async (total, refuseAtPage) => {
        const asked: number[] = [];
        const rows = await allPages(async ({ offset, size }): Promise<PageAnswer<Lead>> => {
          asked.push(offset);
          expect(size).toBe(COLLECT_PAGE_SIZE);
          if (refuseAtPage !== null && offset / size === refuseAtPage) return { kind: 'refused', message: 'no' };
          return { kind: 'page', rows: Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) => lead(offset + i)), total };
        });
        const pages = Math.max(1, Math.ceil((total + (total % COLLECT_PAGE_SIZE === 0 ? 1 : 0)) / COLLECT_PAGE_SIZE));
        const reached = refuseAtPage === null ? total : Math.min(total, refuseAtPage * COLLECT_PAGE_SIZE);
        expect(rows.map((r) => r.id)).toEqual(Array.from({ length: reached }, (_, i) => String(i)));
        expect(asked.length).toBeLessThanOrEqual(pages);
        expect(new Set(asked).size).toBe(asked.length);
      }),
      FC,
    );
  });

  it('hands every lead of the kind asked to saveCsv, one export at a time', async () => {
    const saved: Array<{ kind: string; n: number }> = [];
    const actor = createActor(
      leadsExportMachine.provide({
        actors: { loadAll: fromPromise(async ({ input }) => (input.kind === 'cam' ? [lead(1), lead(2)] : [lead(1)])) },
        actions: { saveCsv: (_, { kind, leads }) => saved.push({ kind, n: leads.length }) },
      }),
    ).start();
    actor.send({ type: 'export', kind: 'cam' });
    actor.send({ type: 'export', kind: 'contact' }); // while the first is under way: ignored
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'export', kind: 'contact' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toEqual([
      { kind: 'cam', n: 2 },
      { kind: 'contact', n: 1 },
    ]);
  });
});

describe("the service drawer's files of a machine (machineFilesMachine)", () => {
  const row = (Id: string) => ({ Id, FileName: `${Id}.pdf`, Title: '', FileClassify: '', CreateTime: '2026-12-02' }) as unknown as RandomFileRow;

  it("lists the machine's files or the server's refusal, and saves each download under the answer's name or the row's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(fc.record({ id: fc.constantFrom('a', 'b'), named: fc.boolean(), ok: fc.boolean() }), { maxLength: 5 }), async (listed, downloads) => {
        const saved: string[] = [];
        const asked: string[] = [];
        let next = 0;
        const actor = createActor(
          machineFilesMachine.provide({
            actors: {
              loadFiles: fromPromise(async ({ input }): Promise<FilesAnswer> => (asked.push(input.orderNumber), listed ? { kind: 'list', files: [row('a'), row('b')] } : { kind: 'refused', message: 'no files' })),
              fetchFile: fromPromise(async (): Promise<FileAnswer> => {
                const d = downloads[next++]!;
                return d.ok ? { kind: 'file', blob: new Blob(['x']), fileName: d.named ? `named-${d.id}` : null } : { kind: 'refused', message: 'gone' };
              }),
            },
            actions: { saveFile: (_, { fileName }) => saved.push(fileName) },
          }),
          { input: { orderNumber: 'G3015-1' } },
        ).start();
        await waitFor(actor, (s) => s.matches('ready'));
        expect(asked).toEqual(['G3015-1']);
        expect(actor.getSnapshot().context).toMatchObject(listed ? { files: [row('a'), row('b')], message: '' } : { files: [], message: 'no files' });
        for (const d of downloads) {
          actor.send({ type: 'file.download', file: row(d.id) });
          await waitFor(actor, (s) => s.matches('ready'));
        }
        expect(saved).toEqual(downloads.filter((d) => d.ok).map((d) => (d.named ? `named-${d.id}` : `${d.id}.pdf`)));
      }),
      FC,
    );
  });
});
