import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_VIDEO_MAX_MB } from '../../src/contract/staff';
import { SITE_VIDEO_IDS, SITE_VIDEO_MAX_BYTES } from '../../src/domain/shared/site-videos';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Staff replacing a site video (issue 35 item 12): Staff/ReplaceSiteVideo checks the upload by its
// content and size, stores it, audits it, and GET /api/SiteVideo/<id> plays it from then on; a video
// never replaced goes on to its committed file.

let portal: TestPortal;
let staff: string;
let customer: string;
beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
  staff = (await portal.login('staff@example.com', 'staff1234')).token;
  customer = (await portal.login('demo@example.com', 'demo1234')).token;
});
afterAll(() => portal?.close());

const MP4 = readFileSync(path.resolve('public/videos/nest/lesson-01.mp4'));
/** The EBML header of a WebM file: what file-type reads it by. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]), Buffer.alloc(300)]);

const filesOnDisk = () => {
  const dir = path.join(portal.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

/** The console's form: VideoId, then the file (`fileFirst` sends them the other way round). */
async function replace(videoId: string | null, bytes: Buffer, filename: string, token: string | null = staff, fileFirst = false) {
  const data = new FormData();
  const file = () => data.append('file', new Blob([new Uint8Array(bytes)]), filename);
  if (fileFirst) file();
  if (videoId !== null) data.append('VideoId', videoId);
  if (!fileFirst) file();
  const encoded = new Response(data);
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/Staff/ReplaceSiteVideo',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(token ? { token } : {}) },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() };
}

const play = (id: string, headers: Record<string, string> = {}) => portal.app.inject({ method: 'GET', url: `/api/SiteVideo/${id}`, headers });

describe('site videos', () => {
  it('has one limit: the contract says the size the rule holds', () => {
    expect(SITE_VIDEO_MAX_MB * 1024 * 1024).toBe(SITE_VIDEO_MAX_BYTES);
  });

  it('sends a video never replaced on to its committed file, and knows no other id', async () => {
    const lesson = await play('nest-03');
    expect(lesson.statusCode).toBe(302);
    expect(lesson.headers.location).toBe('/app/videos/nest/lesson-03.mp4');
    expect(lesson.headers['cache-control']).toBe('no-cache');
    expect((await play('standards-2')).headers.location).toBe('/app/videos/standards/video-2.mp4');
    for (const id of ['nest-16', 'standards-3', '..%2F..%2Fetc%2Fpasswd', 'NEST-01']) expect((await play(id)).statusCode, id).toBe(404);
  });

  it('lists all 18 videos for staff, the committed ones as such', async () => {
    const list = await portal.call('Staff/GetSiteVideos', {}, staff);
    expect(list.body.code).toBe(200);
    expect(list.body.ReturnData.map((v: { VideoId: string }) => v.VideoId)).toEqual(SITE_VIDEO_IDS);
    expect(list.body.ReturnData[0]).toEqual({ VideoId: 'nest-01', Replaced: false, Url: '/api/SiteVideo/nest-01', Size: 0, Type: '', FileName: '', ReplacedBy: '', ReplacedAt: '' });
    expect((await portal.call('Staff/GetSiteVideos', {}, customer)).status).toBe(403);
  });

  it('plays a staff replacement from then on, in byte ranges, with an audit row; the next one removes it', async () => {
    const res = await replace('standards-1', MP4, 'factory tour.mp4');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ReturnData).toMatchObject({ VideoId: 'standards-1', Replaced: true, Url: '/api/SiteVideo/standards-1', Size: MP4.length, Type: 'video/mp4', FileName: 'factory tour.mp4', ReplacedBy: 'staff@example.com' });

    const whole = await play('standards-1');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('no-cache');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(MP4)).toBe(true);
    const part = await play('standards-1', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${MP4.length}`);
    expect(part.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);
    expect((await play('standards-1', { range: `bytes=${MP4.length}-` })).statusCode).toBe(416);
    expect((await play('standards-1', { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    // the other videos still play their committed files
    expect((await play('standards-2')).statusCode).toBe(302);

    const listed = (await portal.call('Staff/GetSiteVideos', {}, staff)).body.ReturnData.find((v: { VideoId: string }) => v.VideoId === 'standards-1');
    expect(listed).toMatchObject({ Replaced: true, Size: MP4.length, ReplacedBy: 'staff@example.com' });
    const audit = await portal.services.auditLog.find({ action: 'Staff/ReplaceSiteVideo' }, { offset: 0, limit: 10 });
    expect(audit.rows[0]).toMatchObject({ object: 'site-video:standards-1', result: 'done', kind: 'write' });

    const firstFile = filesOnDisk();
    const again = await replace('standards-1', WEBM, 'tour.webm');
    expect(again.body.ReturnData).toMatchObject({ Type: 'video/webm', Size: WEBM.length });
    const served = await play('standards-1');
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.equals(WEBM)).toBe(true);
    // the file it replaced is gone; one file plays the video
    expect(filesOnDisk()).toHaveLength(firstFile.length);
    expect(filesOnDisk()).not.toEqual(firstFile);
  });

  it('refuses what is not a video by its content, an unknown video, a file before its id, one byte over the limit and customers, keeping nothing', async () => {
    const before = filesOnDisk();
    const html = await replace('nest-02', Buffer.from('<html><script>alert(1)</script></html>'), 'lesson.mp4');
    expect([html.status, html.body.code, html.body.info]).toEqual([415, 415, 'Only MP4 and WebM videos can be used']);
    expect((await replace('nest-02', readFileSync(path.resolve('public/favicon.svg')), 'x.webm')).body.code).toBe(415);
    expect((await replace('nest-99', MP4, 'a.mp4')).body.code).toBe(404);
    expect((await replace('nest-02', MP4, 'a.mp4', staff, true)).body.info).toBe('VideoId is required before the file');
    expect((await replace('nest-02', MP4, 'a.mp4', customer)).status).toBe(403);
    expect((await replace('nest-02', MP4, 'a.mp4', null)).status).toBe(401);
    const over = await replace('nest-02', Buffer.concat([MP4, Buffer.alloc(SITE_VIDEO_MAX_BYTES + 1 - MP4.length)]), 'big.mp4');
    expect(over.status).toBe(413);
    expect(filesOnDisk()).toEqual(before);
    expect((await play('nest-02')).statusCode).toBe(302);
    const refusals = await portal.services.auditLog.find({ action: 'Staff/ReplaceSiteVideo' }, { offset: 0, limit: 10 });
    expect(refusals.rows[0]?.result).toMatch(/^413 /);
  });
});
