import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isVisitorParam, releaseNoteLines, softwareBackPath, type CamRelease, type LatestReleaseAnswer } from '../../../src/domain/cam/software-catalog';
import {
  softwareDownloadMachine,
  type DownloadAnswer,
  type DownloadRecord,
  type ReleaseQuery,
  type SoftwareDownloadEvent,
} from '../../../src/domain/cam/software-download.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20250101) };

const RELEASE: CamRelease = { id: 7, filename: 'nest-2.1.exe', type: 1, versionnumber: '2.1.0', createtime: '2026-10-01T08:00:00Z', remark: 'Faster\nFixes', fileurl: '/files/cam/7' };

function start(answer: LatestReleaseAnswer, record: DownloadAnswer = { kind: 'recorded' }, isVisitor = true) {
  const queries: ReleaseQuery[] = [];
  const records: DownloadRecord[] = [];
  const opened: string[] = [];
  const actor = createActor(
    softwareDownloadMachine.provide({
      actors: {
        loadReleases: fromPromise<LatestReleaseAnswer, ReleaseQuery>(async ({ input }) => (queries.push(input), answer)),
        recordDownload: fromPromise<DownloadAnswer, DownloadRecord>(async ({ input }) => (records.push(input), record)),
      },
      actions: { openFile: (_, params) => void opened.push(params.url) },
    }),
    { input: { productType: '1', lang: 'en', isVisitor } },
  );
  actor.start();
  return { actor, queries, records, opened };
}

describe('software download machine', () => {
  it('shows the newest release and opens its file only after the download is recorded', async () => {
    const { actor, queries, records, opened } = start({ kind: 'release', release: RELEASE });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries).toEqual([{ productType: '1', lang: 'en' }]);
    expect(actor.getSnapshot().context.release?.id).toBe(7);
    actor.send({ type: 'download.start' });
    await waitFor(actor, (s) => s.matches('ready') && opened.length === 1);
    expect(records).toEqual([{ camEdition: 7, isVisitor: true }]);
    expect(opened).toEqual(['/files/cam/7']);
  });

  it('does not open the file when the record is refused', async () => {
    const { actor, opened } = start({ kind: 'release', release: RELEASE }, { kind: 'refused', message: 'Forbidden' }, false);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'download.start' });
    await waitFor(actor, (s) => s.context.downloadError !== '');
    expect(actor.getSnapshot().context.downloadError).toBe('Forbidden');
    expect(opened).toEqual([]);
  });

  it("shows a product without a release as empty, with the server's message", async () => {
    const { actor } = start({ kind: 'none', message: 'No release yet' });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(actor.getSnapshot().context.emptyMessage).toBe('No release yet');
    expect(actor.getSnapshot().can({ type: 'download.start' })).toBe(false);
  });

  it("shows a refusal as empty too, with the server's words", async () => {
    const { actor } = start({ kind: 'refused', message: 'Not now' });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(actor.getSnapshot().context.emptyMessage).toBe('Not now');
  });

  it('reads the visitor flag and the back target', () => {
    expect(isVisitorParam('false')).toBe(false);
    expect(isVisitorParam('true')).toBe(true);
    expect(isVisitorParam(undefined)).toBe(true);
    expect(softwareBackPath(true)).toBe('/visitor/software');
    expect(softwareBackPath(false)).toBe('/index/software');
    expect(releaseNoteLines('a<br/>b\r\n\nc')).toEqual(['a', 'b', 'c']);
  });

  it('opens a file only after a recorded download of the release shown, whatever the events (property)', async () => {
    const event: fc.Arbitrary<SoftwareDownloadEvent> = fc.oneof(
      fc.constant({ type: 'download.start' as const }),
      fc.constantFrom<SoftwareDownloadEvent>({ type: 'release.reload' }, { type: 'release.reload', lang: 'zh' }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<LatestReleaseAnswer>({ kind: 'release', release: RELEASE }, { kind: 'none', message: 'none' }),
        fc.constantFrom<DownloadAnswer>({ kind: 'recorded' }, { kind: 'refused', message: 'no' }),
        fc.array(event, { maxLength: 8 }),
        async (answer, record, events) => {
          const { actor, records, opened } = start(answer, record);
          for (const e of events) {
            actor.send(e);
            await waitFor(actor, (s) => !s.hasTag('busy') && !s.hasTag('downloading'));
          }
          expect(opened.length).toBe(record.kind === 'recorded' ? records.length : 0);
          if (answer.kind === 'none') expect(records).toEqual([]);
          for (const url of opened) expect(url).toBe(RELEASE.fileurl);
          actor.stop();
        },
      ),
      FC,
    );
  });
});
