import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { labelScanMachine, type LabelScanAnswer, type ScannedMachine } from '../../../src/domain/devices/label-scan.machine';
import type { LiveRoute } from '../../../src/domain/devices/fleet';
import { scannedMachineOf } from '../../../src/domain/devices/scanned-machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20250101) };

const route = fc.record({
  page: fc.constantFrom<LiveRoute['page']>('deviceInfo', 'deviceInfoWs'),
  orderNumber: fc.stringMatching(/^[A-Z][A-Z0-9-]{0,10}$/),
  type: fc.constantFrom<LiveRoute['type']>('sheet', 'tube'),
});
const machine: fc.Arbitrary<ScannedMachine> = fc.record({ seriesName: fc.constantFrom('G', 'T', 'GA'), kind: fc.constantFrom('sheet' as const, 'tube' as const), live: fc.option(route, { nil: null }) });

/** One answer of ScanMachineLabel, or none at all (rejected). */
const answer = fc.oneof(
  machine.map((data): LabelScanAnswer => ({ kind: 'done', data })),
  fc.constantFrom<LabelScanAnswer>({ kind: 'withdrawn' }, { kind: 'unknownLabel' }),
  fc.string({ maxLength: 10 }).map((message): LabelScanAnswer => ({ kind: 'refused', message })),
  fc.constant('lost' as const),
);

function start(answers: (LabelScanAnswer | 'lost')[]) {
  const asked: string[] = [];
  const opened: LiveRoute[] = [];
  const actor = createActor(
    labelScanMachine.provide({
      actors: {
        scan: fromPromise(async ({ input }) => {
          const next = answers[asked.push(input.label) - 1];
          if (next === 'lost' || next === undefined) throw new Error('no answer');
          return next;
        }),
      },
      actions: { openLivePage: (_, live) => void opened.push(live) },
    }),
    { input: { label: '1a.0.AAAAAAAAAAAAAAAAAAAAAA' } },
  );
  actor.start();
  return { actor, asked, opened };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('label scan machine', () => {
  it('leads the owner on to the live page once, and shows a stranger the model only', async () => {
    const live: LiveRoute = { page: 'deviceInfoWs', orderNumber: 'G3015-0001', type: 'sheet' };
    const owner = start([{ kind: 'done', data: { seriesName: 'G', kind: 'sheet', live } }]);
    expect((await settled(owner.actor)).value).toBe('mine');
    expect(owner.opened).toEqual([live]);
    const stranger = start([{ kind: 'done', data: { seriesName: 'G', kind: 'sheet', live: null } }]);
    expect((await settled(stranger.actor)).value).toBe('stranger');
    expect(stranger.opened).toEqual([]);
    expect(stranger.asked).toEqual(['1a.0.AAAAAAAAAAAAAAAAAAAAAA']);
  });

  it('property: the state follows the last answer, the live page opens only for the owner, and a retry is only taken after a failure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 6 }), async (answers) => {
        const { actor, asked, opened } = start(answers);
        let snapshot = await settled(actor);
        while (snapshot.value === 'failed' && asked.length < answers.length) {
          actor.send({ type: 'scan.retry' });
          snapshot = await settled(actor);
        }
        const last = answers[asked.length - 1]!;
        const expected =
          last === 'lost' || last.kind === 'refused' ? 'failed' : last.kind === 'done' ? (last.data.live ? 'mine' : 'stranger') : last.kind === 'withdrawn' ? 'withdrawn' : 'unknown';
        expect(snapshot.value).toBe(expected);
        expect(opened).toEqual(last !== 'lost' && last.kind === 'done' && last.data.live ? [last.data.live] : []);
        expect(snapshot.context.machine).toEqual(last !== 'lost' && last.kind === 'done' ? last.data : null);
        expect(snapshot.context.error).toBe(last !== 'lost' && last.kind === 'refused' ? last.message : '');
        const before = asked.length;
        if (snapshot.value !== 'failed') {
          actor.send({ type: 'scan.retry' });
          expect(asked.length).toBe(before);
        }
        actor.stop();
      }),
      FC,
    );
  });
});

describe('scannedMachineOf', () => {
  it('gives a live page only with the owner’s order number, the page by communicationstatus as the fleet does', () => {
    const wire = { SeriesName: 'T', Kind: 'tube' as const, communicationstatus: 1 };
    expect(scannedMachineOf({ ...wire, Mine: true, OrderNumber: 'T220-1' })).toEqual({ seriesName: 'T', kind: 'tube', live: { page: 'deviceInfo', orderNumber: 'T220-1', type: 'tube' } });
    expect(scannedMachineOf({ ...wire, Mine: false, OrderNumber: null }).live).toBeNull();
    expect(scannedMachineOf({ ...wire, Mine: true, OrderNumber: null }).live).toBeNull();
    expect(scannedMachineOf({ SeriesName: 'G', Kind: 'sheet', communicationstatus: 0, Mine: true, OrderNumber: 'G1' }).live).toEqual({ page: 'deviceInfoWs', orderNumber: 'G1', type: 'sheet' });
  });
});
