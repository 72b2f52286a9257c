import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_REQUESTS_PER_CONTACT_HOUR, LABEL_REQUESTS_PER_MACHINE_HOUR } from '../../src/server/services/label-repair-request.service';
import { LABEL_PATH_PREFIX } from '../../src/server/services/machine-label.service';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 39, item 3: a machine's QR label names it by a signed id and revision; a scan opens the
// live page for its owner and the model only for anyone else; withdrawn prints answer so.

let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let orderNumber: string;
beforeAll(async () => {
  // The label requests' caps are the service's, counted on the test clock; the per-address rate limits of the routes would come first.
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  orderNumber = await bindNewMachine(portal, alice, 'G');
});
afterAll(() => portal.close());

const label = async (body: Record<string, unknown>, who: TestCustomer) => (await portal.call('Machine/GetMachineLabel', body, who.token)).body;
const withdraw = async (body: Record<string, unknown>, who: TestCustomer) => (await portal.call('Machine/WithdrawMachineLabels', body, who.token)).body;
const scan = async (printed: string, who: TestCustomer | null) => (await portal.call('Machine/ScanMachineLabel', { Label: printed }, who?.token ?? null)).body;
const labelOf = (path: string) => path.slice(LABEL_PATH_PREFIX.length);
const pathOf = async () => (await label({ OrderNumber: orderNumber }, alice)).ReturnData.LabelPath as string;

