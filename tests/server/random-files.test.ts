import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_DATA } from '../../src/contract/envelope';
import * as RandomCenter from '../../src/contract/random-center';
import { buildPdf, seedRandomFiles } from '../../src/seed/random-files.seed';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Machine random files (ADR 0007 "Random files"): Machine/GetEquipmetFileData,
// RandomCenter/GetPLMRandomFile and RandomCenter/Download, per owner, other customer and staff.
let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let staffToken: string;
let aliceSheet: string;
let aliceTube: string;
let bobMachine: string;

const machineOf = (orderNumber: string, seriesName: string) => ({
  orderNumber,
  name: `${seriesName} test machine`,
  seriesName,
  model: `${seriesName}3015`,
  laserPowerKw: 6,
  deliveryTime: new Date('2025-03-01T00:00:00Z'),
});

const call = async (action: string, body: Record<string, unknown>, token: string) => (await portal.call(action, body, token)).body;
const plm = (orderNumber: string, token: string) => call('RandomCenter/GetPLMRandomFile', { OrderNumber: orderNumber }, token);
const download = (id: unknown, token: string | null) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/RandomCenter/Download',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: JSON.stringify({ Id: id }),
  });
const equipmentIdOf = async (orderNumber: string) =>
  (await portal.services.database.pool.query<{ id: number }>('select id from machines where order_number = $1', [orderNumber])).rows[0]!.id;

beforeAll(async () => {
  portal = await createTestPortal();
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  staffToken = (await portal.login('staff@example.com', 'staff1234')).token;
  aliceSheet = await bindNewMachine(portal, alice, 'G');
  aliceTube = await bindNewMachine(portal, alice, 'T');
  bobMachine = await bindNewMachine(portal, bob, 'P');
  const seeded = await seedRandomFiles(portal.services, [machineOf(aliceSheet, 'G'), machineOf(aliceTube, 'T'), machineOf(bobMachine, 'P')]);
  expect(seeded).toBe(3);
});
afterAll(() => portal.close());

describe('RandomCenter/GetPLMRandomFile', () => {
  it("lists the owner's four documents, oldest first, with the contract's fields", async () => {
    const answer = await plm(aliceSheet, alice.token);
    expect(answer.code).toBe(200);
    expect(answer.ReturnCount).toBe(4);
    const rows = answer.ReturnData as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.FileClassify)).toEqual(['schematic', 'test-report', 'certificate', 'packing-list']);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['CreateTime', 'FileClassify', 'FileName', 'FilePath', 'Id', 'MachineType', 'Size', 'Title'].sort());
      expect(row.FileName).toMatch(new RegExp(`^${aliceSheet}-.+\\.pdf$`));
      expect(row.FilePath).toBe(`${aliceSheet}/${row.FileName}`);
      expect(row.MachineType).toBe(0);
      expect(row.Size).toBeGreaterThan(500);
      expect(new Date(row.CreateTime as string).toISOString()).toBe(row.CreateTime);
    }
    const times = rows.map((r) => Date.parse(r.CreateTime as string));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("answers 暂无数据 to a customer asking for another customer's machine, as for an unknown one", async () => {
    const others = await plm(aliceSheet, bob.token);
    const unknown = await plm('NOPE-000000', bob.token);
    for (const answer of [others, unknown]) {
      expect(answer).toMatchObject({ code: 200, ReturnData: NO_DATA, ReturnCount: 0 });
    }
    expect(JSON.stringify(others)).not.toContain(aliceSheet);
    expect(others).toEqual(unknown);
  });

  it('answers 暂无数据 for a malformed order number instead of failing', async () => {
    for (const orderNumber of ['', '   ', '../etc/passwd', 'a/b', "x' or 1=1 --"]) {
      expect(await plm(orderNumber, alice.token)).toMatchObject({ code: 200, ReturnData: NO_DATA });
    }
  });

  it("lets staff read any machine's files", async () => {
    const answer = await plm(aliceTube, staffToken);
    expect(answer.code).toBe(200);
    expect(answer.ReturnData).toHaveLength(4);
    expect((await plm(bobMachine, staffToken)).ReturnData).toHaveLength(4);
  });

  it('refuses callers without a login', async () => {
    const res = await portal.call('RandomCenter/GetPLMRandomFile', { OrderNumber: aliceSheet });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});

