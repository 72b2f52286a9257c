import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAM_PRODUCTS, DEMO_RELEASES } from '../../src/seed/cam.seed';
import { seedCamCatalogue } from '../../src/seed/cam.seed';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
let customer: { token: string; userId: string };
let staff: { token: string; userId: string };
beforeAll(async () => {
  portal = await createTestPortal();
  customer = await portal.login('demo@example.com', 'demo1234');
  staff = await portal.login('staff@example.com', 'staff1234');
});
afterAll(() => portal.close());

const latest = async (type: string | number, lang?: string) =>
  (await portal.call('Cam/GetCamAssistant', { ProductType: type, ...(lang ? { lang } : {}) })).body;

const get = (url: string, remoteAddress = '127.0.0.1') => portal.app.inject({ method: 'GET', url, remoteAddress });

/** Recorded downloads of a release, by how they were recorded. */
async function recorded(releaseId: string) {
  const { rows } = await portal.services.database.pool.query<{ via: string; user_id: string | null; ip: string }>(
    'select via, user_id, ip from downloads where release_id = $1 order by at, id',
    [releaseId],
  );
  return rows;
}

/** POST with a chosen client address (per-IP limits). */
const callFrom = async (remoteAddress: string, path: string, body: unknown, token?: string) => {
  const res = await portal.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
};

describe('GetCamAssistant: the latest releases', () => {
  it('lists every product type of DECISIONS 3 newest first, with the wire fields of spec 1 section 3', async () => {
    for (const product of CAM_PRODUCTS) {
      const answer = await latest(String(product.type));
      const seeded = DEMO_RELEASES.filter((r) => r.type === product.type).sort((a, b) => b.at.localeCompare(a.at));
      expect(answer.code).toBe(200);
      expect(answer.ReturnCount).toBe(seeded.length);
      expect(answer.ReturnData.map((r: any) => r.versionnumber)).toEqual(seeded.map((r) => r.version));
      const first = answer.ReturnData[0];
      expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'filename', 'type', 'versionnumber', 'createtime', 'remark', 'fileurl']));
      expect(first).toMatchObject({ type: product.type, filename: seeded[0].filename, remark: seeded[0].remark, remarken: seeded[0].remarkEn });
      expect(first.createtime).toBe(new Date(seeded[0].at).toISOString());
      expect(first.fileurl).toBe(`/api/Cam/File/${first.id}/${encodeURIComponent(seeded[0].filename)}`);
    }
  });

  it('answers the notes in English for lang en, and accepts a number as ProductType', async () => {
    const en = await latest(1, 'en');
    expect(en.ReturnData[0].remark).toBe(DEMO_RELEASES.find((r) => r.version === 'V2.0.3')!.remarkEn);
    expect((await latest('1', 'en-US')).ReturnData[0].remark).toBe(en.ReturnData[0].remark);
  });

  it('answers the no-data marker and a friendly ReturnMsg for a product without releases, in the language asked', async () => {
    await portal.services.camStore.putProduct({ type: 9, name: 'Nest Future', kind: 'sheet', sort: 9 });
    const zh = await latest('9');
    expect(zh).toMatchObject({ code: 200, ReturnData: '暂无数据', ReturnMsg: '该软件暂未发布版本，敬请期待' });
    expect((await latest('9', 'en')).ReturnMsg).toBe('No version of this software has been released yet. Please check back later.');
    expect((await latest('77')).ReturnData).toBe('暂无数据');
  });

  it('refuses a ProductType that is not a number, naming the field', async () => {
    const res = await portal.call('Cam/GetCamAssistant', { ProductType: 'tube' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.info).toMatch(/ProductType/);
    expect((await portal.call('Cam/GetCamAssistant', {})).body.info).toBe('ProductType is required');
  });

  it('seeds again without doubling anything, and puts back a demo file that is gone', async () => {
    const release = (await latest('0')).ReturnData[0];
    const row = await portal.services.camStore.release(release.id);
    await portal.services.files.remove(row!.fileId);
    expect(await seedCamCatalogue(portal.services)).toEqual({ releases: 0, rules: 0 });
    expect((await latest('0')).ReturnCount).toBe(2);
    const again = await get(release.fileurl);
    expect(again.statusCode).toBe(200);
    expect(createHash('sha256').update(again.rawPayload).digest('hex')).toBe(release.sha256);
  });
});

