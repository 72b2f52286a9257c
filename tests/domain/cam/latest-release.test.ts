import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { latestReleaseMachine, type ReleasesQuery } from '../../../src/domain/cam/latest-release.machine';
import { releaseDate, type LatestReleaseAnswer } from '../../../src/domain/cam/software-catalog';
import { camRelease } from '../../support/cam-releases';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const release = camRelease;

function start(answer: (q: ReleasesQuery) => Promise<LatestReleaseAnswer>) {
  const queries: ReleasesQuery[] = [];
  const actor = createActor(
    latestReleaseMachine.provide({
      actors: {
        loadReleases: fromPromise<LatestReleaseAnswer, ReleasesQuery>(async ({ input }) => {
          queries.push(input);
          return answer(input);
        }),
      },
    }),
    { input: { productType: '1', lang: 'en' } },
  );
  actor.start();
  return { actor, queries };
}

describe('releaseDate', () => {
  it('shows the date part of a release time', () => {
    expect(releaseDate('2026-06-15 10:00:00')).toBe('2026-06-15');
    expect(releaseDate('2026-6-5T02:00:00.000Z')).toBe('2026-06-05');
    expect(releaseDate('soon')).toBe('soon');
  });
});

describe('latest release machine', () => {
  it('loads and shows the latest release', async () => {
    const { actor, queries } = start(async () => ({ kind: 'release', release: release('V2.0.3') }));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.release?.versionnumber).toBe('V2.0.3');
    expect(queries).toEqual([{ productType: '1', lang: 'en' }]);
  });

  it("keeps the server's message when there is no release", async () => {
    const { actor } = start(async () => ({ kind: 'none', message: '暂无版本' }));
    const empty = await waitFor(actor, (s) => s.matches('empty'));
    expect(empty.context.message).toBe('暂无版本');
  });

  it("fails with the server's words when it refuses", async () => {
    const { actor } = start(async () => ({ kind: 'refused', message: 'boom' }));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context).toMatchObject({ release: null, message: 'boom' });
  });

  it('fails without an answer and reloads in the new language', async () => {
    let fail = true;
    const { actor, queries } = start(async () => {
      if (fail) throw new Error('network');
      return { kind: 'release', release: release('V1.5.7') };
    });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'releases.reload', lang: 'zh' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toEqual({ productType: '1', lang: 'zh' });
  });

  it('ends in exactly one of ready, empty or failed for any answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant<LatestReleaseAnswer>({ kind: 'none', message: 'none' }),
          fc.string({ minLength: 1 }).map((v): LatestReleaseAnswer => ({ kind: 'release', release: release(`V${v}`) })),
          fc.string().map((message): LatestReleaseAnswer => ({ kind: 'refused', message })),
        ),
        async (answer) => {
          const { actor } = start(async () => answer);
          const done = await waitFor(actor, (s) => !s.hasTag('busy'));
          const states = (['ready', 'empty', 'failed'] as const).filter((state) => done.matches(state));
          expect(states).toHaveLength(1);
          expect(done.matches('ready')).toBe(done.context.release !== null);
          actor.stop();
        },
      ),
      { ...FC, numRuns: 60 },
    );
  });
});
