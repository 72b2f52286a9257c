import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toChinaWire } from '../../src/domain/feedback/feedback-rules';
import { createCustomer, storeAccount, type TestCustomer } from '../support/customers';
import { PNG_1PX, uploadFile } from '../support/multipart';
import { createTestPortal, type TestPortal } from '../support/test-portal';
import { DANGEROUS_HTML, markupOf } from '../support/xss-payloads';
import { XSS_CORPUS } from '../support/xss-corpus';

// Support questions (issue 14): the feedback forms' files and rules, the customer's list and
// urgent action, the staff's answers and the mail, and who may read what.

let portal: TestPortal;
let a: TestCustomer;
let b: TestCustomer;
let staff: string;

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
  a = await createCustomer(portal, 'sq-a');
  b = await createCustomer(portal, 'sq-b');
  const s = await storeAccount(portal.services, 'sq-staff', { staff: true });
  staff = (await portal.login(s.account, s.password)).token;
});
afterAll(() => portal?.close());

const STEP = Buffer.from('ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((\'part\'),\'2;1\');\nENDSEC;\nEND-ISO-10303-21;\n');
const IGES = Buffer.from('                                                                        S      1\n');
const BNT = Buffer.from('BNT project 1.0\nparts: 3\n');
const DXF = Buffer.from('0\nSECTION\n2\nHEADER\n0\nENDSEC\n0\nEOF\n');
const DWG = Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(64)]);
const ZIP = Buffer.from('504b0304140000000800000000000000000000000000000000000000', 'hex');

