import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infoOf } from '../../src/contract/call';
import * as CSSAPI from '../../src/contract/cssapi';
import { workOrderProblems, type WorkOrderFields } from '../../src/domain/repair/work-order-rules';
import { EVENT_NUM_PATTERN } from '../../src/domain/repair/work-order-status';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Repair (issue 16): work orders, stock records and fault counts over the real routes and
// PostgreSQL. The test clock starts at 2026-11-21 08:00 UTC.
let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceMachine: string;
let bobMachine: string;
let nozzle: number;
let lens: number;

const call = async (path: string, body: Record<string, unknown>, who: TestCustomer | string | null = alice) =>
  (await portal.call(path, body, typeof who === 'string' || who === null ? who : who.token)).body;

const order = (over: Record<string, unknown> = {}) => ({
  OrderNumber: aliceMachine,
  Phone: '+86 531 8888 0000',
  Email: 'owner@factory.cn',
  Company: 'Jinan Sheet Metal Co.',
  UserName: 'Alice',
  ProvinceName: '山东省',
  Province: '370000',
  CityName: '济南市',
  City: '370100',
  sparePart: '',
  ComponentId: nozzle,
  Content: 'Alarm E101: nozzle collision during piercing',
  ...over,
});

/** Moves the test clock to an instant. */
const at = (iso: string) => portal.clock.advance(Date.parse(iso) - portal.clock.now().getTime());

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
  alice = await createCustomer(portal, 'repair-alice');
  bob = await createCustomer(portal, 'repair-bob');
  aliceMachine = await bindNewMachine(portal, alice, 'G');
  bobMachine = await bindNewMachine(portal, bob, 'T');
  const parts = await call('Component/GetList', { lang: 'en' });
  nozzle = parts.ReturnData.find((p: { Name: string }) => p.Name === 'Single-layer nozzle').Id;
  lens = parts.ReturnData.find((p: { Name: string }) => p.Name === 'Protective lens').Id;
});
afterAll(() => portal?.close());

describe('the spare-part catalogue', () => {
  it('answers real laser parts in the language asked', async () => {
    const zh = await call('Component/GetList', {});
    const en = await call('Component/GetList', { lang: 'en' });
    expect(zh.code).toBe(200);
    expect(zh.ReturnData.map((p: { Name: string }) => p.Name)).toEqual(expect.arrayContaining(['单层喷嘴', '保护镜片', '聚焦镜片', '陶瓷环', '卡盘卡爪']));
    expect(en.ReturnData.map((p: { Name: string }) => p.Name)).toEqual(expect.arrayContaining(['Single-layer nozzle', 'Focus lens', 'Ceramic ring', 'Chuck jaw']));
    expect(en.ReturnData.map((p: { Id: number }) => p.Id)).toEqual(zh.ReturnData.map((p: { Id: number }) => p.Id));
  });
});

describe('the stock records in the language asked (issue 35 item 6)', () => {
  const HAN = /\p{Script=Han}/u;
  type Row = { Code: string; Name: string; Specifications: string; Size: string };
  const rowsIn = async (lang: 'zh' | 'en'): Promise<Row[]> => {
    const first = await call('ComponentUserNumber/GetList', { PrevPageNums: 0, TopNums: 10, lang });
    const second = await call('ComponentUserNumber/GetList', { PrevPageNums: 10, TopNums: 10, lang });
    return [...first.ReturnData, ...second.ReturnData];
  };

  it('answers every specification and size in Chinese on zh and in English on en', async () => {
    const zh = await rowsIn('zh');
    const en = await rowsIn('en');
    expect(zh).toHaveLength(14);
    // zh: Chinese, or only numbers, codes and units ("D28 × H15 mm"); en: never a Chinese character.
    const english = (text: string) => !HAN.test(text) && /[A-Za-z]{2,}/.test(text.replace(/[\w.\-/:]*\d[\w.\-/:]*/g, ' ').replace(/\bmm\b|\bm\b/g, ' '));
    expect(zh.filter((r) => english(r.Specifications) || english(r.Size))).toEqual([]);
    expect(en.filter((r) => HAN.test(r.Specifications) || HAN.test(r.Size))).toEqual([]);
    const jawZh = zh.find((r) => r.Code === 'CJ-T3')!;
    const jawEn = en.find((r) => r.Code === 'CJ-T3')!;
    expect(jawZh).toMatchObject({ Specifications: '气动卡盘用，淬火钢，4 件一套', Size: '160 mm 卡盘' });
    expect(jawEn).toMatchObject({ Specifications: 'Pneumatic chuck, hardened steel, set of 4', Size: '160 mm chuck' });
    expect(zh.find((r) => r.Code === 'NZ-S15')).toMatchObject({ Specifications: 'Φ1.5 mm，镀铬紫铜', Size: 'D28 × H15 mm' });
  });

  it('gives a part stored with its English text only both languages when the catalogue is seeded again', async () => {
    const { sql } = await import('drizzle-orm');
    const { seedSpareParts } = await import('../../src/seed/repair.seed');
    const db = portal.services.database.db;
    // A portal from before the English columns: one text, in English, and empty English columns.
    await db.execute(sql`update spare_parts set specifications = 'Pneumatic chuck, hardened steel, set of 4', specifications_en = '', size = '160 mm chuck', size_en = '' where code = 'CJ-T3'`);
    expect(await seedSpareParts(portal.services)).toBe(0);
    const jaw = async (lang: 'zh' | 'en') => (await rowsIn(lang)).find((r) => r.Code === 'CJ-T3');
    expect(await jaw('zh')).toMatchObject({ Specifications: '气动卡盘用，淬火钢，4 件一套', Size: '160 mm 卡盘' });
    expect(await jaw('en')).toMatchObject({ Specifications: 'Pneumatic chuck, hardened steel, set of 4', Size: '160 mm chuck' });
  });
});

