import { describe, expect, it } from 'vitest';
import { KyStaffApi } from '../../src/adapters/ky/ky-staff-api.adapter';
import { recordingHttp } from '../support/recording-http';

const NO_FILTER = { actor: '', action: '', object: '', kind: '' as const };

describe('KyStaffApi', () => {
  it('asks GetMachineTables for a page of every machine and reads the service fields', async () => {
    const { http, calls } = recordingHttp({
      code: 200,
      info: 'success',
      ReturnData: [{ EquipmentId: 7, OrderNumber: 'G3015-1', Name: 'Sheet', SeriesName: 'G', Kind: 'sheet', Power: '6 kW', Owner: 'a@example.com' }],
      ReturnCount: 31,
    });
    const answer = await new KyStaffApi(http).machines(' G30 ', { offset: 10, size: 10 });
    expect(calls).toEqual([{ path: 'Machine/GetMachineTables', body: { OrderNumber: 'G30', PrevPageNums: 10, TopNums: 10 }, quiet: true }]);
    expect(answer).toMatchObject({ kind: 'page', total: 31, rows: [{ equipmentId: 7, orderNumber: 'G3015-1', kind: 'sheet', fields: { Power: '6 kW', Owner: 'a@example.com' } }] });
  });

  it('a 403, or a customer session told "OrderNumber is required", is forbidden; another refusal is refused', async () => {
    expect(await new KyStaffApi(recordingHttp({ code: 403, info: 'This action is for service staff only', ReturnData: null }).http).auditLog(NO_FILTER, { offset: 0, size: 20 })).toEqual({ kind: 'forbidden' });
    expect(await new KyStaffApi(recordingHttp({ code: 400, info: 'OrderNumber is required', ReturnData: null }).http).machines('', { offset: 0, size: 10 })).toEqual({ kind: 'forbidden' });
    expect(await new KyStaffApi(recordingHttp({ code: 500, info: 'broken', ReturnData: null }).http).machines('', { offset: 0, size: 10 })).toEqual({ kind: 'refused', message: 'broken' });
  });

  it('reads the no-data marker of GetReviewUsers as an empty list, and sends the verdict', async () => {
    expect(await new KyStaffApi(recordingHttp({ code: 200, info: '暂无数据', ReturnData: '暂无数据' }).http).pendingRegistrations()).toEqual({ kind: 'page', rows: [], total: 0 });
    const { http, calls } = recordingHttp({ code: 200, info: 'Approved', ReturnData: null });
    expect(await new KyStaffApi(http).review('u-1', true)).toEqual({ kind: 'done' });
    expect(calls[0]).toMatchObject({ path: 'User/ReviewUser', body: { TargetUserId: 'u-1', Approve: true } });
  });

  it('sends only the audit filters that are set', async () => {
    const { http, calls } = recordingHttp({ code: 200, info: 'No entries', ReturnData: [], ReturnCount: 0 });
    await new KyStaffApi(http).auditLog({ ...NO_FILTER, action: 'ReviewUser', kind: 'write' }, { offset: 20, size: 20 });
    expect(calls[0]!.body).toEqual({ Action: 'ReviewUser', Kind: 'write', PrevPageNums: 20, TopNums: 20 });
    // The "to" day is included: the call's To is the next day's start.
    await new KyStaffApi(http).auditLog({ ...NO_FILTER, from: '2026-11-01', to: '2026-11-30' }, { offset: 0, size: 20 });
    expect(calls[1]!.body).toEqual({ From: '2026-11-01', To: '2026-12-01', PrevPageNums: 0, TopNums: 20 });
  });

  it('reads both kinds of leads from their calls', async () => {
    const contact = recordingHttp({ code: 200, info: 'success', ReturnData: [{ Id: 'c1', Name: 'Wang', Phone: '137', Email: 'w@x.cn', Company: 'W', Message: 'hi', CreateTime: '2026-11-24T08:00:00Z' }], ReturnCount: 1 });
    expect(await new KyStaffApi(contact.http).leads('contact', { offset: 0, size: 20 })).toMatchObject({ kind: 'page', total: 1, rows: [{ id: 'c1', name: 'Wang', message: 'hi' }] });
    expect(contact.calls[0]).toMatchObject({ path: 'Home/GetContactMessages', body: { PrevPageNums: 0, TopNums: 20 } });
    const cam = recordingHttp({ code: 200, info: 'success', ReturnData: [{ Id: 'k1', UserName: 'Li', Phone: '1', Email: 'l@x.cn', CompanyName: 'L', Address: 'Jinan', CreateTime: 't', VersionNumber: '5.0', Remark: 'trial' }], ReturnCount: 1 });
    expect(await new KyStaffApi(cam.http).leads('cam', { offset: 0, size: 20 })).toMatchObject({ rows: [{ id: 'k1', name: 'Li', company: 'L', message: '5.0 · trial · Jinan' }] });
    expect(cam.calls[0]!.path).toBe('Cam/GetCamCustomers');
  });

  it('reads the download counts per release', async () => {
    const { http, calls } = recordingHttp({
      code: 200,
      info: 'success',
      ReturnData: [{ id: 'r1', type: 0, productname: 'Nest', versionnumber: '2.1', filename: 'n.zip', createtime: 't', total: 5, users: 3, visitors: 1, direct: 1, lastdownload: null }],
    });
    expect(await new KyStaffApi(http).downloads()).toEqual({ kind: 'page', total: 1, rows: [{ id: 'r1', product: 'Nest', version: '2.1', fileName: 'n.zip', total: 5, users: 3, visitors: 1, direct: 1 }] });
    expect(calls[0]).toMatchObject({ path: 'Cam/GetDownloads', body: {} });
  });
});