describe('Machine/GetEquipmetFileData', () => {
  it('answers the rows with ReturnType 1 by OrderNumber', async () => {
    const answer = await call('Machine/GetEquipmetFileData', { OrderNumber: aliceSheet }, alice.token);
    expect(answer).toMatchObject({ code: 200, ReturnType: 1, ReturnCount: 4 });
    const row = (answer.ReturnData as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(row).sort()).toEqual(['Id', 'fileclassify', 'filepath', 'machinetype', 'title', 'webpath'].sort());
    expect(row).toMatchObject({ machinetype: 0, fileclassify: 'schematic', webpath: '/api/RandomCenter/Download' });
    expect(row.title).toContain('Electrical schematic');
  });

  it('answers the same rows by EquipmentId, as a number or a string', async () => {
    const id = await equipmentIdOf(aliceTube);
    const byNumber = await call('Machine/GetEquipmetFileData', { EquipmentId: id }, alice.token);
    const byString = await call('Machine/GetEquipmetFileData', { EquipmentId: String(id) }, alice.token);
    const byOrder = await call('Machine/GetEquipmetFileData', { OrderNumber: aliceTube }, alice.token);
    expect(byNumber).toMatchObject({ code: 200, ReturnType: 1 });
    expect(byNumber).toEqual(byOrder);
    expect(byString).toEqual(byOrder);
  });

  it("answers 暂无数据 with ReturnType 0 for another customer's machine, by either key, and for unknown ones", async () => {
    const id = await equipmentIdOf(aliceSheet);
    for (const body of [{ OrderNumber: aliceSheet }, { EquipmentId: id }, { OrderNumber: 'NOPE-1' }, { EquipmentId: 999_999 }, { EquipmentId: '-3' }, { EquipmentId: 'abc' }]) {
      const answer = await call('Machine/GetEquipmetFileData', body, bob.token);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 200, ReturnType: 0, ReturnData: NO_DATA, info: NO_DATA });
    }
  });

  it('lets staff ask by EquipmentId for any machine', async () => {
    const answer = await call('Machine/GetEquipmetFileData', { EquipmentId: await equipmentIdOf(bobMachine) }, staffToken);
    expect(answer).toMatchObject({ code: 200, ReturnType: 1, ReturnCount: 4 });
  });

  it('answers 400 when the body names no machine', async () => {
    const answer = await call('Machine/GetEquipmetFileData', {}, alice.token);
    expect(answer.code).toBe(400);
    expect(answer.info).toMatch(/OrderNumber or EquipmentId/);
  });
});

describe('RandomCenter/Download', () => {
  let aliceFiles: Array<{ Id: string; FileName: string; Size: number }>;
  beforeAll(async () => {
    aliceFiles = (await plm(aliceSheet, alice.token)).ReturnData;
  });

  it('answers the PDF itself with a safe attachment Content-Disposition', async () => {
    const file = aliceFiles.find((f) => f.FileName.includes('certificate'))!;
    const res = await download(file.Id, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file.FileName}"; filename*=UTF-8''${file.FileName}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(file.Size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = bytes.toString('latin1');
    expect(text).toContain(`(Order number: ${aliceSheet})`);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it("lets staff download any machine's file", async () => {
    const res = await download(aliceFiles[0]!.Id, staffToken);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers the 404 envelope for another customer's file, as for unknown and malformed ids", async () => {
    const answers = await Promise.all(
      [aliceFiles[0]!.Id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '../../etc/passwd', ''].map((id) => download(id, bob.token)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, info: 'The file does not exist', ReturnData: null });
    }
  });

  it('refuses callers without a login and bodies without an Id', async () => {
    const anonymous = await download(aliceFiles[0]!.Id, null);
    expect(anonymous.statusCode).toBe(401);
    const res = await portal.call('RandomCenter/Download', {}, alice.token);
    expect(res.body).toMatchObject({ code: 400, info: 'Id is required' });
  });
});

describe('the contract', () => {
  it('documents the answers of RandomCenter in the OpenAPI document', async () => {
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { post: { responses: unknown } }> };
    for (const call of [RandomCenter.GetPLMRandomFile, RandomCenter.Download]) {
      expect(JSON.stringify(doc.paths[`/api/${call.path}`]?.post.responses), call.path).toContain('ReturnData');
    }
  });
});

describe('the seed', () => {
  it('is idempotent: a machine that has files gets no more', async () => {
    expect(await seedRandomFiles(portal.services, [machineOf(aliceSheet, 'G')])).toBe(0);
    expect((await plm(aliceSheet, alice.token)).ReturnData).toHaveLength(4);
  });

  it('writes a PDF whose cross-reference table points at each object', () => {
    const pdf = buildPdf({ title: 'T (1)', texts: [{ x: 10, y: 10, size: 12, text: 'Hello (world) \\ 你好' }] }, new Date('2025-01-02T03:04:05Z'));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const table = text.slice(startxref).split('\n');
    const [, count] = table[1]!.split(' ').map(Number);
    expect(count).toBe(8);
    for (let n = 1; n < count!; n++) {
      const entry = `${table[2 + n]}\n`;
      expect(entry).toHaveLength(20);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
    }
    expect(text).toContain('(Hello \\(world\\) \\\\ ??)');
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
  });
});
