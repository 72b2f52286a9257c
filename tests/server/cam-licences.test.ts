import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camLicenceExchanges } from '../../src/adapters/postgres/tables/cam-licences';
import { pointsLedger } from '../../src/adapters/postgres/tables/points';
import { DAY_MS, EXCHANGE_EXTENSION_MS, exchangeBlock } from '../../src/domain/cam/licence-exchange';
import { KyCamLicencesApi } from '../../src/adapters/ky/ky-cam-licences-api.adapter';
import type { PortalHttpPort } from '../../src/ports/portal-http.port';
import { seedCamLicences, SEED_POINTS } from '../../src/seed/cam-licences.seed';
import { createCustomer, storeAccount, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ CAM_INTERNAL_DOMAINS: 'corp.test,*.corp.test', CAM_OLD_USERS: 'listed-old@example.org', RATE_LIMIT_SCALE: '100' });
});
afterAll(() => portal.close());

const nowMs = () => portal.clock.now().getTime();
const seconds = (ms: number) => Math.floor(ms / 1000);
let keyNo = 0;
const key = () => `click-${Date.now()}-${++keyNo}`;

const licences = async (token: string, body: Record<string, unknown> = {}) => (await portal.call('Cam/USERWEBgetuserdogPageList', body, token)).body;
const exchange = async (token: string, licenseId: string, idempotencyKey: string | undefined = key()) =>
  (await portal.call('Cam/OldUserPointExchange', { LicenseId: licenseId, ...(idempotencyKey ? { IdempotencyKey: idempotencyKey } : {}) }, token)).body;
const points = async (token: string) => (await portal.call('User/GetMallPoints', {}, token)).body.ReturnData as number;

/** A customer with a licence of the offer expiring `expiresInMs` from now, and `balance` points. */
async function ownerOf(tag: string, expiresInMs: number, options: { balance?: number; oldUser?: boolean; offerId?: number; email?: string } = {}) {
  const c = options.email ? await customerWithEmail(tag, options.email) : await createCustomer(portal, tag);
  const no = `L-${tag}-${Date.now()}-${++keyNo}`;
  await portal.services.infrastructure.licenceServer.issue({
    licenceNo: no,
    offerId: options.offerId ?? 250626,
    userEmail: c.account,
    version: 'Nest V2.0',
    startTime: new Date(nowMs() - 300 * DAY_MS),
    endTime: new Date(nowMs() + expiresInMs),
    expiredTime: new Date(nowMs() + expiresInMs),
    firstUseTime: null,
    creationTime: new Date(nowMs() - 301 * DAY_MS),
    isOldUser: options.oldUser ?? true,
  });
  if (options.balance) await portal.services.points.change({ userId: c.userId, delta: options.balance, reason: 'test', source: 'staff' });
  return { ...c, licenceNo: no };
}

async function customerWithEmail(tag: string, email: string): Promise<TestCustomer> {
  const created = await portal.services.users.create({
    account: email,
    email,
    mobile: null,
    realName: `Customer ${tag}`,
    address: '',
    fullPathId: '44',
    fullPathName: '中国',
    isDomestic: 0,
    createOrigin: '0',
    passwordHash: await portal.services.hasher.hash('secret-pass-1'),
    status: 'active',
    isStaff: false,
  });
  const { token, userId } = await portal.login(email, 'secret-pass-1');
  return { token, userId: created?.id ?? userId, account: email };
}

describe('Cam/USERWEBgetuserdogPageList', () => {
  it("lists the caller's seeded licences with epoch seconds and their standing for the exchange", async () => {
    const c = await createCustomer(portal, 'cam-list');
    await seedCamLicences(portal.services, { userId: c.userId, email: c.account }, portal.clock.now());
    const answer = await licences(c.token);
    expect(answer.code).toBe(200);
    expect(answer.ReturnData).toHaveLength(3);
    const byDays = answer.ReturnData.map((l: any) => Math.round((l.expiredTime - seconds(nowMs())) / 86400));
    expect(byDays).toEqual([40, 5, -30]);
    const first = answer.ReturnData[1];
    expect(first).toMatchObject({ offerId: 250626, product: 'nest', useremail: c.account, IsOldUser: 1, version: 'Nest V2.0' });
    expect(first.firstUseTime).toBe(seconds(nowMs() - 355 * DAY_MS));
    expect(answer.ReturnData[2].firstUseTime).toBeNull();
    expect(answer.ReturnType).toMatchObject({ IsOldUser: 1, ShowExchange: 1, HasEmail: 1, Points: SEED_POINTS, Cost: 300, Now: seconds(nowMs()) });
    // LicenseId narrows the list to that licence.
    expect((await licences(c.token, { LicenseId: first.licenseId })).ReturnData).toHaveLength(1);
    // Seeding again changes nothing: the points are booked once.
    await seedCamLicences(portal.services, { userId: c.userId, email: c.account }, portal.clock.now());
    expect(await points(c.token)).toBe(SEED_POINTS);
  });

  it('answers the no-data marker to a customer without licences, and never lists another customer\'s', async () => {
    const other = await ownerOf('cam-other', 3 * DAY_MS);
    const c = await createCustomer(portal, 'cam-none');
    const answer = await licences(c.token);
    expect(answer).toMatchObject({ code: 200, ReturnData: '暂无数据', ReturnType: { IsOldUser: 0, ShowExchange: 0 } });
    expect((await licences(c.token, { LicenseId: other.licenceNo })).ReturnData).toBe('暂无数据');
    expect((await licences(c.token, { UserId: other.userId })).code).toBe(403);
  });
});