const filesOnDisk = () => {
  const dir = path.join(portal.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

const inDays = (days: number) => toChinaWire(new Date(portal.clock.now().getTime() + days * 24 * 3600_000));

async function upload(slot: 'main' | 'other', bytes: Buffer, name: string, token: string | null = a.token) {
  return uploadFile(portal, slot === 'main' ? 'Cam/UploadBntFile' : 'Cam/UploadIgsAndStpFile', bytes, name, token);
}

async function send(extra: Record<string, unknown> = {}, token: string | null = a.token) {
  return portal.call(
    'Cam/ProblemFeedbackSave',
    { Product: 1, Version: '1.5.2', Title: 'Import hangs', HtmlContent: '<p>1. Import</p>', ExProcessingTime: inDays(7), ...extra },
    token,
  );
}

describe('the two upload slots', () => {
  it('take the extensions of spec 3 in any case, by content where the format has a signature', async () => {
    for (const [slot, bytes, name] of [
      ['main', BNT, 'part.bnt'],
      ['main', BNT, 'PART.BNN'],
      ['main', BNT, 'part.Bnd'],
      ['other', STEP, 'part.stp'],
      ['other', STEP, 'part.STEP'],
      ['other', IGES, 'part.igs'],
      ['other', IGES, 'part.IGES'],
      ['other', DXF, 'part.dxf'],
      ['other', DWG, 'part.DWG'],
    ] as const) {
      const res = await upload(slot, bytes, name);
      expect(res.body.code, `${slot} ${name}: ${res.body.info}`).toBe(200);
      expect(res.body.ReturnData).toEqual({ FileUrl: expect.stringMatching(/^[0-9a-f]{32}$/), FileName: name });
    }
  });

  it('refuse other extensions, renamed files whose content does not match, and attack names, keeping nothing', async () => {
    const before = filesOnDisk();
    const cases: Array<[slot: 'main' | 'other', bytes: Buffer, name: string, code: number]> = [
      ['main', BNT, 'part.stp', 415],
      ['other', STEP, 'part.bnt', 415],
      ['main', BNT, 'part.exe', 415],
      ['other', PNG_1PX, 'picture.stp', 415],
      ['other', BNT, 'notstep.step', 415],
      ['other', ZIP, 'archive.dxf', 415],
      ['main', PNG_1PX, 'picture.bnt', 415],
      ['other', DXF, 'fake.dwg', 415],
      ['main', BNT, '../../../etc/part.bnt', 400],
      ['main', BNT, '..\\..\\part.bnt', 400],
      ['main', BNT, 'part\u0000.bnt', 400],
      ['main', BNT, 'tnb.\u202eexe.bnt', 400],
      ['main', BNT, 'part.bnt.exe', 415],
      ['main', BNT, 'a+b.bnt', 400],
    ];
    for (const [slot, bytes, name, code] of cases) {
      const res = await upload(slot, bytes, name);
      expect(res.body.code, `${slot} ${JSON.stringify(name)}: ${res.body.info}`).toBe(code);
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it('answers 413 one byte over 50 MB and keeps nothing', async () => {
    const before = filesOnDisk();
    const res = await upload('main', Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), 'big.bnt');
    expect(res.status).toBe(413);
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('Cam/ProblemFeedbackSave', () => {
  it('checks the files against the product: bnt + stp for Nest Tube, bnn + dxf otherwise', async () => {
    const bnt = (await upload('main', BNT, 'tube.bnt')).body.ReturnData.FileUrl;
    const stp = (await upload('other', STEP, 'tube.stp')).body.ReturnData.FileUrl;
    const bnn = (await upload('main', BNT, 'sheet.bnn')).body.ReturnData.FileUrl;
    const dxf = (await upload('other', DXF, 'sheet.dxf')).body.ReturnData.FileUrl;
    expect((await send({ Product: 0, BntFile: bnt })).body.code).toBe(415);
    expect((await send({ Product: 1, OtherFile: dxf })).body.code).toBe(415);
    expect((await send({ Product: 1, BntFile: stp })).body.info).toBe('The uploaded file is unknown, please upload it again');
    expect((await send({ Product: 1, BntFile: bnt }, b.token)).body.info).toBe('The uploaded file is unknown, please upload it again');
    expect((await send({ Product: 1, BntFile: bnt, OtherFile: stp })).body.code).toBe(200);
    expect((await send({ Product: '4', BntFile: bnn, OtherFile: dxf })).body.code).toBe(200);
  });

  it('refuses by the form rules: product, version, title, steps, expected date not before today', async () => {
    expect((await send({ Product: 9 })).body.info).toBe('Please choose the product');
    expect((await send({ Version: ' ' })).body.info).toBe('Please enter the version');
    expect((await send({ Title: '' })).body.info).toBe('Please enter the title');
    expect((await send({ HtmlContent: '<p> </p><script>x</script>' })).body.info).toBe('Please describe the steps');
    expect((await send({ ExProcessingTime: inDays(-1) })).body.info).toBe('The expected processing date cannot be before today');
    // Issue 35 item 9: what is no date says which forms a date takes; a date alone is that China day.
    expect((await send({ ExProcessingTime: 'tomorrow' })).body.info).toBe('The expected processing time must be a date (2026-12-05) or an ISO 8601 time with an offset (2026-12-05T12:00:00+08:00)');
    expect((await send({ ExProcessingTime: inDays(-1).slice(0, 10) })).body.info).toBe('The expected processing date cannot be before today');
    for (const days of [0, 1, 7]) {
      const sent = await send({ ExProcessingTime: inDays(days).slice(0, 10) });
      expect(sent.body.code, `${inDays(days).slice(0, 10)}: ${sent.body.info}`).toBe(200);
    }
    // Today (China time) is allowed, to its last second.
    expect((await send({ ExProcessingTime: toChinaWire(portal.clock.now()) })).body.code).toBe(200);
  });

  it('takes the CAM form without login, with an e-mail or phone to answer to', async () => {
    expect((await send({ UserName: 'Visitor', Phone: 'not a contact' }, null)).body.info).toBe('Please enter a correct e-mail or phone number');
    expect((await send({ UserName: 'Visitor', Phone: '+86 13700001111' }, null)).body.code).toBe(200);
    // A phone as people write it (issue 35 item 9), kept in its normal form.
    for (const [written, kept] of [['+86 138 0000 0000', '+8613800000000'], ['+86-138-0000-0000', '+8613800000000'], ['(0531) 8888-8888', '053188888888']]) {
      const sent = await send({ UserName: 'Visitor', Phone: written }, null);
      expect(sent.body.code, `${written}: ${sent.body.info}`).toBe(200);
      const row = (await portal.call('Cam/GetAllProblemFeedbacks', { TopNums: 100 }, staff)).body.ReturnData.find((q: any) => q.Id === sent.body.ReturnData.Id);
      expect(row.Phone).toBe(kept);
    }
    expect((await send({ UserName: 'Visitor', Phone: '138 0000 0000x' }, null)).body.info).toBe('Please enter a correct e-mail or phone number');
    const file = (await upload('main', BNT, 'anon.bnt', null)).body.ReturnData.FileUrl;
    expect((await send({ Phone: 'visitor@example.com', BntFile: file }, a.token)).body.code).toBe(400);
    expect((await send({ Phone: 'visitor@example.com', BntFile: file }, null)).body.code).toBe(200);
  });
});

describe("a customer's questions", () => {
  it('lists only the own questions, with the user form name and phone taken from the profile', async () => {
    const sent = await send({ Title: 'Only mine', UserName: 'Someone Else', Phone: '000' }, b.token);
    const id = sent.body.ReturnData.Id;
    const mine = (await portal.call('Cam/GetProblemFeedbacks', {}, b.token)).body.ReturnData;
    expect(mine.map((q: any) => q.Id)).toEqual([id]);
    expect(mine[0]).toMatchObject({ Title: 'Only mine', UserName: 'Customer sq-b', ProcessingStatus: 0, IsComplaint: 0, Answer: '', ProcessingTime: '' });
    expect(mine[0].ExProcessingTime).toMatch(/\+08:00$/);
    const aSees = (await portal.call('Cam/GetProblemFeedbacks', { Id: id }, a.token)).body.ReturnData;
    expect(aSees).toBe('暂无数据');
    expect((await portal.call('Cam/GetProblemFeedbacks', { Title: ' On ly  mi ne ' }, b.token)).body.ReturnData).toHaveLength(1);
  });

  it('marks urgent only an own question that is neither urgent nor completed', async () => {
    const id = (await send({ Title: 'Urgent one' }, b.token)).body.ReturnData.Id;
    expect((await portal.call('Cam/UpdateComplaint', { Id: id, IsComplaint: 1 }, a.token)).body.code).toBe(404);
    expect((await portal.call('Cam/UpdateComplaint', { Id: id, IsComplaint: 1 }, b.token)).body.code).toBe(200);
    expect((await portal.call('Cam/UpdateComplaint', { Id: id, IsComplaint: 1 }, b.token)).body.info).toBe('The question is already urgent');
    const closed = (await send({ Title: 'Closed one' }, b.token)).body.ReturnData.Id;
    expect((await portal.call('Cam/CloseProblemFeedback', { Id: closed }, staff)).body.code).toBe(200);
    expect((await portal.call('Cam/UpdateComplaint', { Id: closed, IsComplaint: 1 }, b.token)).body.info).toBe('The question is completed');
    const rows = (await portal.call('Cam/GetProblemFeedbacks', { IsComplaint: 1 }, b.token)).body.ReturnData;
    expect(rows.map((q: any) => q.Id)).toEqual([id]);
  });

  it('lets twenty parallel urgent clicks through once', async () => {
    const id = (await send({ Title: 'Raced' }, b.token)).body.ReturnData.Id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => portal.call('Cam/UpdateComplaint', { Id: id }, b.token)));
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(1);
  });

  it("downloads the own files (and staff any), never another customer's", async () => {
    const bnt = (await upload('main', BNT, 'mine.bnt', b.token)).body.ReturnData.FileUrl;
    const id = (await send({ BntFile: bnt }, b.token)).body.ReturnData.Id;
    const own = await portal.app.inject({ method: 'POST', url: '/api/Cam/DownloadFeedbackFile', headers: { token: b.token, 'content-type': 'application/json' }, payload: { Id: id, Slot: 'main' } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(BNT)).toBe(true);
    expect(own.headers['content-disposition']).toContain('attachment');
    const other = await portal.call('Cam/DownloadFeedbackFile', { Id: id, Slot: 'main' }, a.token);
    expect(other.body.code).toBe(404);
    const byStaff = await portal.app.inject({ method: 'POST', url: '/api/Cam/DownloadFeedbackFile', headers: { token: staff, 'content-type': 'application/json' }, payload: { Id: id, Slot: 'main' } });
    expect(byStaff.statusCode).toBe(200);
    expect((await portal.call('Cam/DownloadFeedbackFile', { Id: id, Slot: 'other' }, b.token)).body.code).toBe(404);
  });
});

describe('the staff side', () => {
  it('lists by state, answers (the customer sees it and is mailed), and closes', async () => {
    const id = (await send({ Title: 'Please answer' }, a.token)).body.ReturnData.Id;
    const open = (await portal.call('Cam/GetAllProblemFeedbacks', { ProcessingStatus: 0, TopNums: 100 }, staff)).body;
    expect(open.ReturnData.some((q: any) => q.Id === id)).toBe(true);
    expect(open.ReturnData.every((q: any) => q.ProcessingStatus === 0)).toBe(true);
    expect((await portal.call('Cam/AnswerProblemFeedback', { Id: id, Answer: '  ' }, staff)).body.code).toBe(400);
    expect((await portal.call('Cam/AnswerProblemFeedback', { Id: 999999, Answer: 'x' }, staff)).body.code).toBe(404);
    expect((await portal.call('Cam/AnswerProblemFeedback', { Id: id, Answer: 'Update to 1.5.3.' }, a.token)).status).toBe(403);
    expect((await portal.call('Cam/AnswerProblemFeedback', { Id: id, Answer: 'Update to 1.5.3.' }, staff)).body.code).toBe(200);
    const seen = (await portal.call('Cam/GetProblemFeedbacks', { Id: id }, a.token)).body.ReturnData[0];
    expect(seen).toMatchObject({ Answer: 'Update to 1.5.3.', ProcessingStatus: 0, ProcessingTime: toChinaWire(portal.clock.now()) });
    const mail = portal.services.outbox.list().find((m) => m.to === a.account && m.text.includes('Update to 1.5.3.'));
    expect(mail?.subject).toMatch(/answered/);
    expect((await portal.call('Cam/CloseProblemFeedback', { Id: id }, staff)).body.code).toBe(200);
    const done = (await portal.call('Cam/GetAllProblemFeedbacks', { ProcessingStatus: 1, TopNums: 100 }, staff)).body;
    expect(done.ReturnData.some((q: any) => q.Id === id)).toBe(true);
    expect((await portal.call('Cam/GetProblemFeedbacks', { Id: id }, a.token)).body.ReturnData[0].ProcessingStatus).toBe(1);
  });
});

describe('rich-text steps against an XSS corpus', () => {
  it(`stores ${XSS_CORPUS.length} payloads sanitised, and answers them sanitised to the customer and staff`, async () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(500);
    const batch = 50;
    const ids: number[] = [];
    for (let i = 0; i < XSS_CORPUS.length; i += batch) {
      const html = XSS_CORPUS.slice(i, i + batch).map((p, j) => `<p>case ${i + j}</p>${p}`).join('\n');
      const res = await send({ Title: `xss ${i}`, HtmlContent: html }, a.token);
      expect(res.body.code, res.body.info).toBe(200);
      ids.push(res.body.ReturnData.Id);
    }
    for (const id of ids) {
      const stored = (await portal.call('Cam/GetProblemFeedbacks', { Id: id }, a.token)).body.ReturnData[0].HtmlContent as string;
      expect(markupOf(stored)).not.toMatch(DANGEROUS_HTML);
      expect(stored).toContain('case');
      const byStaff = (await portal.call('Cam/GetAllProblemFeedbacks', { TopNums: 100 }, staff)).body.ReturnData.find((q: any) => q.Id === id);
      expect(byStaff.HtmlContent).toBe(stored);
    }
  });
});
