import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FleetAnswer, MyMachine } from '../../../src/domain/devices/fleet';
import {
  randomFilesMachine,
  searchTarget,
  visibleMachines,
  type FileAnswer,
  type FilesAnswer,
  type RandomFileRow,
  type RandomFilesEvent,
  type Transfer,
} from '../../../src/domain/files/random-files.machine';
import { refused } from '../../../src/domain/shared/refused';

const machine = (ordernumber: string, name = `${ordernumber} laser`): MyMachine => ({ equipmentid: 1, name, communicationstatus: 0, ordernumber, seriesname: 'G' });
const FLEET = [machine('G3015-240101'), machine('T220-240305'), machine('K350-231108')];
const fileRow = (orderNumber: string, n: number): RandomFileRow => ({
  Id: `${orderNumber}-f${n}`,
  FileName: `${orderNumber}-doc${n}.pdf`,
  FilePath: `${orderNumber}/${orderNumber}-doc${n}.pdf`,
  Title: `Document ${n}`,
  FileClassify: 'certificate',
  MachineType: 0,
  CreateTime: '2025-01-01T00:00:00.000Z',
  Size: 1000 + n,
});
const listOf = (orderNumber: string): FilesAnswer => ({ kind: 'list', files: [1, 2, 3, 4].map((n) => fileRow(orderNumber, n)) });

interface Fakes {
  machines?: () => Promise<FleetAnswer>;
  files?: (orderNumber: string) => Promise<FilesAnswer>;
  fetch?: (t: Transfer) => Promise<FileAnswer>;
}

function start(input: { order?: string | null } = {}, fakes: Fakes = {}) {
  const calls = { files: [] as string[], saved: [] as string[], opened: [] as string[], remembered: [] as string[], missing: 0, failed: 0 };
  const actor = createActor(
    randomFilesMachine.provide({
      actors: {
        loadMachines: fromPromise(async (): Promise<FleetAnswer> => (fakes.machines ? fakes.machines() : { kind: 'list', machines: FLEET })),
        loadFiles: fromPromise(async ({ input }) => {
          calls.files.push(input.orderNumber);
          return fakes.files ? fakes.files(input.orderNumber) : listOf(input.orderNumber);
        }),
        fetchFile: fromPromise(async ({ input }) =>
          fakes.fetch ? fakes.fetch(input) : ({ kind: 'file', blob: new Blob(['%PDF-1.4']), fileName: null } as FileAnswer),
        ),
      },
      actions: {
        saveFile: (_, p) => void calls.saved.push(p.fileName),
        openFile: (_, p) => void calls.opened.push(p.fileName),
        rememberChoice: (_, p) => void calls.remembered.push(p.orderNumber),
        notifyMissing: () => void calls.missing++,
        transferFailed: () => void calls.failed++,
      },
    }),
    { input },
  );
  actor.start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy') && !s.matches({ ready: { transfer: 'working' } }));

describe('random files: choosing a machine', () => {
  it('loads the machines, chooses the first, remembers it and loads its files', async () => {
    const { actor, calls } = start();
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(context.selected).toBe('G3015-240101');
    expect(calls.remembered).toEqual(['G3015-240101']);
    expect(calls.files).toEqual(['G3015-240101']);
    expect(context.files).toHaveLength(4);
    expect(context.filesOf).toBe('G3015-240101');
    expect(actor.getSnapshot().matches({ ready: { files: 'loaded' } })).toBe(true);
  });

  it('opens the machine the address names when it is the caller\'s, else the first', async () => {
    const own = start({ order: 'T220-240305' });
    await settled(own.actor);
    expect(own.actor.getSnapshot().context.selected).toBe('T220-240305');
    const other = start({ order: 'NOT-MINE-1' });
    await settled(other.actor);
    expect(other.actor.getSnapshot().context.selected).toBe('G3015-240101');
    expect(other.calls.files).toEqual(['G3015-240101']);
  });

  it('loads the files of a chosen machine and ignores one not in the list', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'machine.choose', orderNumber: 'K350-231108' });
    await settled(actor);
    expect(actor.getSnapshot().context.filesOf).toBe('K350-231108');
    actor.send({ type: 'machine.choose', orderNumber: 'SOMEONE-ELSE' });
    expect(actor.getSnapshot().context.selected).toBe('K350-231108');
    expect(calls.files).toEqual(['G3015-240101', 'K350-231108']);
    expect(calls.remembered).toEqual(['G3015-240101', 'K350-231108']);
  });

  it('shows an empty list for a fleet-less customer and loads no files', async () => {
    const { actor, calls } = start({}, { machines: async () => ({ kind: 'list', machines: [] }) });
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: { files: 'none' } })).toBe(true);
    expect(calls.files).toEqual([]);
    expect(calls.remembered).toEqual(['']);
  });

  it('fails the machine list with the server\'s info and retries', async () => {
    let answer: FleetAnswer = { kind: 'refused', message: 'boom' };
    const { actor } = start({}, { machines: async () => answer });
    await waitFor(actor, (s) => s.matches('machinesFailed'));
    expect(actor.getSnapshot().context.error).toBe('boom');
    answer = { kind: 'list', machines: FLEET };
    actor.send({ type: 'machines.retry' });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe('');
    expect(actor.getSnapshot().context.selected).toBe('G3015-240101');
  });
});

