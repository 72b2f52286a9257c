import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { seedMaintenanceItems } from '../../src/seed/maintenance.seed';
import { parseMachineEvent } from '../../src/server/telemetry/machine-events';
import { askChat } from '../support/ask-chat';
import { contentOf } from '../support/chat-stream';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The assistant's facts from repair, maintenance and warranty (issue 20 with 14, 16 and 17): each
// area answers for the caller's machines, only when the question is on its topic, in its language.
// The test clock starts at 2026-11-21 08:00 UTC.
let portal: TestPortal;
let owner: TestCustomer;
let other: TestCustomer;
let sheet: string;
let tube: string;
let otherSheet: string;

const DAY = 86_400_000;
const ask = async (who: TestCustomer, content: string, lang: 'zh' | 'en' = 'en') => contentOf(await askChat(portal, who.token, content, lang));
const call = async (path: string, body: Record<string, unknown>, who: TestCustomer) => (await portal.call(path, body, who.token)).body;

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  await seedKnowledge(portal.services);
  await seedMaintenanceItems(portal.services);
  owner = await createCustomer(portal, 'facts-owner');
  other = await createCustomer(portal, 'facts-other');
  // Named as real machines are: the assistant picks machines by model (the name's first word).
  sheet = await bindNewMachine(portal, owner, 'G', 'G3015 Fiber Laser 6 kW');
  tube = await bindNewMachine(portal, owner, 'T', 'T220 Tube Cutter 3 kW');
  otherSheet = await bindNewMachine(portal, other, 'G', 'G3015 Fiber Laser 6 kW');
  const now = portal.clock.now().getTime();
  const { warrantyRegistry, maintenanceStore, machines, machineEvents } = portal.services;

  // Warranty: the sheet cutter is covered by an extension, the tube cutter's ended, the other customer's is covered.
  const record = { marketingDept: '', belongDept: '', laserBrand: 'Raycus', extendedType: '' };
  await warrantyRegistry.put({ ...record, orderNumber: sheet, deliveryTime: new Date(now - 400 * DAY), guaranteeUntil: new Date(now - 35 * DAY), extendedUntil: new Date(now + 330 * DAY), extendedType: 'Gold' });
  await warrantyRegistry.put({ ...record, orderNumber: tube, deliveryTime: new Date(now - 800 * DAY), guaranteeUntil: new Date(now - 70 * DAY), extendedUntil: null });
  await warrantyRegistry.put({ ...record, orderNumber: otherSheet, deliveryTime: null, guaranteeUntil: new Date(now + 100 * DAY), extendedUntil: null });

  // Maintenance: a 10-hour item on the sheet cutter, which then runs 9 hours (due soon).
  const base = { series: 'G', content: { zh: '测试内容', en: 'Test content' }, isEnabled: 1 as const, sort: 99 };
  await maintenanceStore.putItem({ ...base, code: 'facts-short', project: { zh: '清洁保护镜片（测试）', en: 'Clean the lens (test)' }, cycleHours: 10, warningHours: 2, cyclePierces: null, warningPierces: null });
  const item = (await maintenanceStore.items({ series: 'G' }, 0, 100)).rows.find((i) => i.code === 'facts-short')!;
  const sheetId = (await machines.findByOrderNumber(sheet))!.id;
  expect((await call('Maintenance/SaveMMachine', { MachineId: sheetId, DetailId: item.id }, owner)).code).toBe(200);
  const runtime = parseMachineEvent(sheet, 'runtime', JSON.stringify({ Day: '2026-11-21', Run: 9, Idle: 1, Offline: 0 }));
  await machineEvents.store([runtime!]);

  // Repair: one open work order on the tube cutter, none on the sheet cutter.
  const parts = await call('Component/GetList', { lang: 'en' }, owner);
  const nozzle = parts.ReturnData.find((p: { Name: string }) => p.Name === 'Single-layer nozzle').Id;
  const saved = await call(
    'CSSAPI/SaveWorkOrder',
    {
      OrderNumber: tube,
      Phone: '+86 531 8888 0000',
      Email: 'owner@factory.cn',
      Company: 'Jinan Tube Co.',
      UserName: 'Owner',
      ProvinceName: '山东省',
      Province: '370000',
      CityName: '济南市',
      City: '370100',
      sparePart: '',
      ComponentId: nozzle,
      Content: 'Nozzle worn after a collision',
    },
    owner,
  );
  expect(saved.code).toBe(200);
});
afterAll(() => portal?.close());

