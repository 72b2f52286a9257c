import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultVideoFile, nestLessonVideoId, SITE_VIDEO_IDS } from '../../src/domain/shared/site-videos';
import { NEST_TUTORIALS } from '../../src/ui/service-pages/nest-video-screen';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The tutorials ship in public/videos/nest; Vite copies public/ into the build, so a build holds them
// at dist/videos/nest. The test serves a build made of just those files and an index page.
const SHIPPED = path.resolve('public/videos/nest');
const URL1 = '/app/videos/nest/lesson-01.mp4';

let portal: TestPortal;
const dist = mkdtempSync(path.join(tmpdir(), 'spa-videos-'));
const video = readFileSync(path.join(SHIPPED, 'lesson-01.mp4'));

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  cpSync(SHIPPED, path.join(dist, 'videos', 'nest'), { recursive: true });
  portal = await createTestPortal({}, { distDir: dist });
});
afterAll(async () => {
  await portal.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => portal.app.inject({ method, url: URL1, headers });

describe('the nest tutorial videos', () => {
  it('ships one small MP4 per site video (15 lessons, 2 of the standards, the Plus demo), index first so playback starts at once', () => {
    const files = readdirSync(SHIPPED).filter((f) => f.endsWith('.mp4')).sort();
    expect(files).toHaveLength(NEST_TUTORIALS.length);
    NEST_TUTORIALS.forEach(({ n }) => expect(defaultVideoFile(nestLessonVideoId(n))).toBe(`/app/videos/nest/lesson-${String(n).padStart(2, '0')}.mp4`));
    expect(SITE_VIDEO_IDS).toHaveLength(18);
    let total = 0;
    for (const id of SITE_VIDEO_IDS) {
      const bytes = readFileSync(path.resolve('public', defaultVideoFile(id).replace(/^\/app\//, '')));
      total += bytes.length;
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      // faststart: the index (moov) comes before the media data (mdat)
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      expect(bytes.length).toBeLessThan(200 * 1024);
    }
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });

  it('serves a whole video as video/mp4, cacheable, announcing byte ranges', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(video.length);
    expect(res.headers['cache-control']).toMatch(/public, max-age=[1-9]\d*/);
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.equals(video)).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes, as a seeking player asks', async () => {
    const res = await get({ range: 'bytes=1000-1999' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const open = await get({ range: `bytes=${video.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const suffix = await get({ range: 'bytes=-64' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(video.subarray(video.length - 64))).toBe(true);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const res = await get({ range: `bytes=${video.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(res.json()).toMatchObject({ code: 416 });
  });

  it('revalidates with the ETag (304) and answers HEAD without a body', async () => {
    const first = await get();
    const again = await get({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(video.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a missing lesson with the 404 envelope, not the page', async () => {
    const res = await portal.app.inject({ url: '/app/videos/nest/lesson-99.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
