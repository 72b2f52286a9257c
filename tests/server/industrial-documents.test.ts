import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { NO_DATA } from '../../src/contract/envelope';
import { DEMO_FLEET, seedDevices } from '../../src/seed/devices.seed';
import { plateCamReport, seedDocuments, tubeCamReport } from '../../src/seed/documents.seed';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// IndustrialDocument/* (issue 18): uploads streamed to the file store with limits per file and per
// request, documents only of the caller's machines, work reports from the task events, CAM reports
// posted by the nesting software, and nothing stored left behind by a refused or broken upload.

const FILE_MAX = 1000;
const REQUEST_MAX = 2500;
let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceTube: string;
let aliceSheet: string;
let bobMachine: string;

beforeAll(async () => {
  portal = await createTestPortal({ DOCUMENT_MAX_BYTES: String(FILE_MAX), DOCUMENT_REQUEST_MAX_BYTES: String(REQUEST_MAX), RATE_LIMIT_SCALE: '100' });
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  aliceTube = await bindNewMachine(portal, alice, 'T');
  aliceSheet = await bindNewMachine(portal, alice, 'G');
  bobMachine = await bindNewMachine(portal, bob, 'P');
});
afterAll(() => portal?.close());

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer };

/** A multipart body written by hand, so names a browser would escape (NUL, quotes) reach the server as sent. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = 'filename' in p ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${'filename' in p ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`, 'utf8'));
    chunks.push('filename' in p ? p.bytes : Buffer.from(p.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const dxf = (size: number) => Buffer.from('0\nSECTION\n2\nENTITIES\n'.padEnd(size, ' '));
const files = (order: string, ...list: Array<[string, Buffer]>): Part[] => [
  { name: 'orderNumber', value: order },
  ...list.map(([filename, bytes]) => ({ name: 'files', filename, bytes })),
];

async function upload(parts: Part[], token: string | null) {
  const body = multipart(parts);
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/IndustrialDocument/UploadListDocument',
    headers: { 'content-type': body.contentType, ...(token ? { token } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The portal's address over real HTTP (it listens from the first test that needs it). */
const listening = async () => (portal.app.server.listening ? `http://127.0.0.1:${(portal.app.server.address() as { port: number }).port}` : portal.app.listen({ port: 0, host: '127.0.0.1' }));

const call = async (action: string, body: Record<string, unknown>, token: string) => (await portal.call(`IndustrialDocument/${action}`, body, token)).body;

/** What is stored: the files on disk (partial ones included) and the document rows. */
async function stored() {
  const dir = path.join(portal.config.dataDir, 'files');
  const onDisk = existsSync(dir) ? readdirSync(dir).sort() : [];
  const { rows } = await portal.services.database.pool.query<{ n: number }>('select count(*)::int as n from industrial_documents');
  return { files: onDisk, documents: rows[0]!.n };
}