describe('Machine/GetMachineLabel', () => {
  it("gives the owner the machine's name, order number and a signed path that holds no order number", async () => {
    const machine = (await portal.services.machines.findByOrderNumber(orderNumber))!;
    const answer = await label({ OrderNumber: ` ${orderNumber} ` }, alice);
    expect(answer).toMatchObject({ code: 200, ReturnData: { OrderNumber: orderNumber, Name: machine.name } });
    const path: string = answer.ReturnData.LabelPath;
    expect(path).not.toContain(orderNumber);
    expect(path).toMatch(/^\/m\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(labelOf(path).split('.')[0]).toBe(machine.id.toString(36));
    // The same machine has the same label on every call (a reprint is the same code).
    expect(await pathOf()).toBe(path);
  });

  it("answers someone else's machine exactly as an unknown one", async () => {
    const other = await label({ OrderNumber: orderNumber }, bob);
    const unknown = await label({ OrderNumber: 'NOPE-000000' }, bob);
    expect(other).toEqual(unknown);
    expect(other).toMatchObject({ code: 404, info: '未查询到数据', ReturnData: null });
    expect(JSON.stringify(other)).not.toContain('LabelPath');
  });
});

describe('Machine/GetMachineLabels', () => {
  it("gives the caller's whole fleet, each label as GetMachineLabel gives it, and nobody else's", async () => {
    const second = await bindNewMachine(portal, alice, 'T');
    const fleet = (await portal.call('Machine/GetMachineLabels', {}, alice.token)).body;
    expect(fleet.code).toBe(200);
    expect(fleet.ReturnData.map((l: { OrderNumber: string }) => l.OrderNumber)).toEqual([orderNumber, second]);
    for (const one of fleet.ReturnData) expect((await label({ OrderNumber: one.OrderNumber }, alice)).ReturnData).toEqual(one);
    const none = (await portal.call('Machine/GetMachineLabels', {}, bob.token)).body;
    expect(none).toMatchObject({ code: 200, ReturnData: [] });
  });
});

describe('Machine/ScanMachineLabel', () => {
  it('opens the live page for the owner, and shows only the model to anyone else', async () => {
    const printed = labelOf(await pathOf());
    expect(await scan(printed, alice)).toMatchObject({
      code: 200,
      ReturnData: { Mine: true, SeriesName: 'G', Kind: 'sheet', OrderNumber: orderNumber, communicationstatus: 0 },
    });
    for (const stranger of [bob, null]) {
      const answer = await scan(printed, stranger);
      expect(answer).toMatchObject({ code: 200, ReturnData: { Mine: false, SeriesName: 'G', Kind: 'sheet', OrderNumber: null } });
      expect(JSON.stringify(answer)).not.toContain(orderNumber);
    }
  });

  it('takes no label whose id or revision was changed or whose signature is not the portal’s', async () => {
    const [id, revision, signature] = labelOf(await pathOf()).split('.') as [string, string, string];
    const otherId = (parseInt(id, 36) + 1).toString(36);
    const forgeries = [
      `${otherId}.${revision}.${signature}`,
      `${id}.${revision}1.${signature}`,
      `${id}.${revision}.${signature.slice(0, -1)}`,
      `${id}.${revision}.${signature}x`,
      `${id}.${signature}`,
      `${id}.${revision}.${signature}.${signature}`,
      `../${id}.${revision}.${signature}`,
    ];
    for (const forged of forgeries) expect(await scan(forged, alice), forged).toMatchObject({ code: 404, info: '未查询到数据', ReturnData: null });
  });

  it('answers every print made before a withdrawal "withdrawn", for the owner too, and the new label opens', async () => {
    const old = labelOf(await pathOf());
    expect(await withdraw({ OrderNumber: orderNumber }, bob)).toMatchObject({ code: 404, ReturnData: null });
    expect((await scan(old, null)).code).toBe(200);
    const renewed = await withdraw({ OrderNumber: orderNumber }, alice);
    expect(renewed).toMatchObject({ code: 200, ReturnData: { OrderNumber: orderNumber } });
    const fresh = labelOf(renewed.ReturnData.LabelPath);
    expect(fresh).not.toBe(old);
    expect(await pathOf()).toBe(renewed.ReturnData.LabelPath);
    for (const who of [alice, bob, null]) expect(await scan(old, who)).toMatchObject({ code: 409, info: '该标签已作废', ReturnData: null });
    expect(await scan(fresh, alice)).toMatchObject({ code: 200, ReturnData: { Mine: true } });
  });
});

describe('the short link a QR code holds', () => {
  it('redirects /m/<label> to the app’s scan page', async () => {
    const path = await pathOf();
    const res = await portal.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/app${path}`);
  });
});

describe('Staff/WithdrawMachineLabels', () => {
  it("withdraws any machine's prints for staff, audited with the revision before and after, and answers an unknown machine 404", async () => {
    const staff = await portal.login('staff@example.com', 'staff1234');
    const old = labelOf(await pathOf());
    const revision = Number.parseInt(old.split('.')[1]!, 36);
    const answer = (await portal.call('Staff/WithdrawMachineLabels', { OrderNumber: orderNumber }, staff.token)).body;
    expect(answer).toMatchObject({ code: 200, ReturnData: { OrderNumber: orderNumber, LabelRevision: revision + 1 } });
    expect(await scan(old, alice)).toMatchObject({ code: 409 });
    expect(await scan(labelOf(await pathOf()), alice)).toMatchObject({ code: 200, ReturnData: { Mine: true } });
    const log = (await portal.call('Staff/GetAuditLog', { Action: 'Staff/WithdrawMachineLabels', TopNums: 5 }, staff.token)).body.ReturnData;
    expect(log[0]).toMatchObject({ Object: `machine:${orderNumber}`, Before: { LabelRevision: revision }, After: { LabelRevision: revision + 1 } });
    expect((await portal.call('Staff/WithdrawMachineLabels', { OrderNumber: 'NOPE-000000' }, staff.token)).body).toMatchObject({ code: 404, ReturnData: null });
    // A customer is no staff, whoever's machine it is.
    expect((await portal.call('Staff/WithdrawMachineLabels', { OrderNumber: orderNumber }, alice.token)).status).toBe(403);
  });
});

describe('a repair request from a scanned label', () => {
  const sendCode = async (printed: string, contact: string) => (await portal.call('Machine/SendLabelRequestCode', { Label: printed, Contact: contact })).body;
  const request = async (printed: string, body: Record<string, unknown>) =>
    (await portal.call('Machine/RequestRepairByLabel', { Label: printed, Name: 'Wang Wei', Content: 'The chiller beeps and the laser stops', ...body })).body;
  /** A code to the address, then the request with it. */
  const raise = async (printed: string, contact: string, body: Record<string, unknown> = {}) => {
    expect(await sendCode(printed, contact)).toMatchObject({ code: 200, ReturnData: 60 });
    return request(printed, { Contact: contact, Code: portal.codeFor(contact.replace(/\s+/g, '')), ...body });
  };
  const ordersOf = async (who: TestCustomer) => (await portal.call('CSSAPI/QueryWorkOrders', { PrevPageNums: 0, TopNums: 100 }, who.token)).body.ReturnData;

  it("becomes a pending work order of the owner's, without a part, once the requester's code is right; the code is used up with it", async () => {
    const printed = labelOf(await pathOf());
    const contact = 'wang.wei@factory.example';
    const stockBefore = (await portal.call('Component/GetStockList', { PrevPageNums: 0, TopNums: 100 }, alice.token)).body;
    expect(await sendCode(printed, contact)).toMatchObject({ code: 200, ReturnData: 60 });
    const code = portal.codeFor(contact);
    expect(await request(printed, { Contact: contact, Code: code === '000000' ? '111111' : '000000' })).toMatchObject({ code: 400, info: 'Verification code error!', ReturnData: null });
    const answer = await request(printed, { Contact: ` ${contact.toUpperCase()} `, Code: code });
    expect(answer).toMatchObject({ code: 200, ReturnData: { EventNum: expect.stringMatching(/^EV\d{12}$/) } });
    expect(JSON.stringify(answer)).not.toContain(orderNumber);
    const order = (await ordersOf(alice)).find((o: { EventNum: string }) => o.EventNum === answer.ReturnData.EventNum);
    expect(order).toMatchObject({ OrderNumber: orderNumber, Source: 'label', ComponentId: 0, sparePart: '', UserName: 'Wang Wei', Email: contact, Phone: '', Status: 0 });
    expect(order.Content).toBe('The chiller beeps and the laser stops');
    // Staff see where it came from; nobody else has it; no spare part was counted.
    const staff = await portal.login('staff@example.com', 'staff1234');
    const queue = (await portal.call('Staff/GetWorkOrders', { Search: answer.ReturnData.EventNum }, staff.token)).body.ReturnData;
    expect(queue).toEqual([expect.objectContaining({ EventNum: answer.ReturnData.EventNum, Source: 'label' })]);
    expect(JSON.stringify(await ordersOf(bob))).not.toContain(answer.ReturnData.EventNum);
    expect((await portal.call('Component/GetStockList', { PrevPageNums: 0, TopNums: 100 }, alice.token)).body).toEqual(stockBefore);
    // The code proved one request: sent again, it is no code.
    expect((await request(printed, { Contact: contact, Code: code })).code).toBe(400);
  });

  it("rings the owner's bell and mails the owner in their language, with the order; nobody else hears of it", async () => {
    // Oldest first (the outbox lists the newest first).
    const mailsTo = (who: TestCustomer) => portal.services.outbox.list().filter((m) => m.to === who.account.toLowerCase()).reverse();
    const bellOf = async (who: TestCustomer) => (await portal.call('Alarm/GetBell', {}, who.token)).body.ReturnData;
    const rule = (who: TestCustomer, rule: { Email: boolean; Language: 'zh' | 'en' }) =>
      portal.call('Alarm/SaveNotifyRule', { MachineIds: null, Kinds: ['emergencyStop'], AllClear: false, QuietFrom: 0, QuietTo: 1439, Zone: 'Asia/Shanghai', Bell: false, ...rule }, who.token);
    // Alice chose no rule (a foreign registration: English); the request is no alarm, so her default's "no e-mail" does not hold it.
    const printed = labelOf(await pathOf());
    await portal.services.alarmDeliveries.sendDue(); // the earlier tests' mails are out
    const mailsBefore = mailsTo(alice).length;
    const bobBefore = await bellOf(bob);
    const waiting = portal.call('Alarm/WaitBell', { Unread: (await bellOf(alice)).Unread }, alice.token);
    const answer = await raise(printed, 'li.na@factory.example', { Name: 'Li Na', Content: 'Smoke from the cutting head' });
    const eventNum = answer.ReturnData.EventNum;
    expect((await waiting).body.ReturnData.Unread).toBeGreaterThan(0);
    expect((await bellOf(alice)).Items[0]).toMatchObject({ Event: 'labelRequest', Kind: null, OrderNumber: orderNumber, EventNum: eventNum, AlarmText: 'Smoke from the cutting head', Link: `/click?event=${eventNum}`, Read: false });
    await portal.services.alarmDeliveries.sendDue();
    const mails = mailsTo(alice).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Repair request from the QR label');
    expect(mails[0]!.text).toContain(eventNum);
    expect(mails[0]!.text).toContain('Li Na (li.na@factory.example)');
    expect(mails[0]!.text).toMatch(/\/app\/click\?event=EV\d+/);
    expect((await portal.call('Alarm/GetDeliveries', {}, alice.token)).body.ReturnData.filter((d: { Event: string }) => d.Event === 'labelRequest').slice(0, 2)).toEqual([
      expect.objectContaining({ Channel: 'email', Status: 'sent', Kind: null }),
      expect.objectContaining({ Channel: 'bell', Status: 'sent', Kind: null }),
    ]);
    expect(await bellOf(bob)).toEqual(bobBefore);
    expect(JSON.stringify(await portal.call('Alarm/GetDeliveries', {}, bob.token))).not.toContain(eventNum);

    // Bob's rule has e-mail, quiet hours all day and the bell off for alarms, in Chinese: the bell and a Chinese e-mail all the same.
    const bobs = await bindNewMachine(portal, bob, 'G');
    expect((await rule(bob, { Email: true, Language: 'zh' })).body.code).toBe(200);
    const bobLabel = labelOf((await label({ OrderNumber: bobs }, bob)).ReturnData.LabelPath);
    const bobMails = mailsTo(bob).length;
    const bobEvent = (await raise(bobLabel, 'zhao.lei@factory.example', { Name: '赵磊', Content: '切割头冒烟' })).ReturnData.EventNum;
    await portal.services.alarmDeliveries.sendDue();
    expect(mailsTo(bob).slice(bobMails)).toEqual([expect.objectContaining({ subject: expect.stringContaining('扫码报修'), text: expect.stringContaining(`工单号：${bobEvent}`) })]);
    expect((await bellOf(bob)).Items[0]).toMatchObject({ Event: 'labelRequest', EventNum: bobEvent });
    // A rule with e-mail off: the bell only.
    expect((await rule(bob, { Email: false, Language: 'zh' })).body.code).toBe(200);
    const quiet = (await raise(bobLabel, 'sun.li@factory.example', { Name: '孙丽', Content: '水冷机报警' })).ReturnData.EventNum;
    await portal.services.alarmDeliveries.sendDue();
    expect(mailsTo(bob).slice(bobMails)).toHaveLength(1);
    expect((await bellOf(bob)).Items[0]).toMatchObject({ EventNum: quiet });
  });

  it('refuses a bad label, a withdrawn one, a bad address and an empty form before any code is looked at', async () => {
    const printed = labelOf(await pathOf());
    const [id, revision, signature] = printed.split('.') as [string, string, string];
    const forged = `${(parseInt(id, 36) + 1).toString(36)}.${revision}.${signature}`;
    expect(await sendCode(forged, 'x@factory.example')).toMatchObject({ code: 404, ReturnData: null });
    expect(await sendCode(printed, 'not an address')).toMatchObject({ code: 400, info: 'Please enter a correct e-mail or phone' });
    expect(await sendCode(printed, ' ')).toMatchObject({ code: 400, info: 'Please enter your e-mail or phone' });
    expect(await request(printed, { Contact: 'x@factory.example', Code: '123456', Name: ' ' })).toMatchObject({ code: 400, info: 'Please enter your name' });
    expect(await request(printed, { Contact: 'x@factory.example', Code: '123456', Content: '' })).toMatchObject({ code: 400, info: 'Please describe the fault' });
    expect(portal.services.outbox.list().some((m) => m.to === 'x@factory.example')).toBe(false);
    // Withdrawn prints take no requests either: the owner replaced them for a reason.
    await withdraw({ OrderNumber: orderNumber }, alice);
    expect(await sendCode(printed, 'y@factory.example')).toMatchObject({ code: 409, info: '该标签已作废' });
    expect(await request(printed, { Contact: 'y@factory.example', Code: '123456' })).toMatchObject({ code: 409 });
  });

  it('takes at most 5 requests an hour for a machine and 3 from an address, and more when the hour has passed', async () => {
    const cap = await bindNewMachine(portal, alice, 'G');
    const printed = labelOf((await label({ OrderNumber: cap }, alice)).ReturnData.LabelPath);
    for (let i = 0; i < LABEL_REQUESTS_PER_MACHINE_HOUR; i++) expect((await raise(printed, `caller${i}@factory.example`)).code).toBe(200);
    expect(await sendCode(printed, 'one.more@factory.example')).toMatchObject({ code: 429, ReturnData: null });
    // An address at its own cap, over several machines.
    portal.clock.advance(3_600_000);
    const machines = await Promise.all([0, 1, 2, 3].map(() => bindNewMachine(portal, bob, 'T')));
    const labels = await Promise.all(machines.map(async (m) => labelOf((await label({ OrderNumber: m }, bob)).ReturnData.LabelPath)));
    for (const one of labels.slice(0, LABEL_REQUESTS_PER_CONTACT_HOUR)) {
      expect((await raise(one, '+86 13800000000')).code).toBe(200);
      portal.clock.advance(61_000);
    }
    expect(await sendCode(labels[LABEL_REQUESTS_PER_CONTACT_HOUR]!, ' +86 13800000000 ')).toMatchObject({ code: 429 });
    portal.clock.advance(3_600_000);
    expect((await raise(printed, 'one.more@factory.example')).code).toBe(200);
  });
});
