import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWarranty } from '../../src/seed/user-centre.seed';
import { bindNewMachine, createCustomer, storeAccount, type TestCustomer } from '../support/customers';
import { PNG_1PX, uploadFile } from '../support/multipart';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The user centre's calls (issue 14): profile, save with the old password, e-mail change with a
// code checked on the server only, avatar upload, warranty of the caller's machines.

let portal: TestPortal;
let a: TestCustomer;
let b: TestCustomer;

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
  a = await createCustomer(portal, 'uc-a');
  b = await createCustomer(portal, 'uc-b');
});
afterAll(() => portal?.close());

const filesOnDisk = () => {
  const dir = path.join(portal.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe('User/GetUsers', () => {
  it("answers the caller's own profile with the area cascade, never the password hash", async () => {
    const res = await portal.call('User/GetUsers', {}, a.token);
    expect(res.body.code).toBe(200);
    expect(res.body.ReturnData).toHaveLength(1);
    expect(res.body.ReturnData[0]).toMatchObject({ UserId: a.userId, Account: a.account, FullPathName: '中国' });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|passwordHash/i);
  });

  it("names the saved region in the language asked (the page's), and as saved without a lang (issue 35 item 6)", async () => {
    const c = await createCustomer(portal, 'uc-region');
    expect((await portal.call('User/Save', { RealName: 'Region', FullPathId: '44-37-3701', FullPathName: '中国/山东省/济南市' }, c.token)).body.code).toBe(200);
    const named = async (body: Record<string, unknown>) => (await portal.call('User/GetUsers', body, c.token)).body.ReturnData[0].FullPathName;
    expect(await named({ lang: 'en' })).toBe('China/Shandong/Jinan');
    expect(await named({ lang: 'zh' })).toBe('中国/山东省/济南市');
    expect(await named({})).toBe('中国/山东省/济南市');
    // The demo account's region was stored with ids the catalogue does not use (44-370000-370100): its saved names find it.
    const demo = await portal.login('demo@example.com', 'demo1234');
    const demoRegion = async (lang: string) => (await portal.call('User/GetUsers', { lang }, demo.token)).body.ReturnData[0];
    expect(await demoRegion('en')).toMatchObject({ FullPathName: 'China/Shandong/Jinan' });
    expect(await demoRegion('zh')).toMatchObject({ FullPathName: '中国/山东省/济南市' });
  });

  it('finds nothing for an account naming someone else, and refuses a UserId naming someone else', async () => {
    expect((await portal.call('User/GetUsers', { account: b.account }, a.token)).body.ReturnData).toBe('暂无数据');
    expect((await portal.call('User/GetUsers', { UserId: b.userId }, a.token)).status).toBe(403);
    expect((await portal.call('User/GetUsers', { account: a.account }, a.token)).body.code).toBe(200);
  });
});

describe('User/Save', () => {
  const base = { RealName: 'New Name', Mobile: '+86 137 0000 0000', FullPathId: '44-37', FullPathName: '中国/山东省', Address: 'Road 2' };

  it('refuses by the spec rules: name, phone digit, old password, confirmation', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ RealName: '  ' }, 'Please enter your name'],
      [{ Mobile: 'no digits' }, 'The phone number must contain a digit'],
      [{ Password: 'new-secret-1', ConfirmPassword: 'new-secret-1' }, 'Please enter the old password'],
      [{ Password: 'new-secret-1', ConfirmPassword: 'new-secret-2', OldPassword: 'x' }, 'The passwords entered twice are inconsistent'],
      [{ Password: 'short', ConfirmPassword: 'short', OldPassword: 'x' }, 'The password must have at least 8 characters'],
    ];
    for (const [change, info] of cases) {
      const res = await portal.call('User/Save', { ...base, ...change }, a.token);
      expect(res.body, JSON.stringify(change)).toMatchObject({ code: 400, info });
    }
  });

  it('saves the profile and answers it', async () => {
    const res = await portal.call('User/Save', base, a.token);
    expect(res.body.code).toBe(200);
    expect(res.body.ReturnData).toMatchObject({ RealName: 'New Name', Mobile: '+8613700000000', FullPathName: '中国/山东省', Address: 'Road 2' });
  });

  it('saves a region of the area cascade with the catalogue\'s names, keeps the one the account has, and refuses one that is not a chain of it', async () => {
    const c = await createCustomer(portal, 'uc-area');
    const en = await portal.call('User/Save', { ...base, FullPathId: '44-37-3701', FullPathName: 'China/Shandong/forged' }, c.token);
    expect(en.body.code, en.body.info).toBe(200);
    expect(en.body.ReturnData).toMatchObject({ FullPathId: '44-37-3701', FullPathName: expect.stringMatching(/^China\/Shandong\/(?!forged)/) });
    const zh = await portal.call('User/Save', { ...base, FullPathId: '44-11', FullPathName: '中国/x' }, c.token);
    expect(zh.body.ReturnData).toMatchObject({ FullPathId: '44-11', FullPathName: '中国/北京市' });
    // Unchanged: the stored region stays, whatever name is sent with it.
    const kept = await portal.call('User/Save', { ...base, FullPathId: '44-11', FullPathName: 'anything' }, c.token);
    expect(kept.body.ReturnData).toMatchObject({ FullPathId: '44-11', FullPathName: '中国/北京市' });
    for (const FullPathId of ['44-3701', '99999', '44-37-3701-1-2', '44--37', '-44', '44-x', '44-37-1101']) {
      const res = await portal.call('User/Save', { ...base, FullPathId, FullPathName: '中国' }, c.token);
      expect(res.body, FullPathId).toMatchObject({ code: 400, info: 'The region is not one of the list' });
    }
    expect((await portal.call('User/GetUsers', {}, c.token)).body.ReturnData[0]).toMatchObject({ FullPathId: '44-11' });
    const cleared = await portal.call('User/Save', { ...base, FullPathId: '', FullPathName: '' }, c.token);
    expect(cleared.body.ReturnData).toMatchObject({ FullPathId: '', FullPathName: '' });
  });

  it('checks the old password on the server and, on a change, ends every other session but this one', async () => {
    const login = await storeAccount(portal.services, 'uc-pw');
    const current = await portal.login(login.account, login.password);
    const other = await portal.login(login.account, login.password);
    const wrong = await portal.call('User/Save', { ...base, OldPassword: 'not-the-password', Password: 'brand-new-pass', ConfirmPassword: 'brand-new-pass' }, current.token);
    expect(wrong.body).toMatchObject({ code: 400, info: 'The old password is wrong' });
    const ok = await portal.call('User/Save', { ...base, OldPassword: login.password, Password: 'brand-new-pass', ConfirmPassword: 'brand-new-pass' }, current.token);
    expect(ok.body.code).toBe(200);
    expect((await portal.call('User/GetUsers', {}, current.token)).body.code).toBe(200);
    expect((await portal.call('User/GetUsers', {}, other.token)).status).toBe(401);
    await expect(portal.login(login.account, login.password)).rejects.toThrow();
    await portal.login(login.account, 'brand-new-pass');
  });

  it('wrong old passwords go through the login throttle: they lock like failed logins', async () => {
    const login = await storeAccount(portal.services, 'uc-lock');
    const session = await portal.login(login.account, login.password);
    let last: any;
    for (let i = 0; i < 12; i++) {
      last = (await portal.call('User/Save', { ...base, OldPassword: `wrong-${i}`, Password: 'brand-new-pass', ConfirmPassword: 'brand-new-pass' }, session.token)).body;
      if (last.code === 429) break;
    }
    expect(last.code).toBe(429);
    const login2 = await portal.call('Login/UserLogin', { Account: login.account, Password: login.password });
    expect(login2.body.code).toBe(429);
  });
});

