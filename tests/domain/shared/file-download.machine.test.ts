import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createFileDownloadMachine, type DownloadedFile } from '../../../src/domain/shared/file-download.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20250101) };

/** A download machine whose fetch the test answers by hand, recording what the screen would do. */
function start() {
  const pending: Array<{ id: string; answer: (file: DownloadedFile) => void; fail: () => void }> = [];
  const done: string[] = [];
  const machine = createFileDownloadMachine<{ id: string }>().provide({
    actors: {
      fetch: fromPromise(({ input }) => new Promise<DownloadedFile>((resolve, reject) => pending.push({ id: input.id, answer: resolve, fail: () => reject(new Error('no answer')) }))),
    },
    actions: {
      started: () => done.push('started'),
      save: (_, { fileName }) => done.push(`save ${fileName}`),
      refused: (_, { message }) => done.push(`refused ${message}`),
    },
  });
  return { actor: createActor(machine).start(), pending, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('file download', () => {
  it("saves under the server's name, else the listed one; says the server's words for a refusal", async () => {
    const { actor, pending, done } = start();
    actor.send({ type: 'download', input: { id: 'a' }, name: 'listed.dxf' });
    pending[0]!.answer({ kind: 'file', blob: new Blob(['x']), fileName: 'sent.dxf' });
    await settle();
    actor.send({ type: 'download', input: { id: 'b' }, name: 'listed.dxf' });
    pending[1]!.answer({ kind: 'file', blob: new Blob(['x']), fileName: null });
    await settle();
    actor.send({ type: 'download', input: { id: 'c' }, name: 'gone.dxf' });
    pending[2]!.answer({ kind: 'refused', message: 'The file does not exist' });
    await settle();
    expect(done).toEqual(['started', 'save sent.dxf', 'started', 'save listed.dxf', 'started', 'refused The file does not exist']);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('property: one file at a time; every download asked while idle ends in exactly one save, refusal or silence (no answer), and the machine is idle again', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('click' as const), id: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constantFrom('file' as const, 'named' as const, 'refused' as const, 'lost' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const { actor, pending, done } = start();
        let expected = 0;
        let answered = 0;
        for (const s of steps) {
          if (s.kind === 'click') {
            const busy = actor.getSnapshot().hasTag('busy');
            actor.send({ type: 'download', input: { id: s.id }, name: `${s.id}.dxf` });
            if (!busy) expected += 1;
            expect(pending.length).toBe(expected);
            expect(actor.getSnapshot().context.pending?.input.id).toBe(pending[pending.length - 1]!.id);
            continue;
          }
          const open = pending[answered];
          if (!open || answered >= expected) continue;
          answered += 1;
          if (s.kind === 'lost') open.fail();
          else open.answer(s.kind === 'refused' ? { kind: 'refused', message: 'no' } : { kind: 'file', blob: new Blob([]), fileName: s.kind === 'named' ? 'server.bin' : null });
          await settle();
          expect(actor.getSnapshot().hasTag('busy')).toBe(false);
          const last = done[done.length - 1]!;
          if (s.kind === 'lost') expect(last).toBe('started');
          else if (s.kind === 'refused') expect(last).toBe('refused no');
          else expect(last).toBe(s.kind === 'named' ? 'save server.bin' : `save ${open.id}.dxf`);
        }
        expect(done.filter((d) => d === 'started').length).toBe(expected);
        actor.stop();
      }),
      FC,
    );
  });
});