describe('a work order', () => {
  it('gets an event number EV + UTC day + sequence and is listed for its owner only', async () => {
    at('2026-11-21T08:00:00Z');
    const saved = await call('CSSAPI/SaveWorkOrder', order());
    expect(saved.code).toBe(200);
    expect(saved.ReturnData.data).toMatch(EVENT_NUM_PATTERN);
    expect(saved.ReturnData.data.startsWith('EV20261121')).toBe(true);
    const mine = await call('CSSAPI/QueryWorkOrders', { EventNum: saved.ReturnData.data, PrevPageNums: 0, TopNums: 10, lang: 'en' });
    expect(mine.ReturnCount).toBe(1);
    expect(mine.ReturnData[0]).toMatchObject({ EventNum: saved.ReturnData.data, OrderNumber: aliceMachine, sparePart: 'Single-layer nozzle', Status: 0, ComponentId: nozzle });
    const theirs = await call('CSSAPI/QueryWorkOrders', { EventNum: saved.ReturnData.data, PrevPageNums: 0, TopNums: 10 }, bob);
    expect(theirs.ReturnData).toBe('暂无数据');
    const steps = await call('CSSAPI/GetEventStatus', { EventNum: saved.ReturnData.data }, bob);
    expect(steps.ReturnData.data).toEqual([]);
  });

  it('is refused for a machine that is not the caller’s', async () => {
    const refused = await call('CSSAPI/SaveWorkOrder', order({ OrderNumber: bobMachine }));
    expect(refused).toMatchObject({ code: 400, info: CSSAPI.SaveWorkOrder.refusals.notYourMachine.info });
  });

  it('answers the same rules as the browser’s form (one rule, both sides)', async () => {
    const cases: Array<Record<string, unknown>> = [
      { Phone: 'call me' },
      { Phone: ' ' },
      { Email: 'owner@factory.c' },
      { Email: 'owner.factory.cn' },
      { Email: '' },
      { Company: '  ' },
      { Province: '' },
      { City: '' },
      { Content: ' \n\t ' },
      { OrderNumber: '' },
      { ComponentId: '' },
      { Phone: 'tel. 1' },
      {},
    ];
    const refusalOf: Record<string, string> = {
      'orderNumber:required': 'orderNumber',
      'phone:required': 'phoneRequired',
      'phone:invalid': 'phoneInvalid',
      'email:required': 'emailRequired',
      'email:invalid': 'emailInvalid',
      'company:required': 'company',
      'province:required': 'province',
      'city:required': 'city',
      'sparePartId:required': 'sparePart',
      'content:required': 'content',
    };
    for (const over of cases) {
      const body = order(over);
      const fields: WorkOrderFields = {
        orderNumber: String(body.OrderNumber),
        phone: String(body.Phone),
        email: String(body.Email),
        company: String(body.Company),
        province: String(body.Province),
        city: String(body.City),
        sparePartId: String(body.ComponentId),
        content: String(body.Content),
      };
      const problems = Object.entries(workOrderProblems(fields));
      const answer = await call('CSSAPI/SaveWorkOrder', body);
      if (!problems.length) {
        expect(answer.code, JSON.stringify(over)).toBe(200);
        continue;
      }
      const [field, problem] = problems[0]!;
      const name = refusalOf[`${field}:${problem}`] as keyof typeof CSSAPI.SaveWorkOrder.refusals;
      expect(answer, JSON.stringify(over)).toMatchObject({ code: 400, info: infoOf(CSSAPI.SaveWorkOrder.refusals[name].info) });
    }
  });

  it('takes 50 concurrent submissions with 50 distinct event numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('CSSAPI/SaveWorkOrder', order({ ComponentId: lens }))));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const numbers = new Set(answers.map((a) => a.ReturnData.data));
    expect(numbers.size).toBe(50);
    for (const n of numbers) expect(n).toMatch(EVENT_NUM_PATTERN);
    const stock = await call('ComponentUserNumber/GetList', { Id: lens, PrevPageNums: 0, TopNums: 10 });
    expect(stock.ReturnData[0]).toMatchObject({ Id: lens, SumNumber: 50, SubmitNumber: 50, Threshold: null });
  });
});