describe('User/ChangeEmail', () => {
  it('never answers the code; refuses a taken address, a wrong code, and changes with the mailed code', async () => {
    const sent = await portal.call('User/RegisterEmlie', { Email: 'changed-a@example.com' });
    expect(sent.body).toMatchObject({ code: 200, ReturnData: 60 });
    const code = portal.codeFor('changed-a@example.com');
    expect(JSON.stringify(sent.body)).not.toContain(code);
    expect((await portal.call('User/ChangeEmail', { Email: b.account, EmailCode: code }, a.token)).body).toMatchObject({ code: 400, info: 'The email has been registered' });
    expect((await portal.call('User/ChangeEmail', { Email: '', EmailCode: code }, a.token)).body).toMatchObject({ code: 400, info: 'Email cannot be empty' });
    expect((await portal.call('User/ChangeEmail', { Email: 'changed-a@example.com', EmailCode: '' }, a.token)).body).toMatchObject({ code: 400, info: 'Please enter the verification code' });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await portal.call('User/ChangeEmail', { Email: 'changed-a@example.com', EmailCode: wrongCode }, a.token)).body.info).toBe('Verification code error!');
    const ok = await portal.call('User/ChangeEmail', { Email: 'Changed-A@example.com', EmailCode: code }, a.token);
    expect(ok.body.code).toBe(200);
    expect(ok.body.ReturnData.Email).toBe('changed-a@example.com');
    expect(JSON.stringify(ok.body)).not.toContain(code);
  });

  it('locks a code after 5 wrong tries, even for the right one after', async () => {
    await portal.call('User/RegisterEmlie', { Email: 'five-tries@example.com' });
    const code = portal.codeFor('five-tries@example.com');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await portal.call('User/ChangeEmail', { Email: 'five-tries@example.com', EmailCode: wrongCode }, b.token)).body.info).toBe('Verification code error!');
    const after = await portal.call('User/ChangeEmail', { Email: 'five-tries@example.com', EmailCode: code }, b.token);
    expect(after.body.code).toBe(400);
    expect(after.body.info).toMatch(/Too many wrong codes/);
  });

  it('expires a code after 10 minutes', async () => {
    await portal.call('User/RegisterEmlie', { Email: 'ten-minutes@example.com' });
    const code = portal.codeFor('ten-minutes@example.com');
    portal.clock.advance(10 * 60_000 + 1000);
    const fresh = await portal.login(b.account, `secret-uc-b-pass`);
    const res = await portal.call('User/ChangeEmail', { Email: 'ten-minutes@example.com', EmailCode: code }, fresh.token);
    expect(res.body.info).toMatch(/expired/);
  });
});

