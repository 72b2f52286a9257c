import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingText } from '../../src/domain/maintenance/maintenance-time';
import type { MachineEvent } from '../../src/ports/machine-event-store.port';
import { seedMaintenanceItems } from '../../src/seed/maintenance.seed';
import { parseMachineEvent } from '../../src/server/telemetry/machine-events';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Maintenance plans over run hours and pierces the test stores as machine events. The test clock
// stands at 2026-11-21 08:00 UTC (16:00 in Shanghai, the factory's day 2026-11-21).
let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let sheet: string;
let sheetId: number;
let shortItem: number;
let nozzleItem: number;

const event = (orderNumber: string, kind: string, body: unknown): MachineEvent => {
  const parsed = parseMachineEvent(orderNumber, kind, JSON.stringify(body));
  if (!parsed) throw new Error(`test event not valid: ${JSON.stringify(body)}`);
  return parsed;
};
const runtime = (day: string, run: number) => portal.services.machineEvents.store([event(sheet, 'runtime', { Day: day, Run: run, Idle: 1, Offline: 0 })]);
const call = async (action: string, body: Record<string, unknown>, who: TestCustomer = alice) => (await portal.call(`Maintenance/${action}`, body, who.token)).body;
const plansOf = async (who: TestCustomer = alice, body: Record<string, unknown> = { MachineId: sheetId, lang: 'en' }) => {
  const answer = await call('MMachineList', body, who);
  return Array.isArray(answer.ReturnData) ? answer.ReturnData : [];
};
const mailsTo = (who: TestCustomer) => portal.services.outbox.list().filter((e) => e.to === who.account.toLowerCase() && /maintenance|保养/i.test(e.subject ?? ''));

beforeAll(async () => {
  portal = await createTestPortal();
  await seedMaintenanceItems(portal.services);
  const store = portal.services.maintenanceStore;
  // Short items of the G series, so the arithmetic is plain.
  const base = { series: 'G', content: { zh: '测试内容', en: 'Test content' }, isEnabled: 1 as const, sort: 99 };
  await store.putItem({ ...base, code: 'test-short', project: { zh: '短周期', en: 'Short cycle' }, cycleHours: 10, warningHours: 2, cyclePierces: null, warningPierces: null });
  await store.putItem({ ...base, code: 'test-nozzle', project: { zh: '测试喷嘴', en: 'Test nozzle' }, cycleHours: 1000, warningHours: 100, cyclePierces: 100, warningPierces: 20 });
  await store.putItem({ ...base, code: 'test-off', project: { zh: '停用', en: 'Disabled one' }, cycleHours: 10, warningHours: 2, cyclePierces: null, warningPierces: null, isEnabled: 0 });
  const all = (await store.items({ series: 'G' }, 0, 100)).rows;
  shortItem = all.find((i) => i.code === 'test-short')!.id;
  nozzleItem = all.find((i) => i.code === 'test-nozzle')!.id;
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  sheet = await bindNewMachine(portal, alice, 'G');
  sheetId = (await portal.services.machines.findByOrderNumber(sheet))!.id;
  // Run hours before any plan: 8 hours, which no plan may count.
  await runtime('2026-11-19', 2);
  await runtime('2026-11-20', 6);
});
afterAll(() => portal?.close());

describe('the catalogue', () => {
  it('pages the items of the selected machine series, in the asked language', async () => {
    const first = await call('MDetailsList', { Lable: 'G', PrevPageNums: 0, TopNums: 5, lang: 'en' });
    expect(first.code).toBe(200);
    expect(first.ReturnData).toHaveLength(5);
    expect(first.ReturnCount).toBeGreaterThanOrEqual(10);
    expect(first.ReturnData.every((i: { Lable: string }) => i.Lable === 'G')).toBe(true);
    expect(first.ReturnData[0].Project).toBe('Clean the protective lens');
    const zh = await call('MDetailsList', { Lable: 'T', PrevPageNums: 0, TopNums: 50, lang: 'zh' });
    const projects = zh.ReturnData.map((i: { Project: string }) => i.Project);
    expect(projects).toContain('卡盘卡爪清洁检查');
    expect(projects).not.toContain('清理废料斗');
    const nozzle = zh.ReturnData.find((i: { Project: string }) => i.Project === '检查喷嘴和陶瓷环');
    expect(nozzle).toMatchObject({ CyclePierces: 15000, WarningPierces: 1500, IsEnabled: 1 });
    expect(zh.ReturnData.some((i: { IsEnabled: number }) => i.IsEnabled === 0)).toBe(true);
    expect((await call('MDetailsList', { Lable: 'nothing' })).ReturnData).toBe('暂无数据');
  });
});