describe('the stock signal (ReturnCount) and the stock records', () => {
  it('answers 0 without a threshold, 1 below it, 2 once the count reaches it, and counts again from a reset', async () => {
    const carol = await createCustomer(portal, 'repair-carol');
    const machine = await bindNewMachine(portal, carol, 'P');
    const submit = () => call('CSSAPI/SaveWorkOrder', order({ OrderNumber: machine, ComponentId: nozzle }), carol);
    expect((await submit()).ReturnCount).toBe(0); // count 1, no threshold
    expect(await call('ComponentUserNumber/Save', { Id: nozzle, Threshold: '-1' }, carol)).toMatchObject({ code: 400, info: 'Please enter a correct number' });
    expect(await call('ComponentUserNumber/Save', { Id: nozzle, Threshold: '' }, carol)).toMatchObject({ code: 400, info: 'Please enter the threshold' });
    expect((await call('ComponentUserNumber/Save', { Id: nozzle, Threshold: '3' }, carol)).code).toBe(200);
    expect((await submit()).ReturnCount).toBe(1); // count 2 = threshold - 1
    expect((await submit()).ReturnCount).toBe(2); // count 3 = threshold
    expect((await submit()).ReturnCount).toBe(2); // beyond it
    let row = (await call('ComponentUserNumber/GetList', { Id: nozzle }, carol)).ReturnData[0];
    expect(row).toMatchObject({ SumNumber: 4, SubmitNumber: 4, Threshold: 3 });
    expect((await call('ComponentUserNumber/ResetNumber', { ComponentId: nozzle }, carol)).code).toBe(200);
    expect((await submit()).ReturnCount).toBe(1); // count 1 after the reset
    row = (await call('ComponentUserNumber/GetList', { Id: nozzle }, carol)).ReturnData[0];
    expect(row).toMatchObject({ SumNumber: 5, SubmitNumber: 1, Threshold: 3 });
    // Another customer's records are untouched by Carol's.
    const bobs = (await call('ComponentUserNumber/GetList', { Id: nozzle }, bob)).ReturnData[0];
    expect(bobs).toMatchObject({ SumNumber: 0, SubmitNumber: 0, Threshold: null, UserId: bob.userId });
  });

  it('lists one record per catalogue part, 10 to a page, with the total', async () => {
    const first = await call('ComponentUserNumber/GetList', { PrevPageNums: 0, TopNums: 10 });
    const second = await call('ComponentUserNumber/GetList', { PrevPageNums: 10, TopNums: 10 });
    expect(first.ReturnData).toHaveLength(10);
    expect(first.ReturnCount).toBe(14);
    expect(second.ReturnData).toHaveLength(4);
  });
});

