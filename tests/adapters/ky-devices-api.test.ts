import { describe, expect, it } from 'vitest';
import { KyDevicesApi } from '../../src/adapters/ky/ky-devices-api.adapter';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';
import type { PortalCallOptions, PortalHttpPort } from '../../src/ports/portal-http.port';

function setup(stored: Partial<Record<StorageKey, string>> = {}) {
  const calls: Array<{ path: string; body: unknown; quiet: boolean }> = [];
  const http: PortalHttpPort = {
    call: async <T,>(path: string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
      calls.push({ path, body, quiet: !!options?.quiet });
      return { code: 200, info: '' } as { code: number; info: string; ReturnData?: T };
    },
  };
  const storage: KeyValueStoragePort = { get: (key) => stored[key] ?? null, set: () => {}, remove: () => {}, clearExcept: () => {} };
  return { api: new KyDevicesApi(http, storage), calls };
}

describe('ky devices API', () => {
  it('calls the six Machine actions with the spec bodies; the pages show answers themselves (quiet)', async () => {
    const { api, calls } = setup({ userId: '42' });
    const record = { OrderNumber: 'LC-1', Name: 'Flatbed', SeriesName: 'G' };
    await api.getMyMachines();
    await api.bind('LC-1');
    await api.getBpmMachine('LC-1');
    await api.saveMachineData(record);
    await api.getDeviceSeries();
    await api.getMachineTables('LC-1');
    expect(calls).toEqual([
      { path: 'api/Machine/GetMyMachine', body: { UserId: '42' }, quiet: true },
      { path: 'api/Machine/MachineBind', body: { OrderNumber: 'LC-1' }, quiet: true },
      { path: 'api/Machine/GetBpmMachine', body: { OrderNumber: 'LC-1' }, quiet: true },
      { path: 'api/Machine/SaveMachineData', body: record, quiet: true },
      { path: 'api/Machine/GetDeviceSeries', body: {}, quiet: false },
      { path: 'api/Machine/GetMachineTables', body: { OrderNumber: 'LC-1' }, quiet: true },
    ]);
  });

  it('leaves UserId out when none is stored (the server takes the caller from the token)', async () => {
    const { api, calls } = setup();
    await api.getMyMachines();
    expect(calls[0].body).toEqual({});
  });
});