describe('the download endpoint', () => {
  it('streams the exact stored bytes as an attachment with safe headers', async () => {
    const release = (await latest('1')).ReturnData[0];
    const res = await get(release.fileurl, '10.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Nest-V2.0.3-Setup.zip"; filename*=UTF-8''Nest-V2.0.3-Setup.zip`);
    expect(Number(res.headers['content-length'])).toBe(release.size);
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(release.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(release.sha256);
    // A real zip whose text says what it is.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.toString('utf8')).toContain('Nest V2.0 V2.0.3 - demo package');
    expect(bytes.length).toBeGreaterThan(2000);
  });

  it('answers a 404 envelope for an unknown release, a wrong name or a malformed id', async () => {
    const release = (await latest('1')).ReturnData[0];
    for (const url of [
      `/api/Cam/File/00000000-0000-4000-8000-000000000000/${release.filename}`,
      `/api/Cam/File/${release.id}/other.zip`,
      `/api/Cam/File/not-a-uuid/${release.filename}`,
      `/api/Cam/File/${release.id}/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 404, info: 'The file does not exist', ReturnData: null });
    }
  });

  it('serves single byte ranges (206) so a download can resume, and 416 outside the file', async () => {
    const release = (await latest('1')).ReturnData[0];
    const whole = (await get(release.fileurl)).rawPayload;
    const ranged = (range: string) => portal.app.inject({ method: 'GET', url: release.fileurl, headers: { range } });
    const middle = await ranged('bytes=100-199');
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${release.size}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
    const tail = await ranged('bytes=-50');
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 50))).toBe(true);
    const rest = await ranged(`bytes=${release.size - 10}-`);
    expect(rest.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const outside = await ranged(`bytes=${release.size}-`);
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${release.size}`);
    expect(outside.json()).toMatchObject({ code: 416 });
    // Not a single byte range: the whole file.
    const multi = await ranged('bytes=0-1,5-6');
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.equals(whole)).toBe(true);
  });

  it('answers 404 when the row exists but the stored file is gone', async () => {
    const release = (await latest('4')).ReturnData[0];
    const row = await portal.services.camStore.release(release.id);
    const saved = await portal.services.files.open(row!.fileId);
    const bytes = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      saved!.stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
    });
    await portal.services.files.remove(row!.fileId);
    expect((await get(release.fileurl)).statusCode).toBe(404);
    // Put it back under a new id for the other tests.
    const again = await portal.services.files.put(bytes, { filename: release.filename });
    await portal.services.database.pool.query('update cam_releases set file_id = $1 where id = $2', [again.id, release.id]);
    expect((await get(release.fileurl)).statusCode).toBe(200);
  });

  it('encodes a Chinese name in filename* and keeps an ASCII fallback', async () => {
    const published = await portal.call(
      'Cam/PublishRelease',
      { ProductType: '3', VersionNumber: 'V1.5.9-cn', Remark: '中文名称', FileName: '排样软件 V1.5.9 (中文).zip', ContentBase64: Buffer.from('cn').toString('base64') },
      staff.token,
    );
    expect(published.body.code).toBe(200);
    const res = await get(published.body.ReturnData.fileurl);
    expect(res.statusCode).toBe(200);
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe('排样软件 V1.5.9 (中文).zip');
    expect(disposition).not.toMatch(/[^\x20-\x7e]/);
  });
});