describe('User/UploadAvatar', () => {
  it('stores an image by its content, serves it inline under the answered Url, and removes the old one', async () => {
    const first = await uploadFile(portal, 'User/UploadAvatar', PNG_1PX, 'me.png', a.token);
    expect(first.body.code).toBe(200);
    const url: string = first.body.ReturnData.Url;
    expect(url).toMatch(/^\/api\/User\/Avatar\/[0-9a-f]{32}\/avatar\.png$/);
    const served = await portal.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const firstId = url.split('/')[4]!;
    const second = await uploadFile(portal, 'User/UploadAvatar', PNG_1PX, 'again.png', a.token);
    expect(second.body.code).toBe(200);
    expect(filesOnDisk()).not.toContain(firstId);
    expect((await portal.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await portal.call('User/GetUsers', {}, a.token)).body.ReturnData[0].Url).toBe(second.body.ReturnData.Url);
  });

  it('refuses what is not an image by content, attack names, and one byte over 2 MB, keeping nothing', async () => {
    const before = filesOnDisk();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await uploadFile(portal, 'User/UploadAvatar', html, 'fake.png', a.token)).body.code).toBe(415);
    for (const name of ['../../etc/passwd.png', 'a\\..\\b.png', 'x\u0000.png', 'gnp\u202e.exe', 'photo.png.exe', '.png']) {
      const res = await uploadFile(portal, 'User/UploadAvatar', PNG_1PX, name, a.token);
      expect([400, 415], `${JSON.stringify(name)}: ${JSON.stringify(res.body)}`).toContain(res.body.code);
    }
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG_1PX.length)]);
    const over = await uploadFile(portal, 'User/UploadAvatar', big, 'big.png', a.token);
    expect(over.status).toBe(413);
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('QualityAssurance/GetList', () => {
  it("answers the warranty of the caller's machines only, searched without whitespace", async () => {
    const c = await createCustomer(portal, 'uc-w');
    const mine = await bindNewMachine(portal, c, 'G');
    const theirs = await bindNewMachine(portal, b, 'T');
    await portal.services.warrantyRegistry.put({
      orderNumber: mine,
      deliveryTime: new Date('2025-03-01T00:00:00Z'),
      marketingDept: 'East',
      belongDept: 'Jinan',
      laserBrand: 'Raycus',
      guaranteeUntil: new Date('2027-03-01T00:00:00Z'),
      extendedUntil: null,
      extendedType: '',
    });
    await seedWarranty(portal.services);
    const all = await portal.call('QualityAssurance/GetList', {}, c.token);
    expect(all.body.ReturnData).toEqual([
      expect.objectContaining({ OrderNumber: mine, LaserBrand: 'Raycus', IsGuarantee: 1, GuaranteeTime: '2027-03-01T00:00:00.000Z', DeliveryTime: '2025-03-01T00:00:00.000Z' }),
    ]);
    const spaced = mine.slice(0, 3) + ' \t' + mine.slice(3);
    expect((await portal.call('QualityAssurance/GetList', { OrderNumber: ` ${spaced} ` }, c.token)).body.ReturnData).toHaveLength(1);
    expect((await portal.call('QualityAssurance/GetList', { OrderNumber: theirs }, c.token)).body.ReturnData).toBe('暂无数据');
    portal.clock.advance(3 * 365 * 24 * 3600_000);
    const later = await portal.login(b.account, 'secret-uc-b-pass');
    const expired = (await portal.call('QualityAssurance/GetList', { OrderNumber: theirs }, later.token)).body.ReturnData;
    expect(expired[0]).toMatchObject({ OrderNumber: theirs, IsGuarantee: 0, GuaranteeTime: '' });
  });
});