describe('Cam/OldUserPointExchange', () => {
  it('debits 300 points and extends the licence by a year, in one booking; the answer and the list agree', async () => {
    const c = await ownerOf('cam-ok', 5 * DAY_MS, { balance: 1000 });
    const answer = await exchange(c.token, c.licenceNo);
    expect(answer).toMatchObject({ code: 200, ReturnData: { licenseId: c.licenceNo, Points: 700, Cost: 300, Repeated: false } });
    expect(answer.ReturnData.expiredTime).toBe(seconds(nowMs() + 5 * DAY_MS + EXCHANGE_EXTENSION_MS));
    const listed = (await licences(c.token)).ReturnData[0];
    expect(listed.expiredTime).toBe(answer.ReturnData.expiredTime);
    expect(await points(c.token)).toBe(700);
    const rows = await portal.services.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, c.userId));
    expect(rows.find((r) => r.delta === -300)).toMatchObject({ source: 'exchange', sourceRef: c.licenceNo });
  });

  describe('only within the 7 days before expiry', () => {
    it('refuses 7 days and 1 second before expiry', async () => {
      const c = await ownerOf('cam-early', 7 * DAY_MS + 1000, { balance: 1000 });
      expect(await exchange(c.token, c.licenceNo)).toMatchObject({ code: 400, info: 'A licence can be exchanged only within the 7 days before it expires' });
      expect(await points(c.token)).toBe(1000);
    });
    it('accepts exactly 7 days before expiry', async () => {
      const c = await ownerOf('cam-edge', 7 * DAY_MS, { balance: 1000 });
      expect((await exchange(c.token, c.licenceNo)).code).toBe(200);
    });
    it('accepts 1 second before expiry and refuses an expired licence', async () => {
      const c = await ownerOf('cam-last', 1000, { balance: 1000 });
      expect((await exchange(c.token, c.licenceNo)).code).toBe(200);
      const gone = await ownerOf('cam-gone', 0, { balance: 1000 });
      expect(await exchange(gone.token, gone.licenceNo)).toMatchObject({ code: 400, info: 'This licence has expired and can no longer be exchanged' });
      const older = await ownerOf('cam-gone2', -DAY_MS, { balance: 1000 });
      expect((await exchange(older.token, older.licenceNo)).code).toBe(400);
      expect(await points(gone.token)).toBe(1000);
    });
  });

  it('never below zero points: refuses and leaves the licence as it was', async () => {
    const c = await ownerOf('cam-poor', 2 * DAY_MS, { balance: 299 });
    expect(await exchange(c.token, c.licenceNo)).toMatchObject({ code: 400, info: 'Not enough points: the exchange costs 300, you have 299' });
    expect((await licences(c.token)).ReturnData[0].expiredTime).toBe(seconds(nowMs() + 2 * DAY_MS));
    expect(await points(c.token)).toBe(299);
  });

  it('a double click is one exchange: the same key answers the first booking again', async () => {
    const c = await ownerOf('cam-double', 3 * DAY_MS, { balance: 1000 });
    const k = key();
    const [a, b] = await Promise.all([exchange(c.token, c.licenceNo, k), exchange(c.token, c.licenceNo, k)]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect([a.ReturnData.Repeated, b.ReturnData.Repeated].sort()).toEqual([false, true]);
    expect(a.ReturnData.expiredTime).toBe(b.ReturnData.expiredTime);
    const again = await exchange(c.token, c.licenceNo, k);
    expect(again.ReturnData).toMatchObject({ Repeated: true, Points: 700 });
    expect(await points(c.token)).toBe(700);
    // A new click after the extension is outside the window: no second debit.
    expect((await exchange(c.token, c.licenceNo)).code).toBe(400);
    expect(await points(c.token)).toBe(700);
  });

  it('one key sent for two licences at once is still one exchange', async () => {
    const c = await ownerOf('cam-key2', 3 * DAY_MS, { balance: 1000 });
    const second = `L-key2-${Date.now()}`;
    await portal.services.infrastructure.licenceServer.issue({
      licenceNo: second,
      offerId: 838249,
      userEmail: c.account,
      version: 'v',
      startTime: new Date(nowMs() - 300 * DAY_MS),
      endTime: new Date(nowMs() + 2 * DAY_MS),
      expiredTime: new Date(nowMs() + 2 * DAY_MS),
      firstUseTime: null,
      creationTime: new Date(nowMs() - 300 * DAY_MS),
      isOldUser: true,
    });
    const k = key();
    const answers = await Promise.all([exchange(c.token, c.licenceNo, k), exchange(c.token, second, k), exchange(c.token, c.licenceNo, k), exchange(c.token, second, k)]);
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => !a.ReturnData.Repeated)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.ReturnData.licenseId)).size).toBe(1);
    expect(await points(c.token)).toBe(700);
  });

  it('20 parallel exchanges on one balance never overspend and extend once per debit', async () => {
    const c = await ownerOf('cam-race', 4 * DAY_MS, { balance: 1000 });
    // Four more licences in the window: five licences, points for three exchanges.
    const nos = [c.licenceNo];
    for (let i = 0; i < 4; i++) {
      const no = `L-race-${Date.now()}-${i}`;
      await portal.services.infrastructure.licenceServer.issue({
        licenceNo: no,
        offerId: i % 2 ? 838249 : 250626,
        userEmail: c.account,
        version: 'v',
        startTime: new Date(nowMs() - 300 * DAY_MS),
        endTime: new Date(nowMs() + (2 + i) * DAY_MS),
        expiredTime: new Date(nowMs() + (2 + i) * DAY_MS),
        firstUseTime: null,
        creationTime: new Date(nowMs() - 300 * DAY_MS),
        isOldUser: false,
      });
      nos.push(no);
    }
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => exchange(c.token, nos[i % nos.length])));
    const ok = answers.filter((a) => a.code === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 400)).toBe(true);
    const balance = await points(c.token);
    expect(balance).toBe(100);
    const { db } = portal.services.database;
    const debits = (await db.select().from(pointsLedger).where(eq(pointsLedger.userId, c.userId))).filter((r) => r.delta < 0);
    const exchanges = await db.select().from(camLicenceExchanges).where(eq(camLicenceExchanges.userId, c.userId));
    expect(debits).toHaveLength(3);
    expect(exchanges).toHaveLength(3);
    expect(new Set(exchanges.map((e) => e.licenceId)).size).toBe(3);
    expect(new Set(exchanges.map((e) => e.ledgerEntryId))).toEqual(new Set(debits.map((d) => d.id)));
    const extended = ((await licences(c.token)).ReturnData as any[]).filter((l) => l.expiredTime > seconds(nowMs() + 300 * DAY_MS));
    expect(extended).toHaveLength(3);
  });

  it("refuses another customer's licence as no licence of theirs, and books nothing", async () => {
    const owner = await ownerOf('cam-owner', 3 * DAY_MS, { balance: 1000 });
    const thief = await ownerOf('cam-thief', 30 * DAY_MS, { balance: 1000 });
    expect(await exchange(thief.token, owner.licenceNo)).toMatchObject({ code: 404, info: 'No such licence of yours' });
    expect(await points(thief.token)).toBe(1000);
    expect((await licences(owner.token)).ReturnData[0].expiredTime).toBe(seconds(nowMs() + 3 * DAY_MS));
  });

  it('refuses a licence outside the offer and a customer who is no old user', async () => {
    const other = await ownerOf('cam-product', 3 * DAY_MS, { balance: 1000, offerId: 123 });
    expect(await exchange(other.token, other.licenceNo)).toMatchObject({ code: 400, info: 'This licence cannot be exchanged for points' });
    const plain = await ownerOf('cam-plain', 3 * DAY_MS, { balance: 5000, oldUser: false });
    expect(await exchange(plain.token, plain.licenceNo)).toMatchObject({ code: 400, info: 'The points exchange is for old users only' });
    expect(await points(plain.token)).toBe(5000);
  });

  it('makes an account listed in CAM_OLD_USERS an old user whatever its licences say', async () => {
    const listed = await ownerOf('cam-listed', 3 * DAY_MS, { balance: 1000, oldUser: false, email: 'listed-old@example.org' });
    expect((await licences(listed.token)).ReturnType).toMatchObject({ IsOldUser: 1, ShowExchange: 1, Cost: 300 });
    expect((await exchange(listed.token, listed.licenceNo)).code).toBe(200);
  });
});

