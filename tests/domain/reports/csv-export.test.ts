import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { csvExportMachine, exportFileName, type ExportAnswer, type ExportQuery } from '../../../src/domain/reports/csv-export.machine';
import { refused } from '../../../src/domain/shared/refused';

const QUERY: ExportQuery = { orderNumber: 'LC-1', kind: 'sheet', table: 'report' };

function start(answer: ExportAnswer | Error) {
  const saved: Array<{ fileName: string; size: number }> = [];
  const notices: string[] = [];
  const asked: ExportQuery[] = [];
  const actor = createActor(
    csvExportMachine.provide({
      actors: {
        exportCsv: fromPromise(async ({ input }) => {
          asked.push(input);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: {
        saveFile: (_, params) => void saved.push({ fileName: params.fileName, size: params.blob.size }),
        notifyEmpty: () => void notices.push('empty'),
        notifyRefused: (_, params) => void notices.push(`refused:${params.info}`),
      },
    }),
  );
  actor.start();
  return { actor, saved, notices, asked };
}

describe('CSV export machine', () => {
  it('saves the file under the server name, else under order number, table and range', async () => {
    const named = start({ kind: 'file', blob: new Blob(['\uFEFFa,b\n']), fileName: '报表.csv' });
    named.actor.send({ type: 'export.csv', query: QUERY });
    expect(named.actor.getSnapshot().context.exporting).toBe('report');
    await waitFor(named.actor, (s) => s.matches('idle'));
    expect(named.saved).toEqual([{ fileName: '报表.csv', size: 7 }]);
    expect(named.actor.getSnapshot().context.exporting).toBeNull();

    const unnamed = start({ kind: 'file', blob: new Blob(['x']), fileName: null });
    const range = { start: '2025-06-01', end: '2025-06-07' };
    unnamed.actor.send({ type: 'export.csv', query: { ...QUERY, orderNumber: 'LC/1', table: 'alarms', range } });
    await waitFor(unnamed.actor, (s) => s.matches('idle'));
    expect(unnamed.saved[0].fileName).toBe('LC_1-alarms-2025-06-01_2025-06-07.csv');
    expect(exportFileName({ ...QUERY, table: 'runtime' })).toBe('LC-1-runtime.csv');
  });

  it('exports one table at a time', async () => {
    const { actor, asked } = start({ kind: 'file', blob: new Blob(['x']), fileName: 'a.csv' });
    actor.send({ type: 'export.csv', query: QUERY });
    actor.send({ type: 'export.csv', query: { ...QUERY, table: 'runtime' } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked.map((query) => query.table)).toEqual(['report']);
  });

  it('says "nothing to export" when there is nothing and shows a refusal', async () => {
    const empty = start({ kind: 'empty' });
    empty.actor.send({ type: 'export.csv', query: QUERY });
    await waitFor(empty.actor, (s) => s.matches('idle'));
    expect(empty.notices).toEqual(['empty']);

    const refusal = start(refused('at most 7 days'));
    refusal.actor.send({ type: 'export.csv', query: QUERY });
    await waitFor(refusal.actor, (s) => s.matches('idle'));
    expect(refusal.notices).toEqual(['refused:at most 7 days']);
    expect(refusal.saved).toEqual([]);
  });

  it('is ready again after a call that got no answer', async () => {
    const { actor, saved, notices } = start(new Error('network'));
    actor.send({ type: 'export.csv', query: QUERY });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.exporting).toBeNull();
    expect([saved, notices]).toEqual([[], []]);
  });
});