describe('points: the staff grant and correction, the history', () => {
  it('books staff changes with a reason, audited, never below zero, and shows them in the history and the level', async () => {
    const c = await createCustomer(portal, 'uc-pts');
    const s = await storeAccount(portal.services, 'uc-pts-staff', { staff: true });
    const staff = (await portal.login(s.account, s.password)).token;
    expect((await portal.call('User/ChangePoints', { TargetUserId: c.userId, Delta: 100, Reason: 'x' }, c.token)).status).toBe(403);
    expect((await portal.call('User/ChangePoints', { TargetUserId: c.userId, Delta: 100, Reason: '  ' }, staff)).body.info).toBe('Please give a reason');
    expect((await portal.call('User/ChangePoints', { TargetUserId: c.userId, Delta: 0, Reason: 'x' }, staff)).body.code).toBe(400);
    expect((await portal.call('User/ChangePoints', { TargetUserId: '00000000-0000-4000-8000-000000000000', Delta: 5, Reason: 'x' }, staff)).body.code).toBe(404);
    const granted = await portal.call('User/ChangePoints', { TargetUserId: c.userId, Delta: 5001, Reason: 'Purchase of a G3015', Source: 'purchase' }, staff);
    expect(granted.body.ReturnData).toMatchObject({ Delta: 5001, BalanceAfter: 5001, Source: 'purchase' });
    const over = await portal.call('User/ChangePoints', { TargetUserId: c.userId, Delta: -6000, Reason: 'Correction' }, staff);
    expect(over.body).toMatchObject({ code: 400, info: 'The balance (5001) cannot go below zero' });
    expect((await portal.call('User/ChangePoints', { TargetUserId: c.userId, Delta: -1, Reason: 'Correction' }, staff)).body.ReturnData.BalanceAfter).toBe(5000);
    const mall = await portal.call('User/GetMallPoints', {}, c.token);
    expect(mall.body).toMatchObject({ ReturnData: 5000, ReturnType: { Level: 1, Progress: 100 } });
    const history = (await portal.call('User/GetPointsHistory', {}, c.token)).body.ReturnData;
    expect(history.map((e: any) => [e.Delta, e.Reason, e.Source])).toEqual([
      [-1, 'Correction', 'staff'],
      [5001, 'Purchase of a G3015', 'purchase'],
    ]);
    const { rows } = await portal.services.database.pool.query(`select action, object, before, after from audit_log where action = 'User/ChangePoints' and object = $1 order by at`, [`points:${c.userId}`]);
    expect(rows.map((r: any) => [r.before?.Points, r.after?.Points])).toEqual(expect.arrayContaining([[0, 5001], [5001, 5000]]));
  });
});

describe('the demo data', () => {
  it('seeds questions in every state, points between two levels and warranty rows, once', async () => {
    const { seedDemoPoints, seedDemoQuestions } = await import('../../src/seed/user-centre.seed');
    const demo = await createCustomer(portal, 'uc-demo');
    const now = portal.clock.now();
    expect(await seedDemoQuestions(portal.services, demo.userId, now)).toBe(4);
    expect(await seedDemoQuestions(portal.services, demo.userId, now)).toBe(0);
    expect(await seedDemoPoints(portal.services, demo.userId, now)).toBe(4);
    expect(await seedDemoPoints(portal.services, demo.userId, now)).toBe(0);
    const questions = (await portal.call('Cam/GetProblemFeedbacks', {}, demo.token)).body.ReturnData;
    const states = questions.map((q: any) => `${q.ProcessingStatus}/${q.IsComplaint}/${q.Answer ? 'answered' : '-'}`).sort();
    expect(states).toEqual(['0/0/-', '0/0/answered', '0/1/-', '1/0/answered']);
    const mall = (await portal.call('User/GetMallPoints', {}, demo.token)).body;
    expect(mall).toMatchObject({ ReturnData: 7400, ReturnType: { Level: 2, Next: 10000 } });
    expect(await seedWarranty(portal.services)).toBeGreaterThan(0);
  });
});
