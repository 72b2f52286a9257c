import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIES } from '../../src/seed/devices.seed';
import { bindNewMachine, createCustomer, registerMachine, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  portal = await createTestPortal();
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
});
afterAll(() => portal.close());

const call = async (action: string, body: Record<string, unknown>, who: TestCustomer) => (await portal.call(`Machine/${action}`, body, who.token)).body;

describe('binding by order number (ADR 0005)', () => {
  it('walks the spec flow: unknown to the portal -> GetBpmMachine -> SaveMachineData -> bind again', async () => {
    const orderNumber = await registerMachine(portal, 'G', 'G3015 Hall B');
    const first = await call('MachineBind', { OrderNumber: orderNumber }, alice);
    expect(first).toMatchObject({ code: 400, info: '未查询到数据' });

    const lookup = await call('GetBpmMachine', { OrderNumber: orderNumber }, alice);
    expect(lookup.code).toBe(200);
    expect(lookup.info).not.toBe('200');
    expect(lookup.ReturnData).toMatchObject({ OrderNumber: orderNumber, Name: 'G3015 Hall B', SeriesName: 'G', Model: 'G3015', LaserPower: 6 });

    expect(await call('SaveMachineData', lookup.ReturnData, alice)).toMatchObject({ code: 200 });
    expect(await call('MachineBind', { OrderNumber: orderNumber }, alice)).toMatchObject({ code: 200 });

    const mine = await call('GetMyMachine', {}, alice);
    expect(mine.code).toBe(200);
    expect(mine.ReturnData).toContainEqual(
      expect.objectContaining({ ordernumber: orderNumber, name: 'G3015 Hall B', seriesname: 'G', communicationstatus: 0, equipmentid: expect.any(Number) }),
    );
  });

  it('answers 400 未查询到数据 from the lookup when the registry does not know the machine either', async () => {
    expect(await call('GetBpmMachine', { OrderNumber: 'NOPE-000000' }, alice)).toMatchObject({ code: 400, info: '未查询到数据' });
    expect(await call('SaveMachineData', { OrderNumber: 'NOPE-000000', Name: 'invented' }, alice)).toMatchObject({ code: 400, info: '未查询到数据' });
    expect(await call('MachineBind', { OrderNumber: 'NOPE-000000' }, alice)).toMatchObject({ code: 400, info: '未查询到数据' });
  });

  it("answers GetBpmMachine for another customer's machine exactly as for an unknown order number (issue 35 item 13)", async () => {
    const orderNumber = await bindNewMachine(portal, alice, 'G');
    const unknown = await portal.call('Machine/GetBpmMachine', { OrderNumber: 'NOPE-000001' }, bob.token);
    const others = await portal.call('Machine/GetBpmMachine', { OrderNumber: orderNumber }, bob.token);
    expect(others.status).toBe(unknown.status);
    expect(others.body).toEqual(unknown.body);
    expect(JSON.stringify(others.body)).not.toContain(orderNumber);
    // The owner still reads it, and an unbound machine is answered to anyone (the binding fallback).
    expect((await call('GetBpmMachine', { OrderNumber: orderNumber }, alice)).code).toBe(200);
    const unbound = await registerMachine(portal, 'T', 'T220 unbound');
    expect((await call('GetBpmMachine', { OrderNumber: unbound }, bob)).ReturnData).toMatchObject({ OrderNumber: unbound, Name: 'T220 unbound' });
  });

  it('takes nothing but the order number from SaveMachineData: the registry decides name and series', async () => {
    const orderNumber = await registerMachine(portal, 'T', 'T220 from the registry');
    await call('SaveMachineData', { OrderNumber: orderNumber, Name: 'Injected <b>name</b>', SeriesName: 'G', ownerId: bob.userId }, alice);
    await call('MachineBind', { OrderNumber: orderNumber }, alice);
    const machine = (await call('GetMyMachine', {}, alice)).ReturnData.find((m: any) => m.ordernumber === orderNumber);
    expect(machine).toMatchObject({ name: 'T220 from the registry', seriesname: 'T', communicationstatus: 1 });
    expect((await call('GetMyMachine', {}, bob)).ReturnData).toEqual([]);
  });

  it('never lets a second customer take a bound machine, and binding again is harmless for the owner', async () => {
    const orderNumber = await bindNewMachine(portal, alice, 'K');
    const taken = await call('MachineBind', { OrderNumber: orderNumber }, bob);
    expect(taken.code).toBe(409);
    expect(taken.info).not.toContain(alice.account);
    expect(await call('MachineBind', { OrderNumber: orderNumber }, alice)).toMatchObject({ code: 200 });
    expect((await call('GetMyMachine', {}, bob)).ReturnData.map((m: any) => m.ordernumber)).not.toContain(orderNumber);
  });

  it('lets exactly one of two customers win a machine bound at the same moment', async () => {
    const orderNumber = await registerMachine(portal, 'P');
    await call('SaveMachineData', { OrderNumber: orderNumber }, alice);
    const answers = await Promise.all([alice, bob, alice, bob].map((who) => call('MachineBind', { OrderNumber: orderNumber }, who)));
    const owner = (await portal.services.machines.findByOrderNumber(orderNumber))!.ownerId;
    const winner = owner === alice.userId ? alice : bob;
    const loser = winner === alice ? bob : alice;
    expect(answers.filter((a, i) => [alice, bob, alice, bob][i] === winner).every((a) => a.code === 200)).toBe(true);
    expect(answers.filter((a, i) => [alice, bob, alice, bob][i] === loser).every((a) => a.code === 409)).toBe(true);
  });

  it('refuses an empty order number with the spec message, and order numbers that could be topics', async () => {
    expect(await call('MachineBind', { OrderNumber: '  ' }, alice)).toMatchObject({ code: 400, info: 'The order number cannot be empty!' });
    for (const bad of ['a/b', '#', '+', 'G3015/+', '../etc']) {
      expect((await call('MachineBind', { OrderNumber: bad }, alice)).code, bad).toBe(400);
      expect((await call('GetBpmMachine', { OrderNumber: bad }, alice)).code, bad).toBe(400);
    }
  });
});