describe('random files: the file table', () => {
  it('shows a machine without files as an empty table', async () => {
    const { actor } = start({}, { files: async () => ({ kind: 'list', files: [] }) });
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: { files: 'loaded' } })).toBe(true);
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('fails with the refusal and loads again on retry', async () => {
    let fail = true;
    const { actor } = start({}, { files: async (o) => (fail ? refused('nope') : listOf(o)) });
    await waitFor(actor, (s) => s.matches({ ready: { files: 'failed' } }));
    expect(actor.getSnapshot().context.error).toBe('nope');
    fail = false;
    actor.send({ type: 'files.retry' });
    await settled(actor);
    expect(actor.getSnapshot().context.files).toHaveLength(4);
  });

  it('keeps only the files of the last machine chosen when answers arrive late', async () => {
    vi.useFakeTimers();
    try {
      const delays: Record<string, number> = { 'G3015-240101': 50, 'T220-240305': 300, 'K350-231108': 10 };
      const { actor } = start({}, { files: (o) => new Promise((resolve) => setTimeout(() => resolve(listOf(o)), delays[o])) });
      await vi.advanceTimersByTimeAsync(1);
      actor.send({ type: 'machine.choose', orderNumber: 'T220-240305' });
      actor.send({ type: 'machine.choose', orderNumber: 'K350-231108' });
      await vi.advanceTimersByTimeAsync(500);
      const { context } = actor.getSnapshot();
      expect(context.filesOf).toBe('K350-231108');
      expect(context.files.every((f) => f.Id.startsWith('K350-231108'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('random files: search box', () => {
  it('filters the list without choosing, and submitting chooses the exact or only match', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'search.change', value: ' t220 ' });
    expect(visibleMachines(actor.getSnapshot().context.machines, actor.getSnapshot().context.search).map((m) => m.ordernumber)).toEqual(['T220-240305']);
    expect(actor.getSnapshot().context.selected).toBe('G3015-240101');
    actor.send({ type: 'search.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.selected).toBe('T220-240305');
    actor.send({ type: 'search.change', value: '2' });
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().context.selected).toBe('T220-240305');
  });

  it('matches order numbers and names without spaces or case', () => {
    expect(visibleMachines(FLEET, '').length).toBe(3);
    expect(visibleMachines(FLEET, 'G3015 - 24').map((m) => m.ordernumber)).toEqual(['G3015-240101']);
    expect(visibleMachines(FLEET, 'LASER').length).toBe(3);
    expect(searchTarget(FLEET, 'k350-231108')).toBe('K350-231108');
    expect(searchTarget(FLEET, '24')).toBeNull();
    expect(searchTarget(FLEET, '  ')).toBeNull();
  });
});

describe('random files: download and view', () => {
  it('saves a download under the server\'s name, else the row\'s', async () => {
    let name: string | null = 'server-name.pdf';
    const { actor, calls } = start({}, { fetch: async () => ({ kind: 'file', blob: new Blob(['%PDF']), fileName: name }) });
    await settled(actor);
    actor.send({ type: 'file.download', id: 'G3015-240101-f2' });
    await settled(actor);
    name = null;
    actor.send({ type: 'file.download', id: 'G3015-240101-f3' });
    await settled(actor);
    expect(calls.saved).toEqual(['server-name.pdf', 'G3015-240101-doc3.pdf']);
    expect(calls.opened).toEqual([]);
  });

  it('opens a viewed file instead of saving it', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'file.view', id: 'G3015-240101-f1' });
    expect(actor.getSnapshot().context.transfer).toEqual({ id: 'G3015-240101-f1', mode: 'view' });
    await settled(actor);
    expect(calls.opened).toEqual(['G3015-240101-doc1.pdf']);
    expect(calls.saved).toEqual([]);
    expect(actor.getSnapshot().context.transfer).toBeNull();
  });

  it('warns for a refused download and tidies up after one that got no answer', async () => {
    let refuse = true;
    const { actor, calls } = start({}, {
      fetch: async () => {
        if (refuse) return refused('The file does not exist');
        throw new Error('network');
      },
    });
    await settled(actor);
    actor.send({ type: 'file.download', id: 'x' });
    await settled(actor);
    refuse = false;
    actor.send({ type: 'file.view', id: 'y' });
    await settled(actor);
    expect(calls.missing).toBe(1);
    expect(calls.failed).toBe(1);
    expect(calls.saved).toEqual([]);
    expect(actor.getSnapshot().context.transfer).toBeNull();
  });

  it('handles one transfer at a time', async () => {
    let release: (a: FileAnswer) => void = () => {};
    const { actor, calls } = start({}, { fetch: () => new Promise((resolve) => (release = resolve)) });
    await settled(actor);
    actor.send({ type: 'file.download', id: 'a' });
    actor.send({ type: 'file.view', id: 'b' });
    expect(actor.getSnapshot().context.transfer).toEqual({ id: 'a', mode: 'download' });
    release({ kind: 'file', blob: new Blob([]), fileName: 'a.pdf' });
    await settled(actor);
    expect(calls.saved).toEqual(['a.pdf']);
    expect(calls.opened).toEqual([]);
  });
});

describe('random files: properties', () => {
  const orderNumbers = FLEET.map((m) => m.ordernumber);
  const eventArb: fc.Arbitrary<RandomFilesEvent> = fc.oneof(
    fc.constantFrom(...orderNumbers, 'NOT-MINE-1', '').map((orderNumber) => ({ type: 'machine.choose' as const, orderNumber })),
    fc.string({ maxLength: 12 }).map((value) => ({ type: 'search.change' as const, value })),
    fc.constantFrom(...orderNumbers).map((value) => ({ type: 'search.change' as const, value: value.slice(0, 6) })),
    fc.constant({ type: 'search.submit' as const }),
    fc.constant({ type: 'files.retry' as const }),
    fc.constant({ type: 'machines.retry' as const }),
    fc.constantFrom('f1', 'f2').map((id) => ({ type: 'file.download' as const, id })),
    fc.constantFrom('f1', 'f2').map((id) => ({ type: 'file.view' as const, id })),
  );

  it('always shows a machine of the list, files only of that machine, and at most one transfer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<string | null>(null, ...orderNumbers, 'NOT-MINE-1'),
        fc.array(fc.tuple(eventArb, fc.boolean()), { maxLength: 25 }),
        fc.boolean(),
        async (order, steps, filesFail) => {
          const { actor, calls } = start(
            { order },
            { files: async (o) => (filesFail && o.startsWith('T') ? refused('down') : listOf(o)) },
          );
          let started = 0;
          for (const [event, wait] of steps) {
            const before = actor.getSnapshot();
            if ((event.type === 'file.download' || event.type === 'file.view') && before.matches({ ready: { transfer: 'idle' } })) started++;
            actor.send(event);
            if (wait) await new Promise((resolve) => setTimeout(resolve, 0));
            const { context } = actor.getSnapshot();
            if (context.selected !== null) expect(orderNumbers).toContain(context.selected);
            if (context.filesOf !== null) {
              expect(context.filesOf).toBe(context.selected);
              expect(context.files.every((f) => f.Id.startsWith(context.filesOf!))).toBe(true);
            } else {
              expect(context.files).toEqual([]);
            }
            expect(context.search.length).toBeLessThanOrEqual(100);
          }
          await settled(actor);
          const { context } = actor.getSnapshot();
          expect(context.transfer).toBeNull();
          expect(calls.remembered.every((o) => orderNumbers.includes(o))).toBe(true);
          // Every transfer started ends in exactly one outcome, whatever was chosen meanwhile.
          expect(calls.saved.length + calls.opened.length + calls.missing + calls.failed).toBe(started);
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('visibleMachines only ever narrows the list and keeps its order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 8 }), fc.string({ maxLength: 6 }), (names, search) => {
        const list = names.map((n) => machine(n));
        const shown = visibleMachines(list, search);
        expect(shown.every((m) => list.includes(m))).toBe(true);
        expect(shown.map((m) => list.indexOf(m))).toEqual([...shown.map((m) => list.indexOf(m))].sort((a, b) => a - b));
        const target = searchTarget(list, search);
        if (target !== null) expect(list.map((m) => m.ordernumber)).toContain(target);
      }),
    );
  });
});