describe('uploads', () => {
  it('stores several files of the caller machine and lists them newest first, with ReturnCount', async () => {
    const res = await upload(files(aliceTube, ['rail-40x40x2.bnt', Buffer.from('BNT nest job')], ['frame.dxf', dxf(900)], ['规格书.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n')]), alice.token);
    expect(res.body.code, res.body.info).toBe(200);
    expect(res.body.ReturnData.map((d: { FileName: string }) => d.FileName)).toEqual(['rail-40x40x2.bnt', 'frame.dxf', '规格书.pdf']);
    const list = await call('WebGetList', { OrderNumber: aliceTube }, alice.token);
    expect(list.ReturnCount).toBe(3);
    expect(list.ReturnData[0]).toMatchObject({ OrderNumber: aliceTube, FilePath: expect.stringContaining(aliceTube), ProjectId: '' });
    const byName = await call('WebGetList', { FileName: 'FRAME' }, alice.token);
    expect(byName.ReturnData.map((d: { FileName: string }) => d.FileName)).toEqual(['frame.dxf']);
    const paged = await call('WebGetList', { PrevPageNums: 1, TopNums: 1 }, alice.token);
    expect(paged.ReturnData).toHaveLength(1);
    expect(paged.ReturnCount).toBe(3);
  });

  it('pages the list on the server: pages of TopNums rows after PrevPageNums, in one order, with the total; past the end empty with the total', async () => {
    const carol = await createCustomer(portal, 'carol');
    const machine = await bindNewMachine(portal, carol, 'G');
    const names = Array.from({ length: 7 }, (_, i) => [`part-${i}.dxf`, dxf(20)] as [string, Buffer]);
    for (const batch of [names.slice(0, 3), names.slice(3)]) expect((await upload(files(machine, ...batch), carol.token)).body.code).toBe(200);
    const all = await call('WebGetList', {}, carol.token);
    expect(all.ReturnCount).toBe(7);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call('WebGetList', { PrevPageNums: (page - 1) * 3, TopNums: 3 }, carol.token);
      expect(res.ReturnCount).toBe(7);
      pages.push(...res.ReturnData.map((d: { Id: string }) => d.Id));
    }
    expect(pages).toEqual(all.ReturnData.map((d: { Id: string }) => d.Id));
    const past = await call('WebGetList', { PrevPageNums: 9, TopNums: 3 }, carol.token);
    expect(past.ReturnData).toEqual(NO_DATA);
    expect(past.ReturnCount).toBe(7);
    // A filter pages within what it finds; someone else's documents never count.
    const filtered = await call('WebGetList', { FileName: 'part-1', PrevPageNums: 0, TopNums: 3 }, carol.token);
    expect(filtered.ReturnCount).toBe(1);
    expect((await call('WebGetList', { PrevPageNums: 0, TopNums: 3 }, bob.token)).ReturnCount ?? 0).not.toBe(7);
    for (const bad of [{ TopNums: 0 }, { TopNums: 101 }, { PrevPageNums: -1 }]) expect((await call('WebGetList', bad, carol.token)).code).toBe(400);
  });

  it('refuses the machine of someone else, and an upload without an order number or files, storing nothing', async () => {
    const before = await stored();
    expect((await upload(files(bobMachine, ['x.dxf', dxf(10)]), alice.token)).body).toMatchObject({ code: 400, info: 'This machine is not one of yours' });
    expect((await upload(files('NOT-A-MACHINE', ['x.dxf', dxf(10)]), alice.token)).body.code).toBe(400);
    expect((await upload([{ name: 'files', filename: 'x.dxf', bytes: dxf(10) }], alice.token)).body.info).toMatch(/orderNumber is required/);
    expect((await upload(files(aliceTube), alice.token)).body.info).toBe('Choose at least one file');
    expect((await upload(files(aliceTube, ['x.dxf', dxf(10)]), null)).status).toBe(401);
    const json = await portal.call('IndustrialDocument/UploadListDocument', {}, alice.token);
    expect(json.body).toMatchObject({ code: 415 });
    expect(await stored()).toEqual(before);
  });

  it('refuses attack names and disguised content with a clear error, storing nothing of the whole upload', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(200)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), randomBytes(100)]);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['../../etc/passwd.dxf', dxf(10), /path parts/],
      ['..\\win.ini.dxf', dxf(10), /path parts/],
      ['C:evil.dxf', dxf(10), /path parts/],
      ['nul\u0000.dxf', dxf(10), /control characters/],
      ['invoice\u202Egpj.dxf', dxf(10), /bidirectional/],
      ['drawing.pdf.exe', exe, /\.exe files are not documents/],
      ['report.dxf.html', Buffer.from('<script>alert(1)</script>'), /\.html files are not documents/],
      ['plan.dxf', elf, /program \(elf\)/],
      ['scan.pdf', Buffer.from('not a pdf at all'), /not PDF/],
      ['photo.png', Buffer.from('%PDF-1.4\n'), /not PNG/],
      ['a+b.dxf', dxf(10), /may not contain "\+"/],
      ['.hidden.dxf', dxf(10), /dot/],
    ];
    for (const [name, bytes, info] of cases) {
      const before = await stored();
      // A good file first: it is stored while the form streams, and must go when the bad one is refused.
      const res = await upload(files(aliceTube, ['good.dxf', dxf(100)], [name, bytes]), alice.token);
      expect(res.body.code, `${JSON.stringify(name)}: ${res.body.info}`).not.toBe(200);
      expect(res.body.info, JSON.stringify(name)).toMatch(info);
      expect(await stored(), JSON.stringify(name)).toEqual(before);
    }
  });

  it('takes a file of exactly the limit and refuses one byte over it with 413, storing nothing', async () => {
    const before = await stored();
    const over = await upload(files(aliceTube, ['a.dxf', dxf(10)], ['big.dxf', dxf(FILE_MAX + 1)]), alice.token);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ code: 413, info: 'big.dxf is larger than 1000 bytes', ReturnData: null, Refused: { id: 'files.tooLarge', values: { name: 'big.dxf', limit: '1000 bytes' } } });
    expect(await stored()).toEqual(before);
    const exact = await upload(files(aliceSheet, ['exact.dxf', dxf(FILE_MAX)]), alice.token);
    expect(exact.body.code).toBe(200);
    await call('Delete', { Id: exact.body.ReturnData[0].Id }, alice.token);
  });

  it('takes a request of exactly the request limit and refuses one byte over it with 413, storing nothing', async () => {
    const before = await stored();
    const over = await upload(files(aliceSheet, ['1.dxf', dxf(1000)], ['2.dxf', dxf(1000)], ['3.dxf', dxf(REQUEST_MAX - 2000 + 1)]), alice.token);
    expect(over.status).toBe(413);
    expect(over.body.info).toBe('The files together are larger than 2500 bytes');
    expect(await stored()).toEqual(before);
    const exact = await upload(files(aliceSheet, ['1.dxf', dxf(1000)], ['2.dxf', dxf(1000)], ['3.dxf', dxf(REQUEST_MAX - 2000)]), alice.token);
    expect(exact.body.code).toBe(200);
    for (const d of exact.body.ReturnData) await call('Delete', { Id: d.Id }, alice.token);
    expect(await stored()).toEqual(before);
  });

  it('answers a refused upload to a client still sending it, and keeps the connection for the next call', async () => {
    const address = await listening();
    const whole = multipart(files(aliceTube, ['bad+name.dxf', dxf(500)], ['second.dxf', dxf(500)]));
    const cut = whole.payload.indexOf('second.dxf');
    const before = await stored();
    // The refused file's part first; the rest once the server has refused it (as a slow network sends it).
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(whole.payload.subarray(0, cut));
        await new Promise((resolve) => setTimeout(resolve, 300));
        controller.enqueue(whole.payload.subarray(cut));
        controller.close();
      },
    });
    const res = await fetch(`${address}/api/IndustrialDocument/UploadListDocument`, {
      method: 'POST',
      headers: { 'content-type': whole.contentType, token: alice.token },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.headers.get('connection')).not.toBe('close');
    expect(((await res.json()) as { code: number; info: string }).info).toMatch(/\+/);
    expect(await stored()).toEqual(before);
  });

  it('closes the connection after refusing an upload whose unread rest is over 1 MiB, without reading it', async () => {
    const address = await listening();
    const head = multipart(files(aliceTube, ['bad+name.dxf', dxf(500)])).payload;
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(new URL(address).port), '127.0.0.1', () => {
        socket.write(
          `POST /api/IndustrialDocument/UploadListDocument HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${alice.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${head.subarray(2, head.indexOf('\r\n')).toString()}\r\nContent-Length: ${head.length + 3 * 1024 * 1024}\r\n\r\n`,
        );
        // The refused part, then 2 MiB of the 3 announced: more than is read for a refusal, and never all of it.
        socket.write(head.subarray(0, head.length - 2));
        socket.write(Buffer.alloc(2 * 1024 * 1024, 0x20));
      });
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('"info"')) (socket.destroy(), resolve(text));
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/"code":400/);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('leaves no file and no row when the connection drops halfway through the second file', async () => {
    const address = await listening();
    const { port } = new URL(address);
    const whole = multipart(files(aliceTube, ['first.dxf', dxf(900)], ['second.dxf', dxf(900)]));
    const before = await stored();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/IndustrialDocument/UploadListDocument HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${alice.token}\r\n` +
            `Content-Type: ${whole.contentType}\r\nContent-Length: ${whole.payload.length}\r\n\r\n`,
        );
        socket.write(whole.payload.subarray(0, whole.payload.length - 400), () => setTimeout(() => (socket.destroy(), resolve()), 200));
      });
      socket.on('error', reject);
    });
    await expect.poll(async () => stored(), { timeout: 5000, interval: 100 }).toEqual(before);
  });
});

describe('a document belongs to the machine owner', () => {
  let docId: string;
  beforeAll(async () => {
    const res = await upload(files(aliceSheet, ['bracket-8mm-CS.bnn', Buffer.from('nest bytes of the bracket job')]), alice.token);
    docId = res.body.ReturnData[0].Id;
  });

  it('never lists, downloads, reports on or deletes another customer document', async () => {
    expect((await call('WebGetList', {}, bob.token)).ReturnData).toBe(NO_DATA);
    expect((await call('WebGetList', { OrderNumber: aliceSheet }, bob.token)).ReturnData).toBe(NO_DATA);
    expect((await call('WebGetList', { FileName: 'bracket' }, bob.token)).ReturnData).toBe(NO_DATA);
    expect(await call('Download', { Id: docId }, bob.token)).toEqual({ code: 404, info: 'The document does not exist', ReturnData: null });
    expect((await call('GetTubeMachineReport', { Id: docId }, bob.token)).ReturnData).toBe(NO_DATA);
    expect((await call('GetPlateMachineReport', { Id: docId }, bob.token)).ReturnData).toBe(NO_DATA);
    expect(await call('Delete', { Id: docId }, bob.token)).toMatchObject({ code: 404 });
    expect(await call('Delete', { Id: 'not-an-id' }, bob.token)).toMatchObject({ code: 404 });
    expect((await call('WebGetList', { FileName: 'bracket' }, alice.token)).ReturnCount).toBe(1);
  });

  it('downloads as an attachment with a safe Content-Disposition and nosniff', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/IndustrialDocument/Download',
      headers: { 'content-type': 'application/json', token: alice.token },
      payload: JSON.stringify({ Id: docId }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('nest bytes of the bracket job');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bracket-8mm-CS.bnn"; filename*=UTF-8''bracket-8mm-CS.bnn`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the work report of the job from the sheet machine task events, newest first', async () => {
    const row = (at: string, len: number) => ({
      TaskName: 'bracket-8mm-CS.bnn', CuttingLength: len, PunchingNum: 42, ProcessingTime: 600, EmptyLength: 12.5,
      StartTime: at, EndTime: at, FileUrl: 'D:/nest/bracket-8mm-CS.bnn',
    });
    await portal.services.machineEvents.store([
      { kind: 'task', orderNumber: aliceSheet, eventId: 'e1', taskKind: 'sheet', startTime: new Date('2026-11-20T01:00:00Z'), endTime: new Date('2026-11-20T01:10:00Z'), cutLength: 80, durationS: 600, pierces: 42, row: row('2026-11-20T01:00:00Z', 80) },
      { kind: 'task', orderNumber: aliceSheet, eventId: 'e2', taskKind: 'sheet', startTime: new Date('2026-11-21T01:00:00Z'), endTime: new Date('2026-11-21T01:10:00Z'), cutLength: 81, durationS: 600, pierces: 42, row: row('2026-11-21T01:00:00Z', 81) },
      { kind: 'task', orderNumber: aliceSheet, eventId: 'e3', taskKind: 'sheet', startTime: new Date('2026-11-21T02:00:00Z'), endTime: new Date('2026-11-21T02:10:00Z'), cutLength: 9, durationS: 60, pierces: 1, row: { ...row('2026-11-21T02:00:00Z', 9), TaskName: 'other.bnn' } },
    ]);
    expect((await call('GetTubeMachineReport', { Id: docId }, alice.token)).ReturnData).toBe(NO_DATA);
    const plate = await call('GetPlateMachineReport', { Id: docId }, alice.token);
    expect(plate.code).toBe(200);
    expect(plate.ReturnData.map((r: { CuttingLength: number }) => r.CuttingLength)).toEqual([81, 80]);
    expect(plate.ReturnData[0]).toMatchObject({ OrderNumber: aliceSheet, MachineName: expect.any(String), PunchingNum: 42, EmptyLength: 12.5, StartTime: '2026-11-21T01:00:00.000Z' });
  });

  it('answers the tube work report of a tube job', async () => {
    const res = await upload(files(aliceTube, ['pipe-D76x3.bnt', Buffer.from('tube nest')]), alice.token);
    const id = res.body.ReturnData[0].Id;
    await portal.services.machineEvents.store([
      {
        kind: 'task', orderNumber: aliceTube, eventId: 't1', taskKind: 'tube', startTime: new Date('2026-11-21T03:00:00Z'), endTime: new Date('2026-11-21T03:20:00Z'),
        cutLength: 30, durationS: 1200, pierces: 64,
        row: { TaskName: 'pipe-D76x3.bnt', FileUrl: '', SlicingLength: 30, SlicingDuration: 900, PierceCount: 64, PierceDuration: 40, TotalDuration: 1200, IdleLength: 8, PartCount: 16, Thickness: 3, UseTubeCount: 2, StartTime: '2026-11-21T03:00:00Z', EndTime: '2026-11-21T03:20:00Z', ProcessType: 1, IsComplete: 1 },
      },
    ]);
    const tube = await call('GetTubeMachineReport', { Id: id }, alice.token);
    expect(tube.ReturnData).toEqual([
      expect.objectContaining({ OrderNumber: aliceTube, PartCount: 16, UseTubeCount: 2, IsComplete: 1, ProcessType: 1, TotalDuration: 1200 }),
    ]);
  });

  it('deletes the row and its file', async () => {
    const res = await upload(files(aliceTube, ['temp.dxf', dxf(50)]), alice.token);
    const before = await stored();
    expect(await call('Delete', { Id: res.body.ReturnData[0].Id }, alice.token)).toEqual({ code: 200, info: '删除成功!', ReturnData: null });
    const after = await stored();
    expect(after.documents).toBe(before.documents - 1);
    expect(after.files).toHaveLength(before.files.length - 1);
  });
});

