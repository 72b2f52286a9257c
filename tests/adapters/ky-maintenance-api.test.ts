import { describe, expect, it } from 'vitest';
import { KyMaintenanceApi } from '../../src/adapters/ky/ky-maintenance-api.adapter';
import type { Envelope } from '../../src/contract/envelope';
import type { KeyValueStoragePort } from '../../src/ports/key-value-storage.port';
import { recordingHttp } from '../support/recording-http';

function setup(answer: Envelope<unknown>, lang = 'en') {
  const { http, calls } = recordingHttp(answer);
  const storage = { get: (key: string) => (key === 'lang' ? lang : null), set: () => {}, remove: () => {}, clearExcept: () => {} } as KeyValueStoragePort;
  return { api: new KyMaintenanceApi(http, storage), calls };
}

const planRow = {
  Id: 4, UserId: 'u', MachineId: 2, DetailId: 9, Project: 'Chiller', OrderNumber: 'G-1', Lable: 'G', RealName: 'Ann', Content: 'Drain', CreateTime: '2026-11-21T16:00:00+08:00',
  CycleHours: 10, SurplusHour: 2, WarningHours: 2, WarningTime: '2026-11-21T17:00:00+08:00', IsEnabled: 1, IsNormal: 1, State: 'warning', RunHours: 8,
  CyclePierces: null, SurplusPierces: null, WarningPierces: null, Pierces: 0, Since: '2026-11-21T16:00:00+08:00',
};

describe('ky maintenance API', () => {
  it('pages the items of a series in the stored language, quietly', async () => {
    const { api, calls } = setup({ code: 200, info: 'success', ReturnData: [{ Id: 1, Project: 'Lens', Lable: 'G', Content: 'Clean', CycleHours: 8, WarningHours: 1, CyclePierces: null, WarningPierces: null, IsEnabled: 0 }], ReturnCount: 12 });
    const answer = await api.items({ series: 'G', offset: 10, size: 10 });
    expect(calls).toEqual([{ path: 'Maintenance/MDetailsList', body: { Lable: 'G', PrevPageNums: 10, TopNums: 10, lang: 'en' }, quiet: true }]);
    expect(answer).toEqual({ kind: 'items', total: 12, items: [{ id: 1, project: 'Lens', series: 'G', content: 'Clean', cycleHours: 8, warningHours: 1, cyclePierces: null, warningPierces: null, enabled: false }] });
  });

  it('reads plans with their state, and the spec-only IsNormal 0 as overdue', async () => {
    const { api } = setup({ code: 200, info: 'success', ReturnData: [planRow, { ...planRow, Id: 5, State: undefined, IsNormal: 0 }] });
    const answer = await api.plans({ machineId: 2 });
    expect(answer.kind === 'plans' && answer.plans.map((p) => [p.id, p.state, p.surplusHours])).toEqual([
      [4, 'warning', 2],
      [5, 'overdue', 2],
    ]);
  });

  it('reads no data as empty lists and a refusal as its message', async () => {
    expect(await setup({ code: 200, info: '暂无数据', ReturnData: '暂无数据' }).api.records({ planId: 1, offset: 0, size: 10 })).toEqual({ kind: 'records', records: [], total: 0 });
    expect(await setup({ code: 200, info: '暂无数据', ReturnData: '暂无数据' }).api.counts()).toEqual({ kind: 'counts', counts: [] });
    expect(await setup({ code: 404, info: '未查询到数据', ReturnData: null }).api.addPlan({ machineId: 1, itemId: 2 })).toEqual({ kind: 'refused', message: '未查询到数据' });
  });

  it('sends the confirmation time in the spec +08:00 form and answers the server message', async () => {
    const { api, calls } = setup({ code: 200, info: 'success', ReturnData: '保养记录已保存' }, 'zh');
    const answer = await api.confirm({ planId: 4, at: new Date('2026-11-24T06:30:00Z'), state: 0 });
    expect(calls[0]).toEqual({ path: 'Maintenance/InsertMRecords', body: { MmId: 4, MaintenanceTime: '2026-11-24T14:30:00+08:00', State: 0, lang: 'zh' }, quiet: true });
    expect(answer).toEqual({ kind: 'saved', message: '保养记录已保存' });
  });
});