describe('a plan counted from the machine run hours', () => {
  let planId: number;

  it('starts full: run hours before the plan do not count', async () => {
    const saved = await call('SaveMMachine', { MachineId: sheetId, DetailId: shortItem, UserId: alice.userId });
    expect(saved.code).toBe(200);
    planId = saved.ReturnData;
    const [plan] = await plansOf();
    expect(plan).toMatchObject({ Id: planId, DetailId: shortItem, OrderNumber: sheet, Lable: 'G', Project: 'Short cycle', CycleHours: 10, SurplusHour: 10, WarningHours: 2, IsNormal: 1, State: 'normal', RunHours: 0, WarningTime: '' });
    expect(plan.CreateTime).toBe('2026-11-21T16:00:00+08:00');
    expect((await call('SaveMMachine', { MachineId: sheetId, DetailId: shortItem })).code).toBe(409);
  });

  it('refuses an item of another series and a disabled one', async () => {
    const tubeItem = (await call('MDetailsList', { Lable: 'T', TopNums: 1 })).ReturnData[0].Id;
    expect((await call('SaveMMachine', { MachineId: sheetId, DetailId: tubeItem })).code).toBe(400);
    const off = (await portal.services.maintenanceStore.items({ series: 'G', project: 'Disabled one' }, 0, 1)).rows[0].id;
    expect((await call('SaveMMachine', { MachineId: sheetId, DetailId: off })).info).toBe('This maintenance item is disabled');
  });

  it('is warned at the warning hours and mails once', async () => {
    await runtime('2026-11-21', 7.99);
    expect((await plansOf())[0]).toMatchObject({ SurplusHour: 2.01, State: 'normal', IsNormal: 1 });
    expect(await portal.services.maintenanceReminders.checkOnce()).toBe(0);
    await runtime('2026-11-21', 8);
    expect((await plansOf())[0]).toMatchObject({ SurplusHour: 2, RunHours: 8, State: 'warning', IsNormal: 1 });
    expect(await portal.services.maintenanceReminders.checkOnce()).toBe(1);
    expect(await portal.services.maintenanceReminders.checkOnce()).toBe(0);
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mailsTo(alice)[0].subject).toMatch(/due soon.*Short cycle/);
    expect((await plansOf())[0].WarningTime).toBe('2026-11-21T16:00:00+08:00');
  });

  it('is overdue at 0 hours left, mailed once more, and never below 0', async () => {
    await runtime('2026-11-21', 10);
    expect((await plansOf())[0]).toMatchObject({ SurplusHour: 0, State: 'overdue', IsNormal: 0 });
    portal.clock.advance(60_000);
    expect(await portal.services.maintenanceReminders.checkOnce()).toBe(1);
    portal.clock.advance(60_000);
    expect(await portal.services.maintenanceReminders.checkOnce()).toBe(0);
    expect(mailsTo(alice).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/overdue/)]));
    expect(mailsTo(alice)).toHaveLength(2);
    await runtime('2026-11-21', 13);
    expect((await plansOf())[0].SurplusHour).toBe(0);
  });

  it('refuses a confirmation without a time or in the future', async () => {
    const missing = await call('InsertMRecords', { MmId: planId });
    expect(missing).toMatchObject({ code: 400, info: 'please select!' });
    expect((await call('InsertMRecords', { MmId: planId, MaintenanceTime: '' })).info).toBe('please select!');
    const later = beijingText(new Date(portal.clock.now().getTime() + 3_600_000));
    expect((await call('InsertMRecords', { MmId: planId, MaintenanceTime: later })).code).toBe(400);
    expect((await call('GetMRecords', { MmId: planId })).ReturnData).toBe('暂无数据');
  });

  it('never lets another customer read, add to, confirm or remove the plans', async () => {
    expect(await plansOf(bob)).toEqual([]);
    expect(await plansOf(bob, { Id: planId })).toEqual([]);
    expect((await call('SaveMMachine', { MachineId: sheetId, DetailId: nozzleItem }, bob)).code).toBe(404);
    expect((await call('InsertMRecords', { MmId: planId, MaintenanceTime: beijingText(portal.clock.now()) }, bob)).code).toBe(404);
    expect((await call('GetMRecords', { MmId: planId }, bob)).ReturnData).toBe('暂无数据');
    expect((await call('DeleteMMachine', { Id: planId }, bob)).code).toBe(404);
    expect((await call('MMachineList', { UserId: alice.userId }, bob)).code).toBe(403);
    expect((await plansOf()).length).toBe(1);
  });

  it('a confirmation records the state then and resets the count; no mail after it', async () => {
    const now = beijingText(portal.clock.now());
    const confirmed = await call('InsertMRecords', { MmId: planId, MaintenanceTime: now, MaintenanceUser: 'Li Wei', State: 1, lang: 'en' });
    expect(confirmed).toMatchObject({ code: 200, ReturnData: 'Maintenance recorded' });
    expect((await plansOf())[0]).toMatchObject({ SurplusHour: 10, State: 'normal', IsNormal: 1, RunHours: 0, WarningTime: '', Since: now });
    const records = await call('GetMRecords', { MmId: planId, PrevPageNums: 0, TopNums: 10, lang: 'en' });
    expect(records.ReturnCount).toBe(1);
    expect(records.ReturnData[0]).toMatchObject({ MmId: planId, Project: 'Short cycle', MaintenanceTime: now, MaintenanceUser: 'Li Wei', State: 0 });
    expect(await portal.services.maintenanceReminders.checkOnce()).toBe(0);
    expect(mailsTo(alice)).toHaveLength(2);
    // The machine runs on: the new count starts from the confirmation.
    await runtime('2026-11-21', 14.5);
    expect((await plansOf())[0]).toMatchObject({ SurplusHour: 8.5, RunHours: 1.5, State: 'normal' });
    // A second confirmation cannot go back before the first.
    expect((await call('InsertMRecords', { MmId: planId, MaintenanceTime: '2026-11-20T10:00:00+08:00' })).code).toBe(400);
  });

  it('counts the maintenance per project', async () => {
    const counts = await call('GetMDetailNumbers', { lang: 'en' });
    expect(counts.ReturnData).toEqual([{ project: 'Short cycle', number: 1 }]);
    expect((await call('GetMDetailNumbers', {}, bob)).ReturnData).toBe('暂无数据');
  });
});