describe('GetMyMachine', () => {
  it('answers an empty list with 数据查询为空 for a customer without machines', async () => {
    const carol = await createCustomer(portal, 'carol');
    expect(await call('GetMyMachine', { UserId: carol.userId }, carol)).toMatchObject({ code: 200, info: '数据查询为空', ReturnData: [] });
  });

  it('refuses a UserId that names someone else, and never shows their machines', async () => {
    await bindNewMachine(portal, bob, 'M');
    const answer = await portal.call('Machine/GetMyMachine', { UserId: bob.userId }, alice.token);
    expect(answer.status).toBe(403);
    const own = await call('GetMyMachine', {}, alice);
    const bobs = (await call('GetMyMachine', {}, bob)).ReturnData.map((m: any) => m.ordernumber);
    for (const m of own.ReturnData) expect(bobs).not.toContain(m.ordernumber);
  });

  it('lists the oldest binding first', async () => {
    const dave = await createCustomer(portal, 'dave');
    const first = await bindNewMachine(portal, dave, 'G');
    portal.clock.advance(60_000);
    const second = await bindNewMachine(portal, dave, 'Q');
    expect((await call('GetMyMachine', {}, dave)).ReturnData.map((m: any) => m.ordernumber)).toEqual([first, second]);
  });
});

describe('GetMachineTables and GetDeviceSeries', () => {
  it("answers the caller's machine, and the same 404 for someone else's and for an unknown one", async () => {
    const orderNumber = await bindNewMachine(portal, alice, 'C');
    const own = await call('GetMachineTables', { OrderNumber: orderNumber }, alice);
    expect(own.code).toBe(200);
    expect(own.ReturnData[0]).toMatchObject({ OrderNumber: orderNumber, EquipmentId: expect.any(Number), Kind: 'sheet' });
    const theirs = await portal.call('Machine/GetMachineTables', { OrderNumber: orderNumber }, bob.token);
    const unknown = await portal.call('Machine/GetMachineTables', { OrderNumber: 'ZZ-404' }, bob.token);
    expect(theirs).toEqual(unknown);
    expect(theirs.status).toBe(404);
  });

  it('a customer must name the order number; staff page through every machine with the service fields', async () => {
    expect(await call('GetMachineTables', { PrevPageNums: 0, TopNums: 10 }, alice)).toMatchObject({ code: 400, info: 'OrderNumber is required' });
    const staff = await portal.login('staff@example.com', 'staff1234');
    const first = await portal.call('Machine/GetMachineTables', { PrevPageNums: 0, TopNums: 10 }, staff.token);
    expect(first.body.code).toBe(200);
    expect(first.body.ReturnData.length).toBeLessThanOrEqual(10);
    expect(first.body.ReturnCount).toBeGreaterThanOrEqual(first.body.ReturnData.length);
    expect(first.body.ReturnData[0]).toHaveProperty('ProducedTime');
    expect(first.body.ReturnData[0]).toHaveProperty('Owner');
    // The order number bound above, found by a part of it, with its owner.
    const orderNumber = await bindNewMachine(portal, alice, 'D');
    const found = await portal.call('Machine/GetMachineTables', { OrderNumber: orderNumber.slice(1), PrevPageNums: 0, TopNums: 10 }, staff.token);
    expect(found.body.ReturnData.map((m: { OrderNumber: string }) => m.OrderNumber)).toContain(orderNumber);
    expect(found.body.ReturnData.find((m: { OrderNumber: string }) => m.OrderNumber === orderNumber).Owner).toBe(alice.account);
    // Paging: the second page starts after the first.
    const second = await portal.call('Machine/GetMachineTables', { PrevPageNums: 10, TopNums: 10 }, staff.token);
    if (first.body.ReturnCount > 10) expect(second.body.ReturnData[0].OrderNumber).not.toBe(first.body.ReturnData[0].OrderNumber);
  });

  it('lists every series with its kind: M, T, K, Q are tube', async () => {
    const answer = await call('GetDeviceSeries', { Path: '', Depth: 1 }, alice);
    expect(answer.code).toBe(200);
    expect(answer.ReturnData.map((s: any) => s.name)).toEqual(SERIES.map((s) => s.name));
    for (const s of answer.ReturnData) expect(s.kind, s.name).toBe(['M', 'T', 'K', 'Q'].includes(s.name) ? 'tube' : 'sheet');
  });
});