describe('internal-domain users confirm name and account first', () => {
  it('refuses the exchange until Cam/IsProductUser confirmed; then pays the full 3000', async () => {
    const c = await ownerOf('cam-internal', 3 * DAY_MS, { balance: 5000, oldUser: false, email: `staffer-${Date.now()}@eu.corp.test` });
    expect((await licences(c.token)).ReturnType).toMatchObject({ IsInternal: 1, Confirmed: 0, ShowExchange: 0, Cost: 3000 });
    expect(await exchange(c.token, c.licenceNo)).toMatchObject({ code: 400, info: 'Please confirm your name and account first' });
    const confirm = (body: Record<string, unknown>) => portal.call('Cam/IsProductUser', body, c.token).then((r) => r.body);
    expect(await confirm({ RealName: ' ', Account: c.account })).toMatchObject({ code: 400, info: 'Please enter your name and account' });
    expect(await confirm({ RealName: 'Li Lei', Account: '' })).toMatchObject({ code: 400, info: 'Please enter your name and account' });
    expect(await confirm({ RealName: 'Li Lei', Account: 'someone-else@corp.test' })).toMatchObject({ code: 400 });
    expect(await confirm({ RealName: 'Li Lei', Account: c.account.toUpperCase() })).toMatchObject({ code: 200 });
    // Remembered by the server.
    expect((await licences(c.token)).ReturnType).toMatchObject({ Confirmed: 1, ShowExchange: 1 });
    expect((await exchange(c.token, c.licenceNo)).ReturnData).toMatchObject({ Cost: 3000, Points: 2000 });
  });

  it('refuses the confirmation to an account outside the internal domains', async () => {
    const c = await createCustomer(portal, 'cam-outside');
    expect((await portal.call('Cam/IsProductUser', { RealName: 'X', Account: c.account }, c.token)).body).toMatchObject({ code: 400, info: 'Only accounts of the company domains confirm here' });
  });
});