describe('a threshold sent with the order (one transaction: ADR 0027)', () => {
  const stockOf = async (who: TestCustomer, part: number) => (await call('ComponentUserNumber/GetList', { Id: part }, who)).ReturnData[0];

  it('is saved before the count: a part without one answers 1 or 2, never 0, and a threshold the rule refuses keeps nothing', async () => {
    const dora = await createCustomer(portal, 'repair-dora');
    const machine = await bindNewMachine(portal, dora, 'G');
    const submit = (over: Record<string, unknown>) => call('CSSAPI/SaveWorkOrder', order({ OrderNumber: machine, ComponentId: lens, ...over }), dora);
    expect(await submit({ Threshold: '1' })).toMatchObject({ code: 200, ReturnCount: 2 }); // count 1 reaches the threshold just saved
    expect(await submit({ Threshold: 5 })).toMatchObject({ code: 200, ReturnCount: 1 }); // count 2 below the new one
    expect(await stockOf(dora, lens)).toMatchObject({ Threshold: 5, SubmitNumber: 2, SumNumber: 2 });
    for (const bad of ['-1', 'x', '1.5', '99999999']) {
      expect(await submit({ Threshold: bad })).toMatchObject({ code: 400, info: 'Please enter a correct number' });
    }
    expect(await stockOf(dora, lens)).toMatchObject({ Threshold: 5, SubmitNumber: 2, SumNumber: 2 });
    expect((await call('CSSAPI/QueryWorkOrders', { PrevPageNums: 0, TopNums: 10 }, dora)).ReturnCount).toBe(2);
    // An empty field is no threshold: the order goes in and the count reads the one kept.
    expect(await submit({ Threshold: '' })).toMatchObject({ code: 200, ReturnCount: 1 });
  });

  it('keeps neither the order nor the threshold when the count fails', async () => {
    const erin = await createCustomer(portal, 'repair-erin');
    const machine = await bindNewMachine(portal, erin, 'G');
    const pool = portal.services.infrastructure.database.pool;
    // The count's write fails in PostgreSQL itself, for this customer only: the threshold's write
    // before it (submit_number unchanged) passes, the count's (submit_number up) raises.
    await pool.query(`create function repair_test_fail_count() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${erin.userId}'::uuid and new.submit_number > (case when tg_op = 'UPDATE' then old.submit_number else 0 end) then
          raise exception 'the count fails (repair.test.ts)';
        end if;
        return new;
      end $$`);
    await pool.query('create trigger repair_test_fail_count before insert or update on stock_records for each row execute function repair_test_fail_count()');
    try {
      const failed = await portal.call('CSSAPI/SaveWorkOrder', order({ OrderNumber: machine, ComponentId: nozzle, Threshold: '2' }), erin.token);
      expect(failed.status).toBe(500);
      expect(failed.body.code).toBe(500);
      expect((await call('CSSAPI/QueryWorkOrders', { PrevPageNums: 0, TopNums: 10 }, erin)).ReturnData).toBe('暂无数据');
      expect(await stockOf(erin, nozzle)).toMatchObject({ Threshold: null, SubmitNumber: 0, SumNumber: 0 });
      expect((await call('ComponentUserNumber/GetComponentTypeDate', {}, erin)).ReturnData).toBe('暂无数据');
    } finally {
      await pool.query('drop trigger repair_test_fail_count on stock_records');
      await pool.query('drop function repair_test_fail_count()');
    }
    const saved = await call('CSSAPI/SaveWorkOrder', order({ OrderNumber: machine, ComponentId: nozzle, Threshold: '2' }), erin);
    expect(saved).toMatchObject({ code: 200, ReturnCount: 1 });
    expect(await stockOf(erin, nozzle)).toMatchObject({ Threshold: 2, SubmitNumber: 1, SumNumber: 1 });
  });
});

describe('the quick date filters (whole UTC days)', () => {
  it('put orders on each side of a day boundary where they belong', async () => {
    const dave = await createCustomer(portal, 'repair-dave');
    const machine = await bindNewMachine(portal, dave, 'C');
    const times = {
      lastYear: '2025-12-31T23:59:59.999Z',
      yearStart: '2026-01-01T00:00:00.000Z',
      before30: '2026-10-22T23:59:59.999Z',
      first30: '2026-10-23T00:00:00.000Z',
      before7: '2026-11-14T23:59:59.999Z',
      first7: '2026-11-15T00:00:00.000Z',
      yesterdayEnd: '2026-11-20T23:59:59.999Z',
      todayStart: '2026-11-21T00:00:00.000Z',
    };
    const numbers: Record<string, string> = {};
    for (const [name, time] of Object.entries(times)) {
      at(time);
      numbers[name] = (await call('CSSAPI/SaveWorkOrder', order({ OrderNumber: machine, Content: name }), dave)).ReturnData.data;
    }
    at('2026-11-21T23:59:59.000Z');
    const listed = async (DateType: string) => {
      const answer = await call('CSSAPI/QueryWorkOrders', { DateType, PrevPageNums: 0, TopNums: 100 }, dave);
      return Array.isArray(answer.ReturnData) ? answer.ReturnData.map((r: { Content: string }) => r.Content).sort() : [];
    };
    expect(await listed('T')).toEqual(['todayStart']);
    expect(await listed('Y')).toEqual(['yesterdayEnd']);
    expect(await listed('montimeo7')).toEqual(['first7', 'todayStart', 'yesterdayEnd']);
    expect(await listed('montimeo30')).toEqual(['before7', 'first30', 'first7', 'todayStart', 'yesterdayEnd']);
    expect(await listed('Year')).toEqual(['before30', 'before7', 'first30', 'first7', 'todayStart', 'yearStart', 'yesterdayEnd']);
    expect(await listed('')).toHaveLength(8);
    expect(numbers.lastYear!.startsWith('EV20251231')).toBe(true);
    // The statistics per month follow the same orders.
    const months = await call('ComponentUserNumber/GetComponentTypeDate', { ComponentId: nozzle, lang: 'en' }, dave);
    expect(months.ReturnData).toEqual([
      { date: '2025-12', list: [{ Name: 'Single-layer nozzle', count: 1 }] },
      { date: '2026-01', list: [{ Name: 'Single-layer nozzle', count: 1 }] },
      { date: '2026-10', list: [{ Name: 'Single-layer nozzle', count: 2 }] },
      { date: '2026-11', list: [{ Name: 'Single-layer nozzle', count: 4 }] },
    ]);
    const perPart = await call('ComponentUserNumber/GetComponentTypeNumber', { lang: 'en' }, dave);
    expect(perPart.ReturnData).toEqual([{ Id: nozzle, Name: 'Single-layer nozzle', SumNumber: 8 }]);
    at('2026-11-21T08:00:00Z');
  });
});

