import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewMachine, createCustomer, memberOf, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 38 item 1 (ADR 0032): the conversation on a work order. Company A (owner, engineer,
// viewer) raised an order; company B's owner is a stranger to it; staff answer, with notes of
// their own that no customer call ever returns.

let portal: TestPortal;
let owner: TestCustomer;
let engineer: TestCustomer;
let viewer: TestCustomer;
let stranger: TestCustomer;
let staffToken: string;
let eventNum: string;
let jpeg: Buffer;
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type Part = [name: string, value: string] | [name: 'files', filename: string, bytes: Buffer];

function multipart(parts: Part[]) {
  const boundary = `----desk${randomBytes(8).toString('hex')}`;
  const chunks = parts.map((p) =>
    p.length === 2
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p[0]}"\r\n\r\n${p[1]}\r\n`)
      : Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p[1]}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          p[2],
          Buffer.from('\r\n'),
        ]),
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function add(token: string, parts: Part[], call = 'WorkOrder/AddMessage') {
  const form = multipart(parts);
  const res = await portal.app.inject({ method: 'POST', url: `/api/${call}`, headers: { 'content-type': form.contentType, token }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}
const call = async (pathName: string, body: Record<string, unknown>, token: string) => (await portal.call(pathName, body, token)).body;
const messagesOf = async (token: string, call_ = 'WorkOrder/GetMessages') => call(call_, { EventNum: eventNum }, token);
const openFile = (token: string, Id: number, Thumb = false, pathName = 'WorkOrder/GetMessageFile') =>
  portal.app.inject({ method: 'POST', url: `/api/${pathName}`, headers: { 'content-type': 'application/json', token }, payload: { Id, Thumb } });
const storedFiles = () => readdirSync(path.join(portal.config.dataDir, 'files'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
const rowCount = async (table: string) => Number((await portal.services.database.pool.query(`select count(*) as n from ${table}`)).rows[0].n);
const refusedByRole = { code: 403, info: 'Your role in this company does not allow this' };

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
  owner = await createCustomer(portal, 'desk-a');
  stranger = await createCustomer(portal, 'desk-b');
  const machine = await bindNewMachine(portal, owner, 'G', 'G3015 Desk Line');
  engineer = await memberOf(portal, owner, 'engineer', 'desk-a-engineer');
  viewer = await memberOf(portal, owner, 'viewer', 'desk-a-viewer');
  staffToken = (await portal.login('staff@example.com', 'staff1234')).token;
  const parts = await call('Component/GetList', { lang: 'en' }, owner.token);
  const saved = await call(
    'CSSAPI/SaveWorkOrder',
    {
      OrderNumber: machine, Phone: '+86 531 8888 0000', Email: 'owner@factory.cn', Company: 'Jinan Sheet Metal Co.', UserName: 'Alice',
      ProvinceName: '山东省', Province: '370000', CityName: '济南市', City: '370100', ComponentId: parts.ReturnData[0].Id, Content: 'E101 nozzle collision',
    },
    engineer.token,
  );
  expect(saved.code, saved.info).toBe(200);
  eventNum = saved.ReturnData.data;
  jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#3c3' } }).png().toBuffer();
});
afterAll(() => portal?.close());

describe('the conversation of a company and staff', () => {
  it('an engineer adds photos and a PDF; every member reads them, with a thumbnail made on the server', async () => {
    const added = await add(engineer.token, [['EventNum', eventNum], ['Content', 'The nozzle after the collision'], ['files', 'nozzle.jpg', jpeg], ['files', 'report.pdf', pdf]]);
    expect(added.body.code, added.body.info).toBe(200);
    expect(added.body.ReturnData).toMatchObject({ EventNum: eventNum, Author: 'customer', AuthorName: expect.any(String), Internal: false, Content: 'The nozzle after the collision' });
    const [photo, report] = added.body.ReturnData.Files;
    expect(photo).toMatchObject({ Name: 'nozzle.jpg', MediaType: 'image/jpeg', Size: jpeg.length, Thumbnail: true });
    expect(report).toMatchObject({ Name: 'report.pdf', MediaType: 'application/pdf', Thumbnail: false });

    for (const member of [owner, engineer, viewer]) {
      const read = await messagesOf(member.token);
      expect(read.code).toBe(200);
      expect(read.ReturnData.data.map((m: { Id: number }) => m.Id)).toContain(added.body.ReturnData.Id);
    }
    const original = await openFile(viewer.token, photo.Id);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.rawPayload.equals(jpeg)).toBe(true);
    const thumb = await openFile(viewer.token, photo.Id, true);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    // A PDF has no thumbnail: the file itself answers.
    expect((await openFile(viewer.token, report.Id, true)).headers['content-type']).toBe('application/pdf');
  });

  it('a viewer reads only: adding is refused by the role, and nothing is stored', async () => {
    const before = storedFiles().length;
    expect((await add(viewer.token, [['EventNum', eventNum], ['Content', 'viewer'], ['files', 'nozzle.png', png]])).body).toMatchObject(refusedByRole);
    expect(storedFiles().length).toBe(before);
    expect((await messagesOf(viewer.token)).code).toBe(200);
  });

  it('a stranger neither reads, nor adds, nor opens a file of the order: each answers as an unknown order', async () => {
    const files = (await messagesOf(owner.token)).ReturnData.data.flatMap((m: { Files: Array<{ Id: number }> }) => m.Files.map((f) => f.Id));
    expect(files.length).toBeGreaterThan(0);
    const before = [storedFiles().length, await rowCount('work_order_messages')];
    expect(await messagesOf(stranger.token)).toMatchObject({ code: 404, info: '未查询到数据' });
    expect((await add(stranger.token, [['EventNum', eventNum], ['Content', 'mine now'], ['files', 'nozzle.png', png]])).body).toMatchObject({ code: 404, info: '未查询到数据' });
    expect((await add(stranger.token, [['EventNum', eventNum], ['Content', 'mine now']])).body).toMatchObject({ code: 404 });
    for (const id of files) {
      const opened = await openFile(stranger.token, id);
      expect(opened.statusCode).toBe(404);
      expect(opened.json()).toMatchObject({ code: 404, info: 'The file does not exist' });
    }
    expect([storedFiles().length, await rowCount('work_order_messages')]).toEqual(before);
  });

  it("staff answer and write staff-only notes; no customer call ever returns a note or its file, and staff's changes are audited", async () => {
    // A staff account without a real name: its account (an address) is all there is to name it by.
    await portal.services.database.pool.query(`update users set real_name = '' where account = 'staff@example.com'`);
    const answer = await add(staffToken, [['EventNum', eventNum], ['Content', 'Please send a photo of the lens too']], 'Staff/AddWorkOrderMessage');
    expect(answer.body.code, answer.body.info).toBe(200);
    expect(answer.body.ReturnData).toMatchObject({ Author: 'staff', Internal: false });
    const note = await add(staffToken, [['EventNum', eventNum], ['Content', 'Customer crashed it twice this month'], ['Internal', 'true'], ['files', 'log.png', png]], 'Staff/AddWorkOrderMessage');
    expect(note.body.ReturnData).toMatchObject({ Author: 'staff', Internal: true });
    const noteFile = note.body.ReturnData.Files[0].Id as number;

    const staffSees = await messagesOf(staffToken, 'Staff/GetWorkOrderMessages');
    expect(staffSees.ReturnData.data.find((m: { Id: number }) => m.Id === answer.body.ReturnData.Id).AuthorName).toBe('staff@example.com');
    expect(staffSees.ReturnData.data.map((m: { Id: number }) => m.Id)).toEqual(expect.arrayContaining([answer.body.ReturnData.Id, note.body.ReturnData.Id]));
    expect((await openFile(staffToken, noteFile, true, 'Staff/GetWorkOrderMessageFile')).headers['content-type']).toBe('image/webp');
    for (const member of [owner, engineer, viewer]) {
      const read = await messagesOf(member.token);
      expect(read.ReturnData.data.find((m: { Id: number }) => m.Id === answer.body.ReturnData.Id)).toMatchObject({ Author: 'staff', AuthorName: '' });
      expect(read.ReturnData.data.map((m: { Id: number }) => m.Id)).not.toContain(note.body.ReturnData.Id);
      expect(JSON.stringify(read)).not.toContain('crashed it twice');
      // Staff are named by their real name only, never by their account (an address).
      expect(JSON.stringify(read)).not.toContain('staff@example.com');
      expect((await openFile(member.token, noteFile)).statusCode).toBe(404);
      expect((await openFile(member.token, noteFile, true)).statusCode).toBe(404);
    }
    // A customer asking for a note writes a message everyone reads.
    const asked = await add(engineer.token, [['EventNum', eventNum], ['Content', 'Lens photo attached'], ['Internal', 'true'], ['files', 'lens.png', png]]);
    expect(asked.body.ReturnData).toMatchObject({ Author: 'customer', Internal: false });
    // The customer calls refuse staff; the staff calls refuse customers.
    expect((await messagesOf(engineer.token, 'Staff/GetWorkOrderMessages')).code).toBe(403);

    const audit = await call('Staff/GetAuditLog', { Object: eventNum, PrevPageNums: 0, TopNums: 50 }, staffToken);
    const rows = (audit.ReturnData as Array<{ Result: string; Object: string; After: unknown; Action: string }>).filter((r) => r.Result === 'done' && r.Object === `work-order:${eventNum}`);
    expect(rows.map((r) => JSON.stringify(r.After))).toEqual(expect.arrayContaining([expect.stringContaining('Please send a photo'), expect.stringContaining('"Internal":true')]));
  });
});

describe('files checked by their content', () => {
  it('refuses a file whose content is not what its name says, with a clear envelope, and keeps nothing of the message', async () => {
    const before = [storedFiles().length, await rowCount('work_order_messages'), await rowCount('work_order_message_files')];
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    // The first file is a good photo: it goes too when the second is refused.
    const refused = await add(engineer.token, [['EventNum', eventNum], ['Content', 'two files'], ['files', 'good.jpg', jpeg], ['files', 'photo.jpg', page]]);
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: 415, info: "photo.jpg: its content is not the JPEG, PNG, WebP or PDF file its name says", ReturnData: null, Refused: { id: 'files.badType' } });
    // A real PNG named .jpg, an SVG, a type outside the four, a JPEG whose body is not one.
    const cases: Array<[string, Buffer]> = [['nozzle.jpg', png], ['drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], ['clip.gif', Buffer.from('GIF89a')], ['broken.jpg', Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(2000, 7)])]];
    for (const [name, bytes] of cases) {
      const answer = await add(engineer.token, [['EventNum', eventNum], ['files', name, bytes]]);
      expect(answer.body.code, name).toBe(415);
      expect(answer.body.info, name).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `));
    }
    expect([storedFiles().length, await rowCount('work_order_messages'), await rowCount('work_order_message_files')]).toEqual(before);
  });

  it('refuses an empty message, too many files, a file over the limit and a body that is not multipart, without a 500', async () => {
    expect((await add(engineer.token, [['EventNum', eventNum], ['Content', '   ']])).body).toMatchObject({ code: 400, info: 'Write a message or add a file' });
    const six: Part[] = Array.from({ length: 6 }, (_, i) => ['files', `p${i}.png`, png] as Part);
    expect((await add(engineer.token, [['EventNum', eventNum], ...six])).body).toMatchObject({ code: 400, info: 'Send at most 5 files at once' });
    expect((await add(engineer.token, [['files', 'p.png', png]])).body).toMatchObject({ code: 400, info: 'EventNum is required (send it before the files)' });
    const large = await add(engineer.token, [['EventNum', eventNum], ['files', 'big.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)])]]);
    expect(large.body).toMatchObject({ code: 413, info: 'big.pdf is larger than 10 MB' });
    expect((await portal.call('WorkOrder/AddMessage', { EventNum: eventNum, Content: 'json' }, engineer.token)).body).toMatchObject({ code: 415 });
    expect((await add(engineer.token, [['EventNum', eventNum], ['Content', 'x'.repeat(4001)]])).body).toMatchObject({ code: 400, info: 'The message is longer than 4000 characters' });
  });
});

describe('one unit of work (ADR 0027)', () => {
  it('keeps neither the message nor its files when the files rows cannot be written', async () => {
    const pool = portal.services.database.pool;
    const before = [storedFiles().length, await rowCount('work_order_messages')];
    await pool.query(`create function desk_test_fail_files() returns trigger language plpgsql as $$
      begin raise exception 'the files rows fail (work-order-messages.test.ts)'; end $$`);
    await pool.query('create trigger desk_test_fail_files before insert on work_order_message_files for each row execute function desk_test_fail_files()');
    try {
      const failed = await add(engineer.token, [['EventNum', eventNum], ['Content', 'with a photo'], ['files', 'nozzle.png', png]]);
      expect(failed.status).toBe(500);
      expect([storedFiles().length, await rowCount('work_order_messages')]).toEqual(before);
    } finally {
      await pool.query('drop trigger desk_test_fail_files on work_order_message_files');
      await pool.query('drop function desk_test_fail_files()');
    }
    expect((await add(engineer.token, [['EventNum', eventNum], ['Content', 'with a photo'], ['files', 'nozzle.png', png]])).body.code).toBe(200);
  });
});
