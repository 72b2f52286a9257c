import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toChinaWire } from '../../src/domain/feedback/feedback-rules';
import { UnsentUploadSweep } from '../../src/server/services/unsent-upload-sweep';
import { createCustomer, type TestCustomer } from '../support/customers';
import { uploadFile } from '../support/multipart';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Feedback uploads never sent with a feedback (issue 14): a file slot filled, then the form left.
// After their time to live (FEEDBACK_UPLOAD_TTL_HOURS, here 24) a scheduled check on the
// infrastructure's clock removes their rows and files; uploads a question names stay.

const HOUR = 3600_000;
const BNT = Buffer.from('BNT project 1.0\nparts: 3\n');
const STEP = Buffer.from("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('part'),'2;1');\nENDSEC;\nEND-ISO-10303-21;\n");

let portal: TestPortal;
let a: TestCustomer;

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000', FEEDBACK_UPLOAD_TTL_HOURS: '24' });
  a = await createCustomer(portal, 'sweep-a');
});
afterAll(() => portal?.close());

const onDisk = () => {
  const dir = path.join(portal.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const rows = async () =>
  (await portal.services.database.pool.query<{ file_id: string }>('select file_id from feedback_uploads order by file_id')).rows.map((r) => r.file_id);

async function upload(slot: 'main' | 'other', bytes: Buffer, name: string, token: string | null) {
  const res = await uploadFile(portal, slot === 'main' ? 'Cam/UploadBntFile' : 'Cam/UploadIgsAndStpFile', bytes, name, token);
  expect(res.body.code, res.body.info).toBe(200);
  return res.body.ReturnData.FileUrl as string;
}

const send = (extra: Record<string, unknown>, token: string | null = a.token) =>
  portal.call(
    'Cam/ProblemFeedbackSave',
    {
      Product: 1,
      Version: '1.5.2',
      Title: 'Import hangs',
      HtmlContent: '<p>1. Import</p>',
      ExProcessingTime: toChinaWire(new Date(portal.clock.now().getTime() + 7 * 24 * HOUR)),
      ...extra,
    },
    token,
  );

describe('feedback uploads never sent', () => {
  it('are kept for their time to live, then swept with their files; uploads a question names stay', async () => {
    const sent = await upload('main', BNT, 'sent.bnt', a.token);
    const left = await upload('other', STEP, 'left.stp', a.token);
    const anonymous = await upload('main', BNT, 'cam-form.bnt', null);
    expect((await send({ BntFile: sent })).body.code).toBe(200);

    portal.clock.advance(23 * HOUR + 59 * 60_000);
    expect(await portal.services.support.sweepUnsentUploads()).toBe(0);
    expect(onDisk()).toEqual(expect.arrayContaining([sent, left, anonymous]));
    // Still within its time: it can be sent.
    const late = await upload('main', BNT, 'late.bnt', a.token);

    portal.clock.advance(2 * 60_000);
    // Past its time to live a save naming it is refused, even before the sweep came.
    expect((await send({ OtherFile: left })).body).toMatchObject({ code: 400, info: 'The uploaded file is unknown, please upload it again' });
    expect(await portal.services.support.sweepUnsentUploads()).toBe(2);
    expect(onDisk()).toEqual(expect.arrayContaining([sent, late]));
    expect(onDisk()).not.toContain(left);
    expect(onDisk()).not.toContain(anonymous);
    expect(await rows()).toEqual([sent, late].sort());
    // The question keeps its file, downloadable as before.
    const mine = await portal.call('Cam/GetProblemFeedbacks', {}, a.token);
    const question = mine.body.ReturnData.find((q: { BntFile: string }) => q.BntFile === sent);
    expect(question).toBeTruthy();
    const download = await portal.app.inject({ method: 'POST', url: '/api/Cam/DownloadFeedbackFile', headers: { token: a.token }, payload: { Id: question.Id, Slot: 'main' } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(BNT)).toBe(true);
    // A second pass finds nothing more; the late upload goes a day after its own upload.
    expect(await portal.services.support.sweepUnsentUploads()).toBe(0);
    portal.clock.advance(24 * HOUR);
    expect(await portal.services.support.sweepUnsentUploads()).toBe(1);
    expect(await rows()).toEqual([sent]);
  });

  it('runs as a scheduled check until stopped, one pass at a time', async () => {
    const orphan = await upload('other', STEP, 'orphan.stp', a.token);
    portal.clock.advance(25 * HOUR);
    const sweep = new UnsentUploadSweep(portal.services.support);
    const first = sweep.runOnce();
    expect(sweep.runOnce()).toBe(first);
    expect(await first).toBe(1);
    const again = await upload('other', STEP, 'again.stp', a.token);
    portal.clock.advance(25 * HOUR);
    sweep.start(20);
    await expect.poll(() => onDisk().includes(again), { timeout: 5000 }).toBe(false);
    await sweep.stop();
    expect(onDisk()).not.toContain(orphan);
    const after = await upload('other', STEP, 'after.stp', a.token);
    portal.clock.advance(25 * HOUR);
    await new Promise((r) => setTimeout(r, 100));
    expect(onDisk()).toContain(after);
  });
});