describe('staff move an order', () => {
  it('pending → in progress → done, one step at a time, with a mail to the customer each time', async () => {
    const eventNum = (await call('CSSAPI/SaveWorkOrder', order({ Email: 'Alice.Owner@factory.cn' }))).ReturnData.data;
    const staff = (await portal.login('staff@example.com', 'staff1234')).token;
    expect(await call('CSSAPI/MoveWorkOrder', { EventNum: eventNum, eventStatus: 2 }, staff)).toMatchObject({ code: 409 });
    expect(await call('CSSAPI/MoveWorkOrder', { EventNum: eventNum, eventStatus: 1, Note: 'Engineer on the way' }, alice)).toMatchObject({ code: 403 });
    expect((await call('CSSAPI/MoveWorkOrder', { EventNum: eventNum, eventStatus: 1, Note: 'Engineer on the way' }, staff)).code).toBe(200);
    let steps = await call('CSSAPI/GetEventStatus', { EventNum: `${eventNum},EV20990101xxxx` });
    expect(steps.ReturnData.data).toMatchObject([{ eventNum, eventStatus: 1, note: 'Engineer on the way' }]);
    const mail = portal.services.outbox.list().find((m) => m.to.toLowerCase() === 'alice.owner@factory.cn');
    expect(mail?.text).toContain(eventNum);
    expect(mail?.text).toContain('in progress');
    expect((await call('CSSAPI/MoveWorkOrder', { EventNum: eventNum, eventStatus: 2, Note: 'Nozzle replaced' }, staff)).code).toBe(200);
    expect(await call('CSSAPI/MoveWorkOrder', { EventNum: eventNum, eventStatus: 2 }, staff)).toMatchObject({ code: 409 });
    expect(await call('CSSAPI/MoveWorkOrder', { EventNum: 'EV209901010001', eventStatus: 1 }, staff)).toMatchObject({ code: 404 });
    steps = await call('CSSAPI/GetEventStatus', { EventNum: eventNum });
    expect(steps.ReturnData.data[0]).toMatchObject({ eventStatus: 2, note: 'Nozzle replaced' });
    const done = await call('CSSAPI/QueryWorkOrders', { Status: 1, PrevPageNums: 0, TopNums: 100 });
    expect(done.ReturnData.map((r: { EventNum: string }) => r.EventNum)).toEqual([eventNum]);
    const pending = await call('CSSAPI/QueryWorkOrders', { Status: 0, PrevPageNums: 0, TopNums: 100 });
    expect(pending.ReturnData.map((r: { EventNum: string }) => r.EventNum)).not.toContain(eventNum);
    expect(portal.services.outbox.list().filter((m) => m.text.includes(eventNum))).toHaveLength(2);
    // Each move wrote its audit row: the step before and after.
    const audit = await call('Staff/GetAuditLog', { Object: eventNum, PrevPageNums: 0, TopNums: 20 }, staff);
    const rows = (audit.ReturnData as Array<{ Result: string; Before: unknown; After: unknown; Object: string }>).filter((r) => r.Result === 'done');
    expect(rows.map((r) => [r.Object, JSON.stringify(r.Before), JSON.stringify(r.After)]).sort()).toEqual(
      [
        [`work-order:${eventNum}`, expect.stringContaining('"step":0'), expect.stringContaining('"step":1')],
        [`work-order:${eventNum}`, expect.stringContaining('"step":1'), expect.stringContaining('"step":2')],
      ].sort(),
    );
  });
});