describe('a wear part counted in pierces', () => {
  it('counts down by the pierces of the tasks after the plan', async () => {
    // A task before the plan does not count.
    await portal.services.machineEvents.store([
      event(sheet, 'task', { EventId: 'p0', TaskName: 'a.bnn', CuttingLength: 1, PunchingNum: 500, ProcessingTime: 60, EmptyLength: 1, StartTime: '2026-11-21T07:00:00Z', EndTime: '2026-11-21T07:30:00Z', FileUrl: '' }),
    ]);
    const saved = await call('SaveMMachine', { MachineId: sheetId, DetailId: nozzleItem });
    expect(saved.code).toBe(200);
    const nozzle = () => plansOf().then((plans) => plans.find((p: { Id: number }) => p.Id === saved.ReturnData));
    expect(await nozzle()).toMatchObject({ CyclePierces: 100, SurplusPierces: 100, Pierces: 0, State: 'normal' });
    portal.clock.advance(60_000);
    const task = (id: string, pierces: number) =>
      event(sheet, 'task', { EventId: id, TaskName: 'b.bnn', CuttingLength: 1, PunchingNum: pierces, ProcessingTime: 60, EmptyLength: 1, StartTime: portal.clock.now().toISOString(), EndTime: portal.clock.now().toISOString(), FileUrl: '' });
    await portal.services.machineEvents.store([task('p1', 80)]);
    expect(await nozzle()).toMatchObject({ SurplusPierces: 20, Pierces: 80, State: 'warning', IsNormal: 1 });
    await portal.services.machineEvents.store([task('p2', 30)]);
    expect(await nozzle()).toMatchObject({ SurplusPierces: 0, State: 'overdue', IsNormal: 0 });
    expect((await call('DeleteMMachine', { Id: saved.ReturnData })).code).toBe(200);
    expect(await nozzle()).toBeUndefined();
  });
});