describe('download records', () => {
  it('InsertDownload records the user; the file link right after is not counted twice', async () => {
    const release = (await latest('0')).ReturnData[0];
    const before = (await recorded(release.id)).length;
    const res = await callFrom('10.1.1.1', 'Cam/InsertDownload', { CamEdition: release.id }, customer.token);
    expect(res.body).toMatchObject({ code: 200, ReturnData: release.fileurl });
    expect((await get(release.fileurl, '10.1.1.1')).statusCode).toBe(200);
    const rows = await recorded(release.id);
    expect(rows.length).toBe(before + 1);
    expect(rows.filter((r) => r.ip === '10.1.1.1')).toEqual([{ via: 'user', user_id: customer.userId, ip: '10.1.1.1' }]);
  });

  it('AllowInsertDownload records a visitor without a user', async () => {
    const release = (await latest('2')).ReturnData[0];
    const res = await callFrom('10.2.2.2', 'Cam/AllowInsertDownload', { CamEdition: release.id });
    expect(res.body.code).toBe(200);
    expect((await recorded(release.id)).filter((r) => r.ip === '10.2.2.2')).toEqual([{ via: 'visitor', user_id: null, ip: '10.2.2.2' }]);
    // Even with a token, the visitor call names no user.
    await callFrom('10.2.2.3', 'Cam/AllowInsertDownload', { CamEdition: release.id }, customer.token);
    expect((await recorded(release.id)).filter((r) => r.ip === '10.2.2.3')).toEqual([{ via: 'visitor', user_id: null, ip: '10.2.2.3' }]);
  });

  it('the file link alone records a direct download, once per address in 10 minutes', async () => {
    const release = (await latest('3')).ReturnData.find((r: any) => r.versionnumber === 'V1.5.7');
    const before = (await recorded(release.id)).length;
    expect((await get(release.fileurl, '10.3.3.3')).statusCode).toBe(200);
    expect((await recorded(release.id)).filter((r) => r.ip === '10.3.3.3')).toEqual([{ via: 'file', user_id: null, ip: '10.3.3.3' }]);
    expect((await get(release.fileurl, '10.3.3.3')).statusCode).toBe(200);
    expect((await recorded(release.id)).length).toBe(before + 1);
    portal.clock.advance(11 * 60_000);
    await get(release.fileurl, '10.3.3.3');
    expect((await recorded(release.id)).length).toBe(before + 2);
  });

  it('answers a 404 envelope for an unknown release', async () => {
    for (const CamEdition of ['00000000-0000-4000-8000-000000000000', '42', '']) {
      const user = await portal.call('Cam/InsertDownload', { CamEdition }, customer.token);
      const visitor = await portal.call('Cam/AllowInsertDownload', { CamEdition });
      for (const res of [user, visitor]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 404, info: 'No such software version', ReturnData: null });
      }
    }
  });

  it('InsertDownload needs a login', async () => {
    const release = (await latest('0')).ReturnData[0];
    const res = await portal.call('Cam/InsertDownload', { CamEdition: release.id });
    expect(res.status).toBe(401);
    expect(res.body.info).toBe('Login has expired, please log in again');
  });

  it('GetDownloads counts per release for staff', async () => {
    const release = (await latest('0')).ReturnData[0];
    const res = await portal.call('Cam/GetDownloads', { ProductType: '0' }, staff.token);
    expect(res.body.code).toBe(200);
    const row = res.body.ReturnData.find((r: any) => r.id === release.id);
    const rows = await recorded(release.id);
    expect(row).toMatchObject({
      type: 0,
      productname: 'Nest Tube V1.0',
      versionnumber: release.versionnumber,
      total: rows.length,
      users: rows.filter((r) => r.via === 'user').length,
      visitors: rows.filter((r) => r.via === 'visitor').length,
    });
    expect(res.body.ReturnData.every((r: any) => r.type === 0)).toBe(true);
    const all = await portal.call('Cam/GetDownloads', {}, staff.token);
    expect(all.body.ReturnCount).toBeGreaterThanOrEqual(DEMO_RELEASES.length);
  });
});