describe('KyStaffApi: the registry and work-order calls (issue 19)', () => {
  it('reads registry rows and sends add, edit and unbind bodies; a 403 is forbidden', async () => {
    const { http, calls } = recordingHttp({
      code: 200,
      info: 'success',
      ReturnData: [{ OrderNumber: 'G1', Name: 'N', SeriesName: 'G', Model: 'M', LaserPower: 6, DeliveryDay: '2025-03-01', Details: { Voltage: '380 V' }, EquipmentId: null, Owner: '', BoundTime: '' }],
      ReturnCount: 11,
    });
    expect(await new KyStaffApi(http).registry(' G1 ', { offset: 10, size: 10 })).toMatchObject({ kind: 'page', total: 11, rows: [{ orderNumber: 'G1', laserPowerKw: 6, details: { Voltage: '380 V' }, equipmentId: null, owner: '' }] });
    expect(calls[0]).toEqual({ path: 'Staff/GetRegistry', body: { Search: 'G1', PrevPageNums: 10, TopNums: 10 }, quiet: true });
    const entry = { orderNumber: 'G1', name: 'N', seriesName: 'G', model: '', laserPowerKw: 6, deliveryDay: '', details: { Voltage: '380 V' } as never };
    expect(await new KyStaffApi(http).saveRegistryEntry('edit', entry)).toEqual({ kind: 'done' });
    expect(calls[1]).toMatchObject({ path: 'Staff/EditRegistryMachine', body: { OrderNumber: 'G1', LaserPower: 6, Details: { Voltage: '380 V' } } });
    await new KyStaffApi(http).unbind('G1', 'sold');
    expect(calls[2]).toMatchObject({ path: 'Staff/UnbindMachine', body: { OrderNumber: 'G1', Reason: 'sold' } });
    expect(await new KyStaffApi(recordingHttp({ code: 403, info: 'staff only', ReturnData: null }).http).unbind('G1', 'sold')).toEqual({ kind: 'forbidden' });
    expect(await new KyStaffApi(recordingHttp({ code: 400, info: 'Give a reason for the unbinding', ReturnData: null }).http).unbind('G1', '')).toEqual({ kind: 'refused', message: 'Give a reason for the unbinding' });
  });

  it('lists work orders with the step and search set, and moves one', async () => {
    const { http, calls } = recordingHttp({ code: 200, info: 'success', ReturnData: [{ EventNum: 'EV202611240001', Step: 1, Account: 'a@x.cn' }], ReturnCount: 1 });
    expect(await new KyStaffApi(http).workOrders({ step: 1, search: ' a@x ' }, { offset: 0, size: 20 })).toMatchObject({ rows: [{ eventNum: 'EV202611240001', step: 1, account: 'a@x.cn' }] });
    expect(calls[0]!.body).toEqual({ Step: 1, Search: 'a@x', PrevPageNums: 0, TopNums: 20 });
    await new KyStaffApi(http).workOrders({ step: null, search: '' }, { offset: 0, size: 20 });
    expect(calls[1]!.body).toEqual({ PrevPageNums: 0, TopNums: 20 });
    await new KyStaffApi(http).moveWorkOrder('EV202611240001', 2, 'done');
    expect(calls[2]).toMatchObject({ path: 'CSSAPI/MoveWorkOrder', body: { EventNum: 'EV202611240001', eventStatus: 2, Note: 'done' } });
  });
});