describe('the assistant\'s facts from the other areas', () => {
  it('tells the warranty of the caller\'s machines, not another customer\'s', async () => {
    const text = await ask(owner, 'Is my machine still under warranty?');
    expect(text).toMatch(new RegExp(`\\*\\*${sheet}\\*\\*: .*under warranty until 2027-10-17, extended warranty \\(Gold\\), delivered on 2025-10-17 \\(source: Warranty\\)`));
    expect(text).toMatch(new RegExp(`\\*\\*${tube}\\*\\*: .*out of warranty \\(it ended on 2026-09-12\\)`));
    expect(text).not.toContain(otherSheet);
    // Issue 35: the answer starts from the registry itself, every machine with the day it ends or ended.
    expect(text.startsWith(`The warranty of G3015 Fiber Laser 6 kW (${sheet}) ends on 2027-10-17 (extended, Gold); T220 Tube Cutter 3 kW (${tube})'s ended on 2026-09-12.`)).toBe(true);
    const zh = await ask(owner, '质保什么时候到期？', 'zh');
    expect(zh.startsWith(`G3015 Fiber Laser 6 kW (${sheet}) 的质保至 2027-10-17 到期（含延保，Gold）；T220 Tube Cutter 3 kW (${tube}) 的质保已于 2026-09-12 结束。`)).toBe(true);
    expect(zh).toContain('在保，质保至 2027-10-17，含延保（Gold）');
    expect(zh).toContain('来源：质保信息');
  });

  it('tells the plans due soon with the hours left', async () => {
    const text = await ask(owner, 'When is maintenance due on my sheet cutter?');
    expect(text).toMatch(new RegExp(`\\*\\*${sheet}\\*\\*: .*due soon: Clean the lens \\(test\\) \\(1 hour left\\) \\(source: Maintenance plans\\)`));
    expect(text).not.toContain(tube); // the question named the sheet cutter
    // Issue 35: the answer starts from the plans themselves.
    expect(text.startsWith(`The next one due is Clean the lens (test) on G3015 Fiber Laser 6 kW (${sheet}), in 1 run hour (due soon).`)).toBe(true);
    const zh = await ask(owner, '我的板材切割机什么时候保养？', 'zh');
    expect(zh.startsWith(`最近到期的是 G3015 Fiber Laser 6 kW (${sheet}) 的“清洁保护镜片（测试）”，还剩 1 运行小时（即将到期）。`)).toBe(true);
    expect(zh).toContain('即将到期：清洁保护镜片（测试）（剩余 1 小时）');
  });

  it('tells the open work orders per machine', async () => {
    const text = await ask(owner, 'What about my repair work orders?');
    expect(text).toMatch(new RegExp(`\\*\\*${tube}\\*\\*: .*1 open work order, latest order EV20261121\\d{4,} \\(Single-layer nozzle\\), pending, 2026-11-21 08:00 \\(source: My work orders\\)`));
    expect(text).toMatch(new RegExp(`\\*\\*${sheet}\\*\\*: .*no work orders \\(source: My work orders\\)`));
    // Issue 35: the answer starts from the open orders, every machine named.
    expect(text).toMatch(new RegExp(`^You have 1 open work order on 1 of your 2 machines: G3015 Fiber Laser 6 kW \\(${sheet}\\) has none; T220 Tube Cutter 3 kW \\(${tube}\\) 1 pending, latest EV20261121\\d{4,}\\.`));
    const zh = await ask(owner, '我的报修工单处理得怎样了', 'zh');
    expect(zh).toMatch(/1 张工单未完成，最新工单 EV20261121\d{4,}（单层喷嘴），待处理/);
    expect(zh).toMatch(new RegExp(`^您有 1 张未完成的工单，在 2 台设备中的 1 台上：G3015 Fiber Laser 6 kW \\(${sheet}\\) 没有；T220 Tube Cutter 3 kW \\(${tube}\\) 1 张待处理，最新工单 EV20261121\\d{4,}。`));
  });

  it('tells the run time and tasks of the span asked, the fleet first', async () => {
    // Issue 35: the runtime day stored above is today (the test clock's, in the asker's zone UTC).
    const text = await ask(owner, 'How long did my machines run today?');
    expect(text.startsWith(`Your 2 machines ran 9 hours and finished 0 cutting tasks today: G3015 Fiber Laser 6 kW (${sheet}) 9 hours, 0 tasks; T220 Tube Cutter 3 kW (${tube}) 0 hours, 0 tasks.`)).toBe(true);
    const zh = await ask(owner, '我的管材切割机今天运行时间多少？', 'zh');
    expect(zh.startsWith(`T220 Tube Cutter 3 kW (${tube})今天运行 0 小时，完成 0 个切割任务。`)).toBe(true);
    const yesterday = await ask(owner, 'What was the output of my machines yesterday?');
    expect(yesterday.startsWith('Your 2 machines ran 0 hours and finished 0 cutting tasks yesterday (2026-11-20)')).toBe(true);
  });

  it('reads an area only for a question on its topic', async () => {
    const text = await ask(owner, 'Is my tube cutter running?');
    expect(text).not.toContain('source: Warranty');
    expect(text).not.toContain('source: Maintenance plans');
    expect(text).not.toContain('source: My work orders');
    // The other customer asks the same: their own warranty only.
    const theirs = await ask(other, 'warranty?');
    expect(theirs).toContain(otherSheet);
    expect(theirs).not.toContain(sheet);
    expect(theirs).not.toContain(tube);
  });
});
