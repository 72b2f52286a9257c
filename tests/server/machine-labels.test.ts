import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  portal = await createTestPortal();
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
