import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_PATH_PREFIX } from '../../src/server/services/machine-label.service';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 39, item 3: a machine's QR label names it by a signed id, for its owner only.

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
const labelOf = (path: string) => path.slice(LABEL_PATH_PREFIX.length);

describe('Machine/GetMachineLabel', () => {
  it("gives the owner the machine's name, order number and a signed path that holds no order number", async () => {
    const machine = (await portal.services.machines.findByOrderNumber(orderNumber))!;
    const answer = await label({ OrderNumber: ` ${orderNumber} ` }, alice);
    expect(answer).toMatchObject({ code: 200, ReturnData: { OrderNumber: orderNumber, Name: machine.name } });
    const path: string = answer.ReturnData.LabelPath;
    expect(path.startsWith(LABEL_PATH_PREFIX)).toBe(true);
    expect(path).not.toContain(orderNumber);
    expect(path).toMatch(/^\/m\/[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(portal.services.machineLabels.machineIdOf(labelOf(path))).toBe(machine.id);
    // The same machine has the same label on every call (a reprint is the same code).
    expect((await label({ OrderNumber: orderNumber }, alice)).ReturnData.LabelPath).toBe(path);
  });

  it("answers someone else's machine exactly as an unknown one", async () => {
    const other = await label({ OrderNumber: orderNumber }, bob);
    const unknown = await label({ OrderNumber: 'NOPE-000000' }, bob);
    expect(other).toEqual(unknown);
    expect(other).toMatchObject({ code: 404, info: '未查询到数据', ReturnData: null });
    expect(JSON.stringify(other)).not.toContain('LabelPath');
  });

  it('takes no label whose id was changed or whose signature is not the portal’s', async () => {
    const path: string = (await label({ OrderNumber: orderNumber }, alice)).ReturnData.LabelPath;
    const [id, signature] = labelOf(path).split('.');
    const labels = portal.services.machineLabels;
    const otherId = (parseInt(id, 36) + 1).toString(36);
    for (const forged of [`${otherId}.${signature}`, `${id}.${signature.slice(0, -1)}`, `${id}.${signature}x`, `${id}`, `${id}.${signature}.${signature}`, '', `../${id}.${signature}`]) {
      expect(labels.machineIdOf(forged), forged).toBeNull();
    }
  });
});
