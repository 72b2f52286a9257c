import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Found by the fuzzer: Ajv coerces the text "1e309" to Infinity for an integer field and its
// maximum lets that through, so the database answered 500. Every route refuses it with 400.
let portal: TestPortal;
let customer: TestCustomer;
beforeAll(async () => {
  portal = await createTestPortal();
  customer = await createCustomer(portal, 'non-finite');
});
afterAll(() => portal?.close());

it('answers 400 in the envelope for a number written to overflow, where the database once answered 500', async () => {
  for (const [path, body] of [
    ['Maintenance/DeleteMMachine', { Id: '1e309' }],
    ['Maintenance/DeleteMMachine', { Id: '-1e309' }],
    ['Maintenance/GetMRecords', { MmId: '1e999', PrevPageNums: 0, TopNums: 10 }],
  ] as const) {
    const res = await portal.call(path, body, customer.token);
    expect(res.status, path).toBe(400);
    expect(res.body).toEqual({ code: 400, info: 'Numbers must be finite', ReturnData: null });
  }
  // A number in range still reaches the service.
  expect((await portal.call('Maintenance/DeleteMMachine', { Id: '2147483647' }, customer.token)).body.code).toBe(404);
});
