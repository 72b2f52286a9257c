import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { latestReleaseMachine, type ReleasesQuery } from '../../../src/domain/cam/latest-release.machine';
import { readLatestRelease, releaseDate } from '../../../src/domain/cam/release-answer';
import type { CamRelease } from '../../../src/domain/cam/software-catalog';
import { NO_DATA, type Envelope } from '../../../src/domain/shared/envelope';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const release = (versionnumber: string, extra: Partial<CamRelease> = {}): CamRelease => ({
  id: 7,
  filename: 'nest.zip',
  type: '1',
  versionnumber,
  createtime: '2026-06-15 10:00:00',
  remark: '1. Faster\n2. Better',
  fileurl: '/files/cam/7',
  ...extra,
});

function start(answer: (q: ReleasesQuery) => Promise<Envelope<CamRelease[] | string>>) {
  const queries: ReleasesQuery[] = [];
  const actor = createActor(
    latestReleaseMachine.provide({
      actors: {
        loadReleases: fromPromise<Envelope<CamRelease[] | string>, ReleasesQuery>(async ({ input }) => {
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

describe('readLatestRelease', () => {
  it('takes the first (newest) release', () => {
    expect(readLatestRelease({ code: 200, info: '', ReturnData: [release('V2.0.3'), release('V2.0.2')] })).toEqual({
      kind: 'release',
      release: release('V2.0.3'),
    });
  });

  it('answers ReturnMsg for the no-data marker or an empty list', () => {
    expect(readLatestRelease({ code: 200, info: '', ReturnData: NO_DATA, ReturnMsg: 'No release yet' })).toEqual({ kind: 'none', message: 'No release yet' });
    expect(readLatestRelease({ code: 200, info: '', ReturnData: [] })).toEqual({ kind: 'none', message: NO_DATA });
  });

  it('reports a refusal with its info', () => {
    expect(readLatestRelease({ code: 500, info: 'boom' })).toEqual({ kind: 'refused', message: 'boom' });
  });

  it('never throws and a "none" always carries a message, whatever the answer', () => {
    const answer = fc.record({
      code: fc.constantFrom(200, 400, 500),
      info: fc.string(),
      ReturnMsg: fc.option(fc.string(), { nil: undefined }),
      ReturnData: fc.oneof(fc.constant(NO_DATA), fc.string(), fc.array(fc.anything()), fc.array(fc.string().map((v) => release(v)))),
    });
    fc.assert(
      fc.property(answer, (a) => {
        const result = readLatestRelease(a as Envelope<CamRelease[] | string>);
        if (result.kind === 'none') expect(result.message.length).toBeGreaterThan(0);
        if (result.kind === 'release') expect(result.release.versionnumber.trim()).not.toBe('');
        if (a.code !== 200) expect(result.kind).toBe('refused');
      }),
      FC,
    );
  });

  it('shows the date part of a release time', () => {
    expect(releaseDate('2026-06-15 10:00:00')).toBe('2026-06-15');
    expect(releaseDate('2026-6-5T02:00:00.000Z')).toBe('2026-06-05');
    expect(releaseDate('soon')).toBe('soon');
  });
});

describe('latest release machine', () => {
  it('loads and shows the latest release', async () => {
    const { actor, queries } = start(async () => ({ code: 200, info: '', ReturnData: [release('V2.0.3')] }));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.release?.versionnumber).toBe('V2.0.3');
    expect(queries).toEqual([{ productType: '1', lang: 'en' }]);
  });

  it('keeps ReturnMsg when there is no release', async () => {
    const { actor } = start(async () => ({ code: 200, info: '', ReturnData: NO_DATA, ReturnMsg: '暂无版本' }));
    const empty = await waitFor(actor, (s) => s.matches('empty'));
    expect(empty.context.message).toBe('暂无版本');
  });

  it('fails without an envelope and reloads in the new language', async () => {
    let fail = true;
    const { actor, queries } = start(async () => {
      if (fail) throw new Error('network');
      return { code: 200, info: '', ReturnData: [release('V1.5.7')] };
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
          fc.constant<Envelope<CamRelease[] | string>>({ code: 200, info: '', ReturnData: NO_DATA, ReturnMsg: 'none' }),
          fc.array(fc.string({ minLength: 1 }).map((v) => release(`V${v}`)), { maxLength: 3 }).map((list) => ({ code: 200, info: '', ReturnData: list })),
          fc.constantFrom(400, 500).map((code) => ({ code, info: 'refused' })),
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
