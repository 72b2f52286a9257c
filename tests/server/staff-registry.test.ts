import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewMachine, createCustomer, storeAccount, type TestCustomer } from '../support/customers';
import { closedWithin, connectMqtt, listenForPages, openDataSocket, pageId, subscribeGranted } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 19: staff manage the machine registry (list, add, edit, unbind with a reason), each change
// an audit row; an unbound customer loses the machine and its live data at once.

let portal: TestPortal;
let staff: { token: string; userId: string };
let wsUrl: string;
let dataUrl: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
  ({ wsUrl, dataUrl } = await listenForPages(portal.app));
  const account = await storeAccount(portal.services, 'registry-staff', { staff: true });
  staff = await portal.login(account.account, account.password);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await portal.close();
});

const entry = (orderNumber: string, extra: Record<string, unknown> = {}) => ({
  OrderNumber: orderNumber,
  Name: 'G3015 Fiber Laser 6 kW',
  SeriesName: 'G',
  Model: 'G3015',
  LaserPower: 6,
  DeliveryDay: '2025-03-01',
  Details: { Voltage: '380 V', Frequency: '50 Hz', Warranty: '2027-03-01', Describe: 'Hall 2' },
  ...extra,
});
const uniqueOrder = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
const auditRows = async (action: string, object: string) =>
  (await portal.call('Staff/GetAuditLog', { Action: action, Object: object }, staff.token)).body.ReturnData as { Kind: string; Before: any; After: any; Request: any; Result: string }[];

describe('only staff reach the registry calls', () => {
  it('a customer gets 403 on each, a visitor 401', async () => {
    const customer = await createCustomer(portal, 'nosy');
    for (const path of ['Staff/GetRegistry', 'Staff/AddRegistryMachine', 'Staff/EditRegistryMachine', 'Staff/UnbindMachine', 'Staff/GetWorkOrders']) {
      const body = path === 'Staff/UnbindMachine' ? { OrderNumber: 'G3015-240101', Reason: 'because' } : entry('G3015-240101');
      expect((await portal.call(path, body, customer.token)).status, path).toBe(403);
      expect((await portal.call(path, body, null)).status, path).toBe(401);
    }
  });
});