describe('CAM reports', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="4"/></svg>').toString('base64');
  const report = (orderNumber: string) => ({
    OrderNumber: orderNumber,
    FileName: 'rail-40x40x2.bnt',
    Tube: {
      Report: { ProjectName: 'Rail', CreateTime: '2026-11-20T08:00:00Z', Gap: 5, CutLength: 48.2, Material: 'Q235', TubeInfo: '40x40x2', TubeThickness: 2, SectionInfo: '40x40', SectionType: 'Square' },
      Nests: [{ ID: 1, Sort: 1, NestTubeID: 1, Name: 'N1', Length: 6000, SurplusLength: 120, PartsCount: 12, UsedTubeCount: 2, Utilization: 0.98, Count: 2, CutLength: 24.1, AirLength: 3.2, PerforationCount: 48 }],
      Parts: [{ ID: 1, Name: 'Rail-A', Sort: 1, Size: '480x40x40', Weight: 1.2, Count: 12, UsedCount: 12, SurplusCount: 0, ImageFile: 'rail-a.svg' }],
      Tubes: [{ ID: 1, Name: 'SQ40', Sort: 1, Section: '40x40x2', Length: 6000, Count: 2, UsedCount: 2, SurplusCount: 0 }],
    },
    Images: [{ Name: 'rail-a.svg', ContentBase64: svg }],
  });

  it('takes a report with its part image, links it to the documents of that file, and serves the image', async () => {
    const posted = await call('PostCamReport', report(aliceTube), alice.token);
    expect(posted.code, posted.info).toBe(200);
    const projectId = posted.ReturnData.ProjectId;
    const doc = (await call('WebGetList', { FileName: 'rail-40x40x2' }, alice.token)).ReturnData[0];
    expect(doc.ProjectId).toBe(projectId);
    expect((await call('GetReportTube', { ProjectId: projectId }, alice.token)).ReturnData[0]).toMatchObject({ ProjectName: 'Rail', Material: 'Q235' });
    expect((await call('GetCamNests', { ProjectId: projectId }, alice.token)).ReturnData[0]).toMatchObject({ Name: 'N1', Utilization: 0.98 });
    expect((await call('GetCamTubes', { ProjectId: projectId }, alice.token)).ReturnData[0]).toMatchObject({ Name: 'SQ40' });
    expect((await call('GetPlateReports', { ProjectId: projectId }, alice.token)).ReturnData).toBe(NO_DATA);
    const part = (await call('GetCamParts', { ProjectId: projectId }, alice.token)).ReturnData[0];
    expect(part.ImageFile).toMatch(/^\/api\/IndustrialDocument\/Image\/[0-9a-f]{32}\/rail-a\.svg$/);
    const image = await portal.app.inject({ method: 'GET', url: part.ImageFile });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    // Bob never reads it, however he learns the id.
    for (const action of ['GetReportTube', 'GetCamNests', 'GetCamParts', 'GetCamTubes', 'GetPlateReports', 'GetPlateParts']) {
      expect((await call(action, { ProjectId: projectId }, bob.token)).ReturnData, action).toBe(NO_DATA);
    }
    // A document's file id is never served as an image.
    const fileId = (await portal.services.database.pool.query('select file_id from industrial_documents limit 1')).rows[0].file_id;
    expect((await portal.app.inject({ method: 'GET', url: `/api/IndustrialDocument/Image/${fileId}/x.png` })).statusCode).toBe(404);
  });

  it('refuses a report for someone else, one without a report, a missing or fake image, storing nothing', async () => {
    const before = await stored();
    expect((await call('PostCamReport', report(bobMachine), alice.token)).code).toBe(400);
    expect((await call('PostCamReport', { OrderNumber: aliceTube, FileName: 'x.bnt' }, alice.token)).info).toBe('Send a Tube or a Plate report');
    const noImage = { ...report(aliceTube), Images: [] };
    expect((await call('PostCamReport', noImage, alice.token)).info).toBe('rail-a.svg is not among Images');
    const fake = { ...report(aliceTube), Images: [{ Name: 'rail-a.svg', ContentBase64: Buffer.from('<html><script>1</script>').toString('base64') }] };
    expect((await call('PostCamReport', fake, alice.token)).info).toMatch(/not a PNG, JPEG, GIF, WebP or SVG/);
    expect(await stored()).toEqual(before);
  });

  it('takes the generated plate report of a sheet job: nests and parts with their SVG drawings', async () => {
    const posted = await call('PostCamReport', { ...plateCamReport(aliceSheet, 'panel-2mm-SS.bnn', new Date('2026-11-20T08:00:00Z')) }, alice.token);
    expect(posted.code, posted.info).toBe(200);
    const id = posted.ReturnData.ProjectId;
    expect((await call('GetReportTube', { ProjectId: id }, alice.token)).ReturnData).toBe(NO_DATA);
    const plates = (await call('GetPlateReports', { ProjectId: id }, alice.token)).ReturnData;
    expect(plates[0]).toMatchObject({ Material: 'SUS304', Thickness: 2, TaskName: 'panel-2mm-SS' });
    const parts = (await call('GetPlateParts', { ProjectId: id }, alice.token)).ReturnData;
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const url of [plates[0].ImageFile, parts[0].PartImageFile]) {
      const image = await portal.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('npm run cam-report posts a report from a JSON file to a running portal', async () => {
    const address = await listening();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cam-report-')), 'report.json');
    writeFileSync(file, JSON.stringify(tubeCamReport(aliceTube, 'frame-60x30x3.bnt', new Date())));
    const command = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/cam-report.command.ts', file, '--url', address, ...args], { timeout: 60_000 });
    const { stdout } = await command('--token', alice.token);
    const projectId = /ProjectId ([0-9a-f-]{36}), (\d+) images/.exec(stdout);
    expect(projectId, stdout).not.toBeNull();
    expect((await call('GetReportTube', { ProjectId: projectId![1] }, alice.token)).ReturnData[0].ProjectName).toBe('frame-60x30x3');
    const refused = await command('--token', bob.token).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('This machine is not one of yours') });
    // A token may begin with '-' (base64url): it is the token's value, not an option (the portal refuses this one).
    const dashed = await command('--token', `-${'x'.repeat(42)}`).catch((e: { code: number; stderr: string }) => e);
    expect(dashed).toMatchObject({ code: 1, stderr: expect.stringContaining('report refused') });
  });

  it('seeds the demo fleet: three job files per machine, two of them with a CAM report, once', async () => {
    const demo = await portal.login('demo@example.com', 'demo1234');
    await seedDevices(portal.services, { ownerId: demo.userId, at: portal.clock.now() });
    expect(await seedDocuments(portal.services, demo.userId)).toBe(0); // documents exist already (this file's)
    await portal.services.database.pool.query('delete from industrial_documents');
    expect(await seedDocuments(portal.services, demo.userId)).toBe(DEMO_FLEET.length);
    expect(await seedDocuments(portal.services, demo.userId)).toBe(0);
    const list = await call('WebGetList', {}, demo.token);
    expect(list.ReturnCount).toBe(DEMO_FLEET.length * 3);
    const withReport = list.ReturnData.filter((d: { ProjectId: string }) => d.ProjectId);
    expect(withReport).toHaveLength(DEMO_FLEET.length * 2);
    const tubeDoc = withReport.find((d: { FileName: string }) => d.FileName === 'rail-40x40x2.bnt');
    expect((await call('GetCamParts', { ProjectId: tubeDoc.ProjectId }, demo.token)).ReturnData[0].ImageFile).toMatch(/\.svg$/);
  });
});

