import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isVisitorParam, releaseNoteLines, softwareBackPath } from '../../../src/domain/cam/software-catalog';
import type { CamRelease } from '../../../src/domain/cam/software-catalog';
import { softwareDownloadMachine, type DownloadRecord, type ReleaseQuery } from '../../../src/domain/cam/software-download.machine';
import type { Envelope } from '../../../src/domain/shared/envelope';

const RELEASE: CamRelease = { id: 7, filename: 'nest-2.1.exe', type: 1, versionnumber: '2.1.0', createtime: '2026-10-01T08:00:00Z', remark: 'Faster\nFixes', fileurl: '/files/cam/7' };

function start(answer: Envelope<CamRelease[] | string>, record: Envelope<unknown> = { code: 200, info: '' }, isVisitor = true) {
  const queries: ReleaseQuery[] = [];
  const records: DownloadRecord[] = [];
  const opened: string[] = [];
  const actor = createActor(
    softwareDownloadMachine.provide({
      actors: {
        loadReleases: fromPromise<Envelope<CamRelease[] | string>, ReleaseQuery>(async ({ input }) => (queries.push(input), answer)),
        recordDownload: fromPromise<Envelope<unknown>, DownloadRecord>(async ({ input }) => (records.push(input), record)),
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
    const { actor, queries, records, opened } = start({ code: 200, info: '', ReturnData: [RELEASE, { ...RELEASE, id: 6 }] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries).toEqual([{ productType: '1', lang: 'en' }]);
    expect(actor.getSnapshot().context.release?.id).toBe(7);
    actor.send({ type: 'download.start' });
    await waitFor(actor, (s) => s.matches('ready') && opened.length === 1);
    expect(records).toEqual([{ camEdition: 7, isVisitor: true }]);
    expect(opened).toEqual(['/files/cam/7']);
  });

  it('does not open the file when the record is refused', async () => {
    const { actor, opened } = start({ code: 200, info: '', ReturnData: [RELEASE] }, { code: 403, info: 'Forbidden' }, false);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'download.start' });
    await waitFor(actor, (s) => s.context.downloadError !== '');
    expect(actor.getSnapshot().context.downloadError).toBe('Forbidden');
    expect(opened).toEqual([]);
  });

  it('reads the no-data marker as empty with ReturnMsg', async () => {
    const { actor } = start({ code: 200, info: '', ReturnData: '暂无数据', ReturnMsg: 'No release yet' });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(actor.getSnapshot().context.emptyMessage).toBe('No release yet');
    expect(actor.getSnapshot().can({ type: 'download.start' })).toBe(false);
  });

  it('reads the visitor flag and the back target', () => {
    expect(isVisitorParam('false')).toBe(false);
    expect(isVisitorParam('true')).toBe(true);
    expect(isVisitorParam(undefined)).toBe(true);
    expect(softwareBackPath(true)).toBe('/visitor/software');
    expect(softwareBackPath(false)).toBe('/index/software');
    expect(releaseNoteLines('a<br/>b\r\n\nc')).toEqual(['a', 'b', 'c']);
  });
});