describe('add and edit', () => {
  it('adds an entry with the spec 3 fields, refuses a second one, and the service page shows the fields once a customer saved it', async () => {
    const order = uniqueOrder('G3015');
    const added = await portal.call('Staff/AddRegistryMachine', entry(order), staff.token);
    expect(added.body).toMatchObject({ code: 200, ReturnData: { OrderNumber: order, Owner: '', EquipmentId: null, DeliveryDay: '2025-03-01' } });
    expect(added.body.ReturnData.Details).toMatchObject({ Voltage: '380 V', Frequency: '50 Hz', FLC: '' });
    expect((await portal.call('Staff/AddRegistryMachine', entry(order), staff.token)).body.code).toBe(409);
    // A customer can now bind it through the maintenance-platform fallback (DECISIONS 4).
    const customer = await createCustomer(portal, 'binder');
    expect((await portal.call('Machine/GetBpmMachine', { OrderNumber: order }, customer.token)).body.code).toBe(200);
    expect((await portal.call('Machine/SaveMachineData', { OrderNumber: order }, customer.token)).body.code).toBe(200);
    expect((await portal.call('Machine/MachineBind', { OrderNumber: order }, customer.token)).body.code).toBe(200);
    const table = await portal.call('Machine/GetMachineTables', { OrderNumber: order, PrevPageNums: 0, TopNums: 10 }, staff.token);
    expect(table.body.ReturnData[0]).toMatchObject({ OrderNumber: order, Voltage: '380 V', Frequency: '50 Hz', Warranty: '2027-03-01', Describe: 'Hall 2', Owner: customer.account });
    // Newest first: the second add's refusal is a row too.
    const [refusal, row] = await auditRows('Staff/AddRegistryMachine', `machine:${order}`);
    expect(refusal!.Result).toMatch(/^409/);
    expect(row).toMatchObject({ Kind: 'write', Before: null, Result: 'done' });
    expect(row!.After).toMatchObject({ OrderNumber: order });
  });

  it("shows the warranty the user centre shows: the warranty registry's end, the extension's when there is one (issue 35, item 8)", async () => {
    const customer = await createCustomer(portal, 'warranty');
    const [covered, extended, unknown] = [uniqueOrder('G3015'), uniqueOrder('G3015'), uniqueOrder('G3015')];
    for (const order of [covered, extended, unknown]) {
      await portal.call('Staff/AddRegistryMachine', entry(order, { Details: { Warranty: order === unknown ? '2027-03-01' : '' } }), staff.token);
      await portal.call('Machine/SaveMachineData', { OrderNumber: order }, customer.token);
      expect((await portal.call('Machine/MachineBind', { OrderNumber: order }, customer.token)).body.code).toBe(200);
    }
    const record = { deliveryTime: new Date('2025-03-01T00:00:00Z'), marketingDept: '', belongDept: '', laserBrand: 'IPG', extendedType: '' };
    await portal.services.warrantyRegistry.put({ ...record, orderNumber: covered, guaranteeUntil: new Date('2028-03-01T00:00:00Z'), extendedUntil: null });
    await portal.services.warrantyRegistry.put({ ...record, orderNumber: extended, guaranteeUntil: new Date('2027-03-01T00:00:00Z'), extendedUntil: new Date('2029-03-01T00:00:00Z'), extendedType: 'Gold' });
    const warrantyOf = async (order: string) => (await portal.call('Machine/GetMachineTables', { OrderNumber: order, PrevPageNums: 0, TopNums: 10 }, staff.token)).body.ReturnData[0].Warranty;
    const centre = (await portal.call('QualityAssurance/GetList', { OrderNumber: '' }, customer.token)).body.ReturnData as { OrderNumber: string; GuaranteeTime: string; ExtdWarrantyTime: string }[];
    expect(centre.find((r) => r.OrderNumber === covered)?.GuaranteeTime.slice(0, 10)).toBe('2028-03-01');
    expect(await warrantyOf(covered)).toBe('2028-03-01');
    expect(await warrantyOf(extended)).toBe('2029-03-01');
    // A machine the warranty registry does not know keeps what staff wrote in the registry entry.
    expect(await warrantyOf(unknown)).toBe('2027-03-01');
  });

  it('edits name, series and details; the portal copy follows; the audit row has before and after', async () => {
    const order = uniqueOrder('C3015');
    await portal.call('Staff/AddRegistryMachine', entry(order), staff.token);
    const edited = await portal.call('Staff/EditRegistryMachine', entry(order, { Name: 'C3015 Enclosed 3 kW', SeriesName: 'C', Details: { FLC: '32 A' } }), staff.token);
    expect(edited.body).toMatchObject({ code: 200, ReturnData: { Name: 'C3015 Enclosed 3 kW', SeriesName: 'C' } });
    expect(edited.body.ReturnData.Details).toMatchObject({ FLC: '32 A', Voltage: '' });
    const [row] = await auditRows('Staff/EditRegistryMachine', `machine:${order}`);
    expect(row!.Before).toMatchObject({ Name: 'G3015 Fiber Laser 6 kW' });
    expect(row!.After).toMatchObject({ Name: 'C3015 Enclosed 3 kW' });
    expect((await portal.call('Staff/EditRegistryMachine', entry(uniqueOrder('NONE')), staff.token)).body.code).toBe(404);
  });

  it('refuses what the registry rule refuses, naming it', async () => {
    const bad = async (extra: Record<string, unknown>) => (await portal.call('Staff/AddRegistryMachine', entry(uniqueOrder('BAD'), extra), staff.token)).body;
    expect(await bad({ OrderNumber: 'has space' })).toMatchObject({ code: 400, info: /order number/ });
    expect(await bad({ Name: '  ' })).toMatchObject({ code: 400, info: 'Name cannot be empty' });
    expect(await bad({ LaserPower: 500 })).toMatchObject({ code: 400, info: /LaserPower/ });
    expect(await bad({ DeliveryDay: '2025-02-30' })).toMatchObject({ code: 400, info: /DeliveryDay/ });
  });

  it('lists with search and paging, the total in ReturnCount', async () => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    for (let i = 0; i < 3; i++) await portal.call('Staff/AddRegistryMachine', entry(`S${tag}-${i}`), staff.token);
    const first = await portal.call('Staff/GetRegistry', { Search: tag, PrevPageNums: 0, TopNums: 2 }, staff.token);
    expect(first.body.ReturnCount).toBe(3);
    expect(first.body.ReturnData.map((r: { OrderNumber: string }) => r.OrderNumber)).toEqual([`S${tag}-0`, `S${tag}-1`]);
    const second = await portal.call('Staff/GetRegistry', { Search: tag, PrevPageNums: 2, TopNums: 2 }, staff.token);
    expect(second.body.ReturnData.map((r: { OrderNumber: string }) => r.OrderNumber)).toEqual([`S${tag}-2`]);
  });
});

