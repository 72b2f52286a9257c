import { recordingHttp } from '../support/recording-http';
import { describe, expect, it } from 'vitest';
import { KyDevicesApi } from '../../src/adapters/ky/ky-devices-api.adapter';
import { LocalStorageAdapter } from '../../src/adapters/local-storage/local-storage.adapter';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import type { Envelope } from '../../src/contract/envelope';
import type { BpmMachine } from '../../src/domain/devices/binding.machine';
import type { MyMachine } from '../../src/domain/devices/fleet';

function memoryStorage(stored: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(stored));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
}

/** The adapter over an HTTP port that answers `answer` and records what was asked. */
function setup(answer: Envelope<unknown> = { code: 200, info: '' }, stored: Record<string, string> = {}) {
  const { http, calls } = recordingHttp(answer);
  const session = new StorageSessionStore(new LocalStorageAdapter(() => memoryStorage(stored)));
  return { api: new KyDevicesApi(http, session), calls };
}

const machine = (over: Partial<MyMachine> = {}): MyMachine => ({ equipmentid: 1, name: 'Cutter', communicationstatus: 0, ordernumber: 'A1', seriesname: 'G', ...over });
const RECORD: BpmMachine = { OrderNumber: 'LC-9001', Name: 'Flatbed 3015', SeriesName: 'G', Model: 'G3015', LaserPower: 6, DeliveryTime: '2024-05-01' };

describe('ky devices API', () => {
  it('calls the Machine actions of the contract with the spec bodies; the pages show answers themselves (quiet)', async () => {
    const { api, calls } = setup({ code: 200, info: '' }, { userId: '42', token: 't' });
    const record = { OrderNumber: 'LC-1', Name: 'Flatbed', SeriesName: 'G' };
    await api.getMyMachines();
    await api.bind('LC-1');
    await api.getBpmMachine('LC-1');
    await api.saveMachineData(record);
    await api.getMachineTables('LC-1');
    expect(calls).toEqual([
      { path: 'Machine/GetMyMachine', body: { UserId: '42' }, quiet: true },
      { path: 'Machine/MachineBind', body: { OrderNumber: 'LC-1' }, quiet: true },
      { path: 'Machine/GetBpmMachine', body: { OrderNumber: 'LC-1' }, quiet: true },
      { path: 'Machine/SaveMachineData', body: record, quiet: true },
      { path: 'Machine/GetMachineTables', body: { OrderNumber: 'LC-1' }, quiet: true },
    ]);
  });

  it('leaves UserId out when none is stored (the server takes the caller from the token)', async () => {
    const { api, calls } = setup();
    await api.getMyMachines();
    expect(calls[0].body).toEqual({});
  });
});

