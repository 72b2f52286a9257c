import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ LOAD_SHED_DELAY_MS: '200' });
});
afterAll(() => portal?.close());

const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};
const sampled = () => new Promise((resolve) => setTimeout(resolve, 1_100)); // under-pressure samples each second

describe('beyond capacity', () => {
  it('sheds calls at once with 503 and Retry-After, keeps the probes answering, and recovers', async () => {
    expect((await portal.call('WarrantyRule/GetList', { MachineType: 0, lang: 'zh' })).status).not.toBe(503);
    busyFor(1_500); // the event loop lags far behind the 200 ms limit
    await new Promise((resolve) => setTimeout(resolve, 20));
    const shed = await portal.app.inject({ method: 'POST', url: '/api/WarrantyRule/GetList', payload: { MachineType: 0, lang: 'zh' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({ code: 503, info: expect.stringContaining('try again in 5 seconds'), ReturnData: null });
    expect((await portal.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await portal.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    await sampled();
    await sampled();
    expect((await portal.call('WarrantyRule/GetList', { MachineType: 0, lang: 'zh' })).status).not.toBe(503);
  });
});
