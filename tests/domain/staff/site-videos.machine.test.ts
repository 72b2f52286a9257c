import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { SITE_VIDEO_IDS, SITE_VIDEO_MAX_BYTES } from '../../../src/domain/shared/site-videos';
import { siteVideosMachine, videoFileProblem, type ReplaceActorEvent, type ReplaceAnswer, type SiteVideo, type SiteVideosAnswer, type VideoFile } from '../../../src/domain/staff/site-videos.machine';

const committed = (videoId: string): SiteVideo => ({ videoId, replaced: false, url: `/api/SiteVideo/${videoId}`, size: 0, type: '', fileName: '', replacedBy: '', replacedAt: '' });
const LIST = SITE_VIDEO_IDS.map(committed);
const replacedVideo = (videoId: string, size: number): SiteVideo => ({ ...committed(videoId), replaced: true, size, type: 'video/mp4', fileName: 'new.mp4', replacedBy: 'staff@example.com', replacedAt: '2026-12-04T08:00:00.000Z' });

type Upload = { videoId: string; file: VideoFile };

function run(list: SiteVideosAnswer, script: (input: Upload) => { progress: number[]; end: ReplaceAnswer | 'lost' }) {
  const uploads: Upload[] = [];
  const machine = siteVideosMachine.provide({
    actors: {
      load: fromPromise(async () => list),
      upload: fromCallback<ReplaceActorEvent, Upload>(({ input, sendBack }) => {
        uploads.push(input);
        const { progress, end } = script(input);
        queueMicrotask(() => {
          for (const loaded of progress) sendBack({ type: 'upload.progress', loaded });
          sendBack(end === 'lost' ? { type: 'upload.lost' } : { type: 'upload.answer', answer: end });
        });
      }),
    },
  });
  return { actor: createActor(machine).start(), uploads };
}

const mp4 = (size: number, name = 'tour.mp4'): VideoFile => ({ name, size });

describe('the site videos tab machine', () => {
  it('lists the videos, replaces the chosen one, and puts the answer in its row', async () => {
    const { actor, uploads } = run({ kind: 'done', data: LIST }, (input) => ({ progress: [10, 500], end: { kind: 'replaced', video: replacedVideo(input.videoId, input.file.size) } }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'video.choose', videoId: 'standards-2' });
    actor.send({ type: 'file.choose', file: mp4(1000) });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    const { context } = actor.getSnapshot();
    expect(uploads).toEqual([{ videoId: 'standards-2', file: mp4(1000) }]);
    expect(context.replaced).toBe('standards-2');
    expect(context.file).toBeNull();
    expect(context.videos.find((v) => v.videoId === 'standards-2')).toMatchObject({ replaced: true, size: 1000 });
    expect(context.videos.filter((v) => v.replaced)).toHaveLength(1);
  });

  it('says what is wrong with a file before sending it, and words the server refusing one by content', async () => {
    expect(videoFileProblem(null)).toBe('staff.videos.error.file');
    expect(videoFileProblem(mp4(0))).toBe('staff.videos.error.empty');
    expect(videoFileProblem(mp4(SITE_VIDEO_MAX_BYTES + 1))).toBe('staff.videos.error.tooLarge');
    expect(videoFileProblem(mp4(10, 'notes.txt'))).toBe('staff.videos.error.notAVideo');
    expect(videoFileProblem(mp4(SITE_VIDEO_MAX_BYTES, 'a.WEBM'))).toBeNull();

    const { actor, uploads } = run({ kind: 'done', data: LIST }, () => ({ progress: [], end: { kind: 'notAVideo' } }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problem).toBe('staff.videos.error.file');
    actor.send({ type: 'file.choose', file: mp4(50, 'page.html') });
    actor.send({ type: 'form.submit' });
    expect(uploads).toHaveLength(0);
    actor.send({ type: 'file.choose', file: mp4(50) });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'staff.videos.error.notAVideo', replaced: '', file: mp4(50) });
  });

  it('shows the staff-only note for a caller who is not staff, and a failed list can be loaded again', async () => {
    const forbidden = run({ kind: 'staffOnly' }, () => ({ progress: [], end: 'lost' }));
    await waitFor(forbidden.actor, (s) => s.matches('forbidden'));
    const failed = run({ kind: 'refused', message: 'busy' }, () => ({ progress: [], end: 'lost' }));
    await waitFor(failed.actor, (s) => s.matches('failed'));
    expect(failed.actor.getSnapshot().context.message).toBe('busy');
    failed.actor.send({ type: 'list.reload' });
    expect(failed.actor.getSnapshot().matches('loading')).toBe(true);
  });

  const event = fc.oneof(
    fc.record({ type: fc.constant('video.choose' as const), videoId: fc.constantFrom(...SITE_VIDEO_IDS, 'nest-16', '') }),
    fc.record({
      type: fc.constant('file.choose' as const),
      file: fc.option(fc.record({ name: fc.constantFrom('a.mp4', 'b.webm', 'c.exe'), size: fc.constantFrom(0, 1, 5000, SITE_VIDEO_MAX_BYTES + 1) }), { nil: null }),
    }),
    fc.constant({ type: 'form.submit' as const }),
  );
  const end = fc.constantFrom<'replaced' | 'lost' | ReplaceAnswer>('replaced', 'lost', { kind: 'tooLarge' }, { kind: 'notAVideo' }, { kind: 'refused', message: 'no' });

  it('sends only a file the rule takes, for a known video; progress never goes back nor past the file; the list keeps all 18 in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 12 }), fc.array(fc.integer({ min: -100, max: 10_000 }), { maxLength: 5 }), end, async (events, progress, ending) => {
        const { actor, uploads } = run({ kind: 'done', data: LIST }, (input) => ({
          progress,
          end: ending === 'replaced' ? { kind: 'replaced', video: replacedVideo(input.videoId, input.file.size) } : ending,
        }));
        let last = -1;
        actor.subscribe((s) => {
          const { loaded, file } = s.context;
          if (s.matches('uploading')) {
            expect(loaded).toBeGreaterThanOrEqual(Math.max(0, last));
            last = loaded;
          } else last = -1;
          expect(loaded).toBeGreaterThanOrEqual(0);
          if (file) expect(loaded).toBeLessThanOrEqual(file.size);
          if (s.matches('ready')) expect(s.context.videos.map((v) => v.videoId)).toEqual(SITE_VIDEO_IDS);
        });
        await waitFor(actor, (s) => s.matches('ready'));
        for (const e of events) {
          actor.send(e);
          if (actor.getSnapshot().matches('uploading')) await waitFor(actor, (s) => s.matches('ready'));
        }
        for (const u of uploads) {
          expect(videoFileProblem(u.file)).toBeNull();
          expect(SITE_VIDEO_IDS).toContain(u.videoId);
        }
        const { context } = actor.getSnapshot();
        expect(context.videos.filter((v) => v.replaced).length).toBeLessThanOrEqual(ending === 'replaced' ? uploads.length : 0);
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