describe('unbinding with a reason', () => {
  it('needs a reason; unknown and unbound machines are refused by name', async () => {
    const customer = await createCustomer(portal, 'keeper');
    const order = await bindNewMachine(portal, customer, 'G');
    expect((await portal.call('Staff/UnbindMachine', { OrderNumber: order, Reason: ' ' }, staff.token)).body).toMatchObject({ code: 400, info: 'Give a reason for the unbinding' });
    expect((await portal.call('Staff/UnbindMachine', { OrderNumber: order, Reason: 'x'.repeat(501) }, staff.token)).body.code).toBe(400);
    // Nothing changed and the refusal has its audit row too.
    expect((await portal.call('Machine/GetMyMachine', {}, customer.token)).body.ReturnData.map((m: { ordernumber: string }) => m.ordernumber)).toContain(order);
    const [refused] = await auditRows('Staff/UnbindMachine', `machine:${order}`);
    expect(refused!.Result).not.toBe('done');
    expect((await portal.call('Staff/UnbindMachine', { OrderNumber: uniqueOrder('NONE'), Reason: 'sold' }, staff.token)).body.code).toBe(404);
    const unbound = uniqueOrder('P3015');
    await portal.call('Staff/AddRegistryMachine', entry(unbound), staff.token);
    expect((await portal.call('Staff/UnbindMachine', { OrderNumber: unbound, Reason: 'sold' }, staff.token)).body.code).toBe(409);
  });

  it('the customer loses the machine and its live data, gets a mail with the reason; the row keeps who and why; the machine binds again', async () => {
    const owner: TestCustomer = await createCustomer(portal, 'owner');
    const tube = await bindNewMachine(portal, owner, 'T');
    const sheet = await bindNewMachine(portal, owner, 'G');
    const page = await connectMqtt(wsUrl, { clientId: pageId(owner), username: owner.userId, password: owner.token, reconnectPeriod: 0 });
    clients.push(page);
    expect(await subscribeGranted(page, tube)).toBe(0);
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: owner.token });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'query', id: 1, orderNumber: sheet, keys: ['State'] });
    expect((await socket.next()).type).not.toBe('error');

    const reason = 'Sold to another company (contract 42)';
    const answer = await portal.call('Staff/UnbindMachine', { OrderNumber: tube, Reason: reason }, staff.token);
    expect(answer.body).toMatchObject({ code: 200, ReturnData: { OrderNumber: tube, Owner: '', BoundTime: '' } });

    const mine = (await portal.call('Machine/GetMyMachine', {}, owner.token)).body.ReturnData.map((m: { ordernumber: string }) => m.ordernumber);
    expect(mine).not.toContain(tube);
    expect(mine).toContain(sheet);
    // Live connections close at once; a new one may not subscribe to the machine any more.
    expect(await closedWithin(page, 3_000)).toBe(true);
    expect(await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('open'), 3_000))])).toBe(4401);
    const again = await connectMqtt(wsUrl, { clientId: pageId(owner), username: owner.userId, password: owner.token, reconnectPeriod: 0 });
    clients.push(again);
    expect(await subscribeGranted(again, tube)).not.toBe(0);
    expect(await subscribeGranted(again, sheet)).toBe(0);
    const data = await openDataSocket(dataUrl);
    data.send({ type: 'auth', token: owner.token });
    expect(await data.next()).toEqual({ type: 'ready' });
    data.send({ type: 'query', id: 2, orderNumber: tube, keys: ['State'] });
    expect(await data.next()).toMatchObject({ type: 'error', code: 404 });
    data.ws.close();

    const mail = portal.services.outbox.list().find((m) => m.to === owner.account && m.text.includes(tube));
    expect(mail?.text).toContain(reason);
    const [row] = await auditRows('Staff/UnbindMachine', `machine:${tube}`);
    expect(row).toMatchObject({ Kind: 'write', Result: 'done' });
    expect(row!.Before).toMatchObject({ Owner: owner.account });
    expect(row!.After).toMatchObject({ Owner: '' });
    expect(row!.Request).toMatchObject({ Reason: reason });
    const history = await portal.services.registry['store'].unbindings(tube);
    expect(history[0]).toMatchObject({ formerOwnerAccount: owner.account, reason });

    const next = await createCustomer(portal, 'next-owner');
    expect((await portal.call('Machine/MachineBind', { OrderNumber: tube }, next.token)).body.code).toBe(200);
  });
});