describe('reading the Machine answers', () => {
  const read = (answer: Envelope<unknown>) => setup(answer).api;

  it('reads the fleet: the list, the empty answers as an empty list, and a refusal', async () => {
    const list = [machine(), machine({ ordernumber: 'B2', seriesname: 'T' })];
    expect(await read({ code: 200, info: '', ReturnData: list }).getMyMachines()).toEqual({ kind: 'list', machines: list });
    expect(await read({ code: 200, info: '数据查询为空', ReturnData: [] }).getMyMachines()).toEqual({ kind: 'list', machines: [] });
    expect(await read({ code: 200, info: '', ReturnData: '暂无数据' }).getMyMachines()).toEqual({ kind: 'list', machines: [] });
    expect(await read({ code: 400, info: '数据查询为空' }).getMyMachines()).toEqual({ kind: 'list', machines: [] });
    expect(await read({ code: 403, info: 'Forbidden' }).getMyMachines()).toEqual({ kind: 'refused', message: 'Forbidden' });
  });

  it('drops fleet records without an order number and fills missing text', async () => {
    const answer = await read({ code: 200, info: '', ReturnData: [null, { name: 'x' }, { ordernumber: 'C3', communicationstatus: 1 }] }).getMyMachines();
    expect(answer).toEqual({ kind: 'list', machines: [{ equipmentid: undefined, name: '', communicationstatus: 1, ordernumber: 'C3', seriesname: '' }] });
  });

  it('leaves the message of an expired login to the blocking dialog, and passes other refusals on', async () => {
    for (const [code, shown] of [[401, ''], [410, ''], [1011007, ''], [1011008, ''], [500, 'server trouble']] as const) {
      const answer = await read({ code, info: code === 500 ? 'server trouble' : 'Login has expired, please log in again' }).getMyMachines();
      expect(answer, String(code)).toEqual({ kind: 'refused', message: shown });
    }
  });

  it('reads binding: bound, the machine unknown to the portal (400 未查询到数据), or a refusal', async () => {
    expect(await read({ code: 200, info: '绑定成功' }).bind('LC-1')).toEqual({ kind: 'bound' });
    expect(await read({ code: 400, info: '未查询到数据' }).bind('LC-1')).toEqual({ kind: 'unknown-machine' });
    expect(await read({ code: 409, info: '未查询到数据' }).bind('LC-1')).toEqual({ kind: 'refused', message: '未查询到数据' });
    expect(await read({ code: 409, info: 'taken' }).bind('LC-1')).toEqual({ kind: 'refused', message: 'taken' });
  });

  it('reads the lookup as the spec says: only a success with a record is saved', async () => {
    expect(await read({ code: 200, info: '200', ReturnData: RECORD }).getBpmMachine('LC-1')).toEqual({ kind: 'empty' });
    expect(await read({ code: 400, info: '未查询到数据' }).getBpmMachine('LC-1')).toEqual({ kind: 'unknown-machine' });
    expect(await read({ code: 200, info: '未查询到数据', ReturnData: RECORD }).getBpmMachine('LC-1')).toEqual({ kind: 'unknown-machine' });
    expect(await read({ code: 200, info: '查询成功', ReturnData: null }).getBpmMachine('LC-1')).toEqual({ kind: 'refused', message: '查询成功' });
    expect(await read({ code: 200, info: '查询成功', ReturnData: RECORD }).getBpmMachine('LC-1')).toEqual({ kind: 'found', record: RECORD });
  });

  it('reads saving: saved, unknown to the registry, or a refusal', async () => {
    expect(await read({ code: 200, info: '保存成功' }).saveMachineData(RECORD)).toEqual({ kind: 'saved' });
    expect(await read({ code: 400, info: '未查询到数据' }).saveMachineData(RECORD)).toEqual({ kind: 'unknown-machine' });
    expect(await read({ code: 500, info: 'boom' }).saveMachineData(RECORD)).toEqual({ kind: 'refused', message: 'boom' });
  });

  it('reads the machine of GetMachineTables, the series rule when the server names no kind, and "not yours"', async () => {
    const row = { EquipmentId: 7, OrderNumber: 'T-1', Name: 'Tube T1', SeriesName: 'T', Kind: 'tube', BoundByName: 'Li Wei' };
    expect(await read({ code: 200, info: '', ReturnData: [row] }).getMachineTables('T-1')).toEqual({
      kind: 'found',
      info: { equipmentId: '7', orderNumber: 'T-1', name: 'Tube T1', series: 'T', kind: 'tube', boundByName: 'Li Wei' },
    });
    const noKind = await read({ code: 200, info: '', ReturnData: [{ ...row, Kind: undefined, SeriesName: 'Q' }] }).getMachineTables('Q-1');
    expect(noKind.kind === 'found' && noKind.info.kind).toBe('tube');
    expect(await read({ code: 404, info: '未查询到数据' }).getMachineTables('T-9')).toEqual({ kind: 'not-yours' });
    expect(await read({ code: 200, info: '', ReturnData: [] }).getMachineTables('T-9')).toEqual({ kind: 'not-yours' });
    expect(await read({ code: 500, info: 'boom' }).getMachineTables('T-1')).toEqual({ kind: 'refused', message: 'boom' });
  });
});