describe('PublishRelease (staff)', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    ProductType: '1',
    VersionNumber: 'V2.1.0',
    Remark: '1. 新版本',
    RemarkEn: '1. New version',
    FileName: 'Nest-V2.1.0-Setup.zip',
    ContentBase64: Buffer.from('a new installer, byte for byte').toString('base64'),
    ...extra,
  });

  it('publishes a release that GetCamAssistant lists first at once, and serves its bytes', async () => {
    const res = await portal.call('Cam/PublishRelease', body(), staff.token);
    expect(res.body).toMatchObject({ code: 200, info: 'Published' });
    const first = (await latest('1')).ReturnData[0];
    expect(first).toMatchObject({ id: res.body.ReturnData.id, versionnumber: 'V2.1.0', remark: '1. 新版本', filename: 'Nest-V2.1.0-Setup.zip' });
    expect(first.createtime).toBe(portal.clock.now().toISOString());
    expect((await latest('1', 'en')).ReturnData[0].remark).toBe('1. New version');
    const file = await get(first.fileurl);
    expect(file.rawPayload.toString()).toBe('a new installer, byte for byte');
    const { rows } = await portal.services.database.pool.query('select published_by from cam_releases where id = $1', [first.id]);
    expect(rows[0].published_by).toBe(staff.userId);
  });

  it('accepts a data: URL as the content', async () => {
    const res = await portal.call(
      'Cam/PublishRelease',
      body({ VersionNumber: 'V2.1.1', FileName: 'Nest-V2.1.1-Setup.zip', ContentBase64: `data:application/zip;base64,${Buffer.from('zip').toString('base64')}` }),
      staff.token,
    );
    expect(res.body.code).toBe(200);
    expect((await get(res.body.ReturnData.fileurl)).rawPayload.toString()).toBe('zip');
  });

  it('refuses bad names, duplicates, unknown products, empty files and bad base64 with clear messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ FileName: '../evil.zip' }, 'The file name may not contain path parts'],
      [{ FileName: 'C:\\evil.zip' }, 'The file name may not contain path parts'],
      [{ FileName: 'a+b.zip' }, 'The file name may not contain "+"'],
      [{ FileName: '' }, 'The file name is empty'],
      [{ VersionNumber: 'V2.0.3' }, 'Version V2.0.3 of this product is already published'],
      [{ VersionNumber: '  ' }, 'VersionNumber cannot be empty'],
      [{ ProductType: '8' }, 'Unknown ProductType'],
      [{ ContentBase64: '' }, 'The file is empty'],
      [{ ContentBase64: 'not base64!' }, 'ContentBase64 is not valid base64'],
    ];
    for (const [extra, info] of cases) {
      const res = await portal.call('Cam/PublishRelease', body({ VersionNumber: 'V9.9.9', ...extra }), staff.token);
      expect(res.body, JSON.stringify(extra)).toMatchObject({ code: 400, info });
    }
    expect((await latest('1')).ReturnData.some((r: any) => r.versionnumber === 'V9.9.9')).toBe(false);
  });

  it('refuses a file over the size limit with 413', async () => {
    const small = await createTestPortal({ RELEASE_MAX_BYTES: '1000' });
    try {
      const { token } = await small.login('staff@example.com', 'staff1234');
      const over = await small.call('Cam/PublishRelease', body({ ContentBase64: Buffer.alloc(1001, 1).toString('base64') }), token);
      expect(over.status).toBe(413);
      expect(over.body).toEqual({ code: 413, info: 'The file is larger than 1000 bytes', ReturnData: null, Refused: { id: 'files.tooLargePlain', values: { reason: 'The file is larger than 1000 bytes' } } });
      const fits = await small.call('Cam/PublishRelease', body({ ContentBase64: Buffer.alloc(1000, 1).toString('base64') }), token);
      expect(fits.body.code).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('is refused to customers (403) and visitors (401), and nothing is published', async () => {
    const asCustomer = await portal.call('Cam/PublishRelease', body({ VersionNumber: 'V3.0.0' }), customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe(403);
    const asVisitor = await portal.call('Cam/PublishRelease', body({ VersionNumber: 'V3.0.0' }));
    expect(asVisitor.status).toBe(401);
    expect((await latest('1')).ReturnData.some((r: any) => r.versionnumber === 'V3.0.0')).toBe(false);
    for (const call of ['Cam/GetDownloads', 'Cam/GetCamCustomers', 'Home/GetContactMessages']) {
      expect((await portal.call(call, {}, customer.token)).status, call).toBe(403);
      expect((await portal.call(call, {})).status, call).toBe(401);
    }
  });
});

describe('SaveCamCustomer: the /Information form', () => {
  const form = (extra: Record<string, string> = {}) => ({
    UserName: 'Wang Fang',
    Phone: '13800138000',
    Email: 'wang.fang@example.com',
    CompanyName: 'Jinan Sheet Metal Co.',
    Address: '88 Industrial Road, Jinan',
    ...extra,
  });

  it('requires all five fields in order, then checks the e-mail and phone formats', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ UserName: ' ' }, 'Contact cannot be empty'],
      [{ Phone: '' }, 'Phone cannot be empty'],
      [{ Email: '' }, 'Email cannot be empty'],
      [{ CompanyName: '' }, 'Company cannot be empty'],
      [{ Address: '' }, 'Address cannot be empty'],
      [{ Email: 'not-an-email' }, 'Please enter the correct email format'],
      [{ Phone: 'call me' }, 'Please enter the correct phone format'],
      [{ UserName: 'x'.repeat(51) }, 'UserName is too long (at most 50 characters)'],
    ];
    for (const [i, [extra, info]] of cases.entries()) {
      const res = await callFrom(`10.9.0.${i + 1}`, 'Cam/SaveCamCustomer', form(extra));
      expect(res.body, info).toEqual({ code: 400, info, ReturnData: null });
    }
    const missing = await callFrom('10.9.1.1', 'Cam/SaveCamCustomer', { UserName: 'a' });
    expect(missing.body.info).toBe('Phone cannot be empty');
    const zh = await callFrom('10.9.1.2', 'Cam/SaveCamCustomer', form({ Email: 'x', lang: 'zh' }));
    expect(zh.body.info).toBe('请输入正确的邮箱格式');
  });

  it('stores a valid form and staff list it, newest first and paged', async () => {
    const saved = await callFrom('10.9.2.1', 'Cam/SaveCamCustomer', form());
    expect(saved.body).toEqual({ code: 200, info: 'submitted successfully', ReturnData: null });
    portal.clock.advance(1000);
    await callFrom('10.9.2.1', 'Cam/SaveCamCustomer', form({ UserName: 'Li Lei', Email: 'li.lei@example.com' }));
    const list = await portal.call('Cam/GetCamCustomers', { PrevPageNums: 0, TopNums: 1 }, staff.token);
    expect(list.body.code).toBe(200);
    expect(list.body.ReturnCount).toBe(2);
    expect(list.body.ReturnData).toHaveLength(1);
    expect(list.body.ReturnData[0]).toMatchObject({ UserName: 'Li Lei', Email: 'li.lei@example.com', Phone: '13800138000', CompanyName: 'Jinan Sheet Metal Co.' });
    const second = await portal.call('Cam/GetCamCustomers', { PrevPageNums: '1', TopNums: '1' }, staff.token);
    expect(second.body.ReturnData[0].UserName).toBe('Wang Fang');
    expect(JSON.stringify(second.body)).not.toContain('10.9.2.1');
  });

  it('limits each address to 10 forms in 10 minutes', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await callFrom('10.9.3.1', 'Cam/SaveCamCustomer', form()));
    expect(answers.slice(0, 10).every((a) => a.body.code === 200)).toBe(true);
    expect(answers[10].status).toBe(429);
    expect(answers[10].body.code).toBe(429);
    expect((await callFrom('10.9.3.2', 'Cam/SaveCamCustomer', form())).body.code).toBe(200);
  });
});

