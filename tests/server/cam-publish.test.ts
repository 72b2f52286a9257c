import fc from 'fast-check';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Cam/PublishRelease as multipart/form-data: the file streams into the file store, the caps answer
// 413, bad fields 400 naming the field, and a refused or broken upload leaves no file and no row.

let portal: TestPortal;
let staff: string;
let customer: string;
beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await portal.login('staff@example.com', 'staff1234')).token;
  customer = (await portal.login('demo@example.com', 'demo1234')).token;
});
afterAll(() => portal?.close());

type Part = [name: string, value: string] | [name: string, bytes: Buffer, filename: string];

/** A multipart body as a browser's FormData sends it, parts in the given order. */
async function form(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const data = new FormData();
  for (const p of parts) {
    if (p.length === 2) data.append(p[0], p[1]);
    else data.append(p[0], new Blob([new Uint8Array(p[1])]), p[2]);
  }
  const encoded = new Response(data);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

const fieldsWith = (extra: Record<string, string> = {}): Part[] =>
  Object.entries({ ProductType: '1', VersionNumber: 'V2.5.0', Remark: '1. 分片上传', RemarkEn: '1. Streamed upload', ...extra });

async function upload(body: { payload: Buffer | string; contentType: string }, token: string | null = staff, target = portal) {
  const res = await target.app.inject({
    method: 'POST',
    url: '/api/Cam/PublishRelease',
    headers: { 'content-type': body.contentType, ...(token ? { token } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** What is stored: the files on disk (partial ones included) and the release rows. */
async function stored(target = portal) {
  const dir = path.join(target.config.dataDir, 'files');
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  const { rows } = await target.services.database.pool.query<{ n: number }>('select count(*)::int as n from cam_releases');
  return { files, releases: rows[0].n };
}

async function expectNothingStored(before: Awaited<ReturnType<typeof stored>>, target = portal) {
  expect(await stored(target)).toEqual(before);
}

const latest = async (type: string) => (await portal.call('Cam/GetCamAssistant', { ProductType: type })).body.ReturnData;

describe('PublishRelease with a body of another type (issue 21, item 10)', () => {
  it('answers text/plain and other unknown bodies 415 in the envelope, never 500', async () => {
    for (const [contentType, payload] of [['text/plain', 'ContentBase64=AAAA'], ['text/plain', '']] as const) {
      const res = await upload({ contentType, payload });
      expect(res.status, contentType).toBe(415);
      expect(res.body).toMatchObject({ code: 415, info: 'Send the body as application/json or multipart/form-data' });
    }
  });
});

describe('PublishRelease as multipart/form-data', () => {
  it('streams a staff upload into the store; a visitor downloads it byte for byte from the fileurl', async () => {
    const bytes = randomBytes(1_500_000);
    const put = vi.spyOn(portal.services.files, 'put');
    try {
      const res = await upload(await form([...fieldsWith(), ['File', bytes, 'Nest-V2.5.0-Setup.exe']]));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, info: 'Published', ReturnData: { versionnumber: 'V2.5.0', filename: 'Nest-V2.5.0-Setup.exe', size: bytes.length } });
      // The file reached the store as a stream, not as one buffer of the whole upload.
      expect(put).toHaveBeenCalledTimes(1);
      expect(put.mock.calls[0][0]).toBeInstanceOf(Readable);
    } finally {
      put.mockRestore();
    }
    const first = (await latest('1'))[0];
    expect(first).toMatchObject({ versionnumber: 'V2.5.0', remark: '1. 分片上传', remarken: '1. Streamed upload' });
    const file = await portal.app.inject({ url: first.fileurl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Nest-V2.5.0-Setup.exe');
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(first.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('names the published release in its audit row, multipart and JSON alike (issue 35, item 8)', async () => {
    const rowOf = async () => (await portal.services.auditLog.find({ action: 'Cam/PublishRelease' }, { offset: 0, limit: 1 })).rows[0];
    const multipart = await upload(await form([...fieldsWith({ VersionNumber: 'V2.5.9' }), ['File', Buffer.from('setup'), 'Nest-V2.5.9.exe']]));
    expect(multipart.body.code).toBe(200);
    expect((await rowOf())).toMatchObject({ kind: 'write', result: 'done', object: `release:${multipart.body.ReturnData.id}` });
    const json = await portal.call('Cam/PublishRelease', { ProductType: '1', VersionNumber: 'V2.5.10', FileName: 'Nest-V2.5.10.exe', ContentBase64: Buffer.from('setup').toString('base64') }, staff);
    expect(json.body.code).toBe(200);
    expect((await rowOf())).toMatchObject({ kind: 'write', result: 'done', object: `release:${json.body.ReturnData.id}` });
  });

  it('takes FileName from the field when sent, and ignores fields it does not know (a submit button)', async () => {
    const res = await upload(
      await form([['lang', 'en'], ...fieldsWith({ VersionNumber: 'V2.5.1', FileName: '套料软件 V2.5.1.zip' }), ['File', Buffer.from('zip'), 'upload.bin'], ['submit', 'Publish']]),
    );
    expect(res.body).toMatchObject({ code: 200, ReturnData: { filename: '套料软件 V2.5.1.zip', versionnumber: 'V2.5.1' } });
  });

  it('refuses a file over the cap with 413 and keeps nothing, even the partial file', async () => {
    const small = await createTestPortal({ RELEASE_MAX_BYTES: '1000' });
    try {
      const token = (await small.login('staff@example.com', 'staff1234')).token;
      const before = await stored(small);
      const over = await upload(await form([...fieldsWith(), ['File', randomBytes(200_000), 'big.zip']]), token, small);
      expect(over.status).toBe(413);
      expect(over.body).toEqual({ code: 413, info: 'The file is larger than 1000 bytes', ReturnData: null, Refused: { id: 'files.tooLargePlain', values: { reason: 'The file is larger than 1000 bytes' } } });
      await expectNothingStored(before, small);
      const oneOver = await upload(await form([...fieldsWith(), ['File', Buffer.alloc(1001, 7), 'big.zip']]), token, small);
      expect(oneOver.status).toBe(413);
      await expectNothingStored(before, small);

      // Over a real connection the refusal comes while the client is still sending, and the server
      // closes the connection rather than read the rest of the upload.
      const address = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const huge = await form([...fieldsWith(), ['File', Buffer.alloc(5_000_000, 1), 'huge.zip']]);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(address).port), '127.0.0.1', () => {
          socket.write(
            `POST /api/Cam/PublishRelease HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${token}\r\n` +
              `Content-Type: ${huge.contentType}\r\nContent-Length: ${huge.payload.length}\r\n\r\n`,
          );
          socket.write(huge.payload.subarray(0, 300_000)); // the rest is never sent
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain('"info":"The file is larger than 1000 bytes"');
      await expectNothingStored(before, small);

      const fits = await upload(await form([...fieldsWith(), ['File', Buffer.alloc(1000, 7), 'fits.zip']]), token, small);
      expect(fits.body.code).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('checks the caller before reading the body: customer 403, anonymous 401, nothing stored', async () => {
    const before = await stored();
    const body = await form([...fieldsWith({ VersionNumber: 'V3.0.0' }), ['File', randomBytes(5000), 'x.zip']]);
    const asCustomer = await upload(body, customer);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe(403);
    const asVisitor = await upload(body, null);
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.body).toMatchObject({ code: 401, info: 'Login has expired, please log in again' });
    // A body that is not even multipart gets the same answers: it was never read.
    expect((await upload({ payload: 'garbage', contentType: 'multipart/form-data; boundary=x' }, customer)).status).toBe(403);
    expect((await upload({ payload: 'garbage', contentType: 'multipart/form-data; boundary=x' }, null)).status).toBe(401);
    await expectNothingStored(before);
  });

  it('answers bad names and bad fields with 400 naming the problem, storing nothing', async () => {
    // A version not yet published, so each case fails for its own reason only.
    const fieldsOf = (extra: Record<string, string> = {}) => fieldsWith({ VersionNumber: 'V9.9.9', ...extra });
    const file = (name = 'ok.zip', bytes = Buffer.from('data')): Part => ['File', bytes, name];
    const cases: Array<[Part[], string]> = [
      [[...fieldsOf({ FileName: '../evil.zip' }), file()], 'The file name may not contain path parts'],
      [[...fieldsOf(), file('dir/evil.zip')], 'The file name may not contain path parts'],
      [[...fieldsOf(), file('C:\\evil.zip')], 'The file name may not contain path parts'],
      [[...fieldsOf(), file('a+b.zip')], 'The file name may not contain "+"'],
      [[...fieldsOf(), file('.hidden')], 'The file name may not start with a dot or a space'],
      [[['VersionNumber', 'V9.9.9'], file()], 'ProductType is required (send the text fields before the file)'],
      [[['ProductType', '1'], file()], 'VersionNumber is required (send the text fields before the file)'],
      [[...fieldsOf({ ProductType: 'one' }), file()], 'ProductType must be a product number'],
      [[...fieldsOf({ ProductType: '8' }), file()], 'Unknown ProductType'],
      [[...fieldsOf({ VersionNumber: 'V'.repeat(51) }), file()], 'VersionNumber must NOT have more than 50 characters'],
      [[...fieldsOf({ VersionNumber: '  ' }), file()], 'VersionNumber cannot be empty'],
      [[...fieldsOf({ VersionNumber: 'V2.0.3' }), file()], 'Version V2.0.3 of this product is already published'],
      [[...fieldsOf({ Remark: 'x'.repeat(4001) }), file()], 'Remark must NOT have more than 4000 characters'],
      [[...fieldsOf({ Remark: 'a\u0000b' }), file()], 'Remark may not contain the NUL character (\\u0000)'],
      [[...fieldsOf(), ['ProductType', '1'], file()], 'ProductType is sent twice'],
      [[...fieldsOf(), file(), ['RemarkEn', 'late']], 'RemarkEn must be sent before the file'],
      [[...fieldsOf(), file(), file('second.zip')], 'Send exactly one file'],
      [[...fieldsOf(), file('empty.zip', Buffer.alloc(0))], 'The file is empty'],
      [fieldsOf(), 'File is required: send the release file as the last part'],
      [[], 'ProductType is required'],
    ];
    const before = await stored();
    for (const [parts, info] of cases) {
      const res = await upload(await form(parts));
      expect(res.status, info).toBe(200); // refusals other than 401/403/404/413 keep HTTP 200 (spec 1 section 8)
      // Texts made from values also carry Refused {id, values} for the browser (issue 23).
      const { Refused: refused, ...envelope } = res.body;
      expect(envelope, info).toEqual({ code: 400, info, ReturnData: null });
      if (refused !== undefined) expect(refused.id, info).toMatch(/^(files|cam)\./);
      await expectNothingStored(before);
    }
  });

  it('refuses a body cut short or malformed with 400, leaving no partial file', async () => {
    const whole = await form([...fieldsWith({ VersionNumber: 'V4.0.0' }), ['File', randomBytes(100_000), 'cut.zip']]);
    const before = await stored();
    const bodies = [
      { payload: whole.payload.subarray(0, whole.payload.length - 60_000), contentType: whole.contentType }, // in the file
      { payload: whole.payload.subarray(0, whole.payload.length - 10), contentType: whole.contentType }, // before the last boundary
      { payload: whole.payload, contentType: 'multipart/form-data' }, // no boundary
      { payload: 'not a form at all', contentType: whole.contentType },
      { payload: '', contentType: whole.contentType },
      { payload: whole.payload.toString('latin1').replace('Content-Disposition', 'Content-Dispositio'), contentType: whole.contentType },
    ];
    for (const body of bodies) {
      const res = await upload(body);
      expect(res.status, body.payload.slice(0, 40).toString()).toBe(200);
      expect(res.body.code, JSON.stringify(res.body)).toBe(400);
      expect(res.body.info).toBeTruthy();
      await expectNothingStored(before);
    }
  });

  it('cleans up an upload whose connection drops halfway through the file', async () => {
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const whole = await form([...fieldsWith({ VersionNumber: 'V4.1.0' }), ['File', randomBytes(400_000), 'dropped.zip']]);
    const before = await stored();
    const socket = await new Promise<Socket>((resolve, reject) => {
      const opened = connect(Number(port), '127.0.0.1', () => {
        opened.write(
          `POST /api/Cam/PublishRelease HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${staff}\r\n` +
            `Content-Type: ${whole.contentType}\r\nContent-Length: ${whole.payload.length}\r\n\r\n`,
        );
        opened.write(whole.payload.subarray(0, 200_000), () => resolve(opened));
      });
      opened.on('error', reject);
    });
    // The drop comes once the store is writing the file: a drop before it left the partial file to
    // appear after this test had seen nothing stored (and the next test found it).
    await expect.poll(async () => (await stored()).files.some((f) => f.endsWith('.part')), { timeout: 5000, interval: 20 }).toBe(true);
    socket.destroy();
    // The server notices the close, the store removes the partial file; no release is added.
    await expect.poll(async () => stored(), { timeout: 5000, interval: 100 }).toEqual(before);
  });

  it('refuses a file part whose name the client damaged (code 400), storing nothing (was 500: the fast-check below found it)', async () => {
    const valid = await form([...fieldsWith({ VersionNumber: 'V5.1.0' }), ['File', Buffer.from('PK-not-really'), 'fuzz.zip']]);
    // A NUL in `filename`: the part is still a file (by its Content-Type), with no name a parser can read.
    const damaged = Buffer.from(valid.payload.toString('latin1').replace('filename="fuzz.zip"', 'filen\u0000me="fuzz.zip"'), 'latin1');
    const before = await stored();
    const res = await upload({ payload: damaged, contentType: valid.contentType });
    expect(res.status).toBe(200); // a refusal keeps HTTP 200 (spec 1 section 8)
    expect(res.body).toMatchObject({ code: 400, info: 'The file name is empty' });
    await expectNothingStored(before);
  });

  it('never answers 5xx and never keeps a refused upload, whatever the bytes (fast-check)', async () => {
    const valid = await form([...fieldsWith({ VersionNumber: 'V5.0.0' }), ['File', randomBytes(3000), 'fuzz.zip']]);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: valid.payload.length }),
        fc.array(fc.tuple(fc.nat({ max: valid.payload.length - 1 }), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        async (cut, flips) => {
          const bytes = Buffer.from(valid.payload.subarray(0, cut));
          for (const [at, value] of flips) if (at < bytes.length) bytes[at] = value;
          const before = await stored();
          const res = await upload({ payload: bytes, contentType: valid.contentType });
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.code).toBe('number');
          expect(typeof res.body.info).toBe('string');
          if (res.body.code !== 200) await expectNothingStored(before);
          else await portal.services.database.pool.query(`delete from cam_releases where version_number = 'V5.0.0'`);
        },
      ),
      { numRuns: 40, ...(process.env.CI ? { seed: 20240601 } : {}) },
    );
  });

  it('leaves the other routes as they were: a multipart body to a JSON call is still 415', async () => {
    const body = await form([['ProductType', '1']]);
    const res = await portal.app.inject({ method: 'POST', url: '/api/Cam/GetCamAssistant', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 415, info: 'Send the body as application/json', ReturnData: null });
  });

  it('documents both forms in the OpenAPI document', () => {
    const op = (portal.app.swagger() as any).paths['/api/Cam/PublishRelease'].post;
    expect(Object.keys(op.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(op.requestBody.content['application/json'].schema.required).toContain('ContentBase64');
    expect(op.requestBody.content['multipart/form-data'].schema.properties.File).toMatchObject({ type: 'string', format: 'binary' });
  });
});