describe("staff read every customer's work orders (the console's work-order tab)", () => {
  it('lists orders of two customers newest first with the account, filters by step and search, and a move shows', async () => {
    const submit = async (who: TestCustomer, machine: string) =>
      (
        await portal.call(
          'CSSAPI/SaveWorkOrder',
          { OrderNumber: machine, Phone: '+86 531 8888 0000', Email: who.account, Company: `Co ${who.account}`, Province: '370000', City: '370100', ComponentId: parts[0]!.Id, Content: 'Nozzle collision' },
          who.token,
        )
      ).body.ReturnData.data as string;
    const ann = await createCustomer(portal, 'wo-ann');
    const ben = await createCustomer(portal, 'wo-ben');
    const parts = (await portal.call('Component/GetList', { lang: 'en' }, ann.token)).body.ReturnData as { Id: number }[];
    const first = await submit(ann, await bindNewMachine(portal, ann, 'G'));
    portal.clock.advance(1000);
    const second = await submit(ben, await bindNewMachine(portal, ben, 'T'));
    const all = await portal.call('Staff/GetWorkOrders', { PrevPageNums: 0, TopNums: 100 }, staff.token);
    const numbers = all.body.ReturnData.map((o: { EventNum: string }) => o.EventNum);
    expect(numbers.indexOf(second)).toBeLessThan(numbers.indexOf(first));
    expect(all.body.ReturnData.find((o: { EventNum: string }) => o.EventNum === first)).toMatchObject({ Account: ann.account, Step: 0 });
    const byAccount = await portal.call('Staff/GetWorkOrders', { Search: ben.account }, staff.token);
    expect(byAccount.body.ReturnData.map((o: { EventNum: string }) => o.EventNum)).toEqual([second]);
    expect((await portal.call('CSSAPI/MoveWorkOrder', { EventNum: first, eventStatus: 1, Note: 'Engineer on the way' }, staff.token)).body.code).toBe(200);
    const moving = await portal.call('Staff/GetWorkOrders', { Step: 1, Search: ann.account }, staff.token);
    expect(moving.body.ReturnData).toEqual([expect.objectContaining({ EventNum: first, Step: 1, Note: 'Engineer on the way' })]);
    expect((await portal.call('Staff/GetWorkOrders', { Step: 0, Search: ann.account }, staff.token)).body.ReturnCount).toBe(0);
    expect((await auditRows('Staff/GetWorkOrders', ''))[0]).toMatchObject({ Kind: 'read' });
  });
});