describe('Home/SaveContact: the landing contact form', () => {
  const message = (extra: Record<string, string> = {}) => ({
    Name: 'Zhang Wei',
    Phone: '+86 (531) 88886666',
    Email: 'zhang.wei@example.com',
    Company: 'Qilu Steel Works',
    Message: 'Please send a quotation for a 6 kW fibre laser.',
    ...extra,
  });

  it('checks the fields with clear messages', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ Name: '' }, 'Name cannot be empty'],
      [{ Phone: '' }, 'Phone cannot be empty'],
      [{ Message: '  ' }, 'Message cannot be empty'],
      [{ Phone: 'abc' }, 'Please enter the correct phone format'],
      [{ Email: 'nope' }, 'Please enter the correct email format'],
      [{ Message: 'x'.repeat(1001) }, 'Message is too long (at most 1000 characters)'],
    ];
    for (const [i, [extra, info]] of cases.entries()) {
      const res = await callFrom(`10.8.0.${i + 1}`, 'Home/SaveContact', message(extra));
      expect(res.body, info).toEqual({ code: 400, info, ReturnData: null });
    }
    expect((await callFrom('10.8.1.1', 'Home/SaveContact', message({ Name: '', lang: 'zh' }))).body.info).toBe('姓名不能为空');
  });

  it('stores a message (e-mail and company optional) that staff list', async () => {
    const saved = await callFrom('10.8.2.1', 'Home/SaveContact', message({ Email: '', Company: '' }));
    expect(saved.body).toMatchObject({ code: 200, info: 'Thank you, we will contact you soon' });
    const list = await portal.call('Home/GetContactMessages', {}, staff.token);
    expect(list.body.ReturnCount).toBe(1);
    expect(list.body.ReturnData[0]).toMatchObject({ Name: 'Zhang Wei', Phone: '+86 (531) 88886666', Email: '', Company: '', Message: message().Message });
  });

  it('limits each address to 10 messages in 10 minutes', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await callFrom('10.8.3.1', 'Home/SaveContact', message())).body.code);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });
});