describe('a customer without an e-mail', () => {
  it('has no licences and is told to set an e-mail before an exchange', async () => {
    const mobileOnly = await storeAccount(portal.services, 'cam-mobile');
    await portal.services.database.pool.query('update users set email = null, account = $2 where id = $1', [mobileOnly.userId, `1390000${String(keyNo).padStart(4, '0')}`]);
    const { token } = await portal.login(`1390000${String(keyNo).padStart(4, '0')}`, mobileOnly.password);
    expect((await licences(token)).ReturnType).toMatchObject({ HasEmail: 0, ShowExchange: 0 });
    expect(await exchange(token, 'whatever')).toMatchObject({ code: 400, info: 'Please set an e-mail in the user centre first' });
  });
});

describe('one rule on both sides: what the page enables is what the server does', () => {
  // The same cases through the browser's reading (the ky adapter over this server, then the domain rule
  // the page's buttons use) and through the server's answer to the exchange.
  const cases: Array<[string, number, number]> = [
    ['7 days and 1 second before expiry', 7 * DAY_MS + 1000, 1000],
    ['exactly 7 days before expiry', 7 * DAY_MS, 1000],
    ['1 second before expiry', 1000, 1000],
    ['at expiry', 0, 1000],
    ['a day after expiry', -DAY_MS, 1000],
    ['in the window without enough points', 3 * DAY_MS, 299],
  ];
  for (const [name, left, balance] of cases) {
    it(name, async () => {
      const c = await ownerOf(`cam-both-${left}-${balance}`, left, { balance });
      const http = { call: async (call: { path: string }, body: unknown) => (await portal.call(call.path, body, c.token)).body } as unknown as PortalHttpPort;
      const browser = new KyCamLicencesApi(http);
      const page = await browser.loadLicences();
      if (page.kind !== 'loaded') throw new Error('not loaded');
      const l = page.licences[0];
      const enabled = exchangeBlock({ offerId: l.offerId, expiresAt: l.expiredTime }, { ...page.standing }) === null;
      const answer = await browser.exchange({ licenceNo: l.licenceNo, key: key() });
      expect(answer.kind === 'exchanged').toBe(enabled);
    });
  }
});
