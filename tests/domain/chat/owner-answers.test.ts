import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alarmMeaningLead,
  alarmNowLead,
  alarmsLead,
  machineLabel,
  maintenanceLead,
  outputLead,
  periodWords,
  spanDays,
  warrantyLead,
  workOrdersLead,
  type AlarmTally,
  type LiveSituation,
  type MachineOutput,
  type NamedMachine,
  type OpenOrder,
  type PlanDue,
  type WarrantyEnd,
} from '../../../src/domain/chat/owner-answers';
import { periodRange } from '../../../src/domain/chat/owner-question';

const FC = { numRuns: 150, seed: Number(process.env.FC_SEED ?? 20250101) };
const ZONE = 'Asia/Shanghai';

const machine = (i: number): NamedMachine => ({ orderNumber: `T220-${String(i).padStart(3, '0')}`, name: i % 3 === 0 ? '' : `Tube ${i}` });
const situation = fc.oneof(
  fc.record({ kind: fc.constantFrom('alarm' as const, 'emergencyStop' as const), alarm: fc.constantFrom('E203 Height sensor collision', 'E101 Servo drive alarm'), since: fc.option(fc.date({ min: new Date('2026-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })) }),
  fc.record({ kind: fc.constantFrom('working' as const, 'idle' as const, 'stopped' as const, 'offline' as const) }),
) as fc.Arbitrary<LiveSituation>;

describe('the lead of an alarm question', () => {
  it('names the machine in alarm now with its alarm and since when, out of all seven', () => {
    const fleet = Array.from({ length: 7 }, (_, i) => ({ machine: machine(i + 1), now: { kind: 'working' } as LiveSituation }));
    fleet[3] = { machine: machine(4), now: { kind: 'alarm', alarm: 'E203 Height sensor collision', since: new Date('2026-12-02T06:07:00Z') } };
    expect(alarmNowLead('en', fleet, ZONE)).toBe('1 of your 7 machines is in alarm right now: Tube 4 (T220-004): E203 Height sensor collision since 2026-12-02 14:07.');
    expect(alarmNowLead('zh', fleet, ZONE)).toBe('您的 7 台设备中有 1 台现在有报警：Tube 4 (T220-004)报警：E203 Height sensor collision（自 2026-12-02 14:07）。');
    fleet[3] = { machine: machine(4), now: { kind: 'offline' } };
    expect(alarmNowLead('en', fleet, ZONE)).toBe('None of your 7 machines is in alarm right now (1 is offline, so its state is unknown).');
  });

  it('property: every machine in alarm is named, the count covers every machine, and nothing else is named', () => {
    fc.assert(
      fc.property(fc.array(situation, { minLength: 1, maxLength: 12 }), fc.constantFrom('zh' as const, 'en' as const), (states, language) => {
        const fleet = states.map((now, i) => ({ machine: machine(i + 1), now }));
        const lead = alarmNowLead(language, fleet, ZONE);
        expect(lead).toContain(String(fleet.length));
        for (const f of fleet) expect(lead.includes(f.machine.orderNumber)).toBe(f.now.kind === 'alarm' || f.now.kind === 'emergencyStop');
      }),
      FC,
    );
  });

  it('counts the alarms of the span over every machine, busiest first, and says the others had none', () => {
    const tallies: AlarmTally[] = [
      { machine: machine(1), count: 3, top: { alarm: 'E101 Servo drive alarm', count: 2 } },
      { machine: machine(2), count: 12, top: { alarm: 'E203 Height sensor collision', count: 8 } },
      { machine: machine(3), count: 0, top: null },
    ];
    const period = periodWords({ kind: 'thisWeek' }, new Date('2026-11-29T16:00:00Z'), ZONE, 'en');
    expect(alarmsLead('en', tallies, period, null)).toBe(
      'Your 3 machines had 15 alarms this week (since 2026-11-30): Tube 2 (T220-002) 12, most often E203 Height sensor collision (8); Tube 1 (T220-001) 3, most often E101 Servo drive alarm (2); the other 1 had none.',
    );
    expect(alarmsLead('en', [tallies[1]!], period, 'E203')).toBe('Tube 2 (T220-002) had E203 12 times this week (since 2026-11-30).');
    expect(alarmsLead('zh', tallies, periodWords({ kind: 'thisWeek' }, new Date('2026-11-29T16:00:00Z'), ZONE, 'zh'), null)).toContain('共有 15 次报警');
  });

  it('property: the total is the sum, every machine with alarms is named with its count, and the machines counted are all of them', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 40 }), { minLength: 2, maxLength: 12 }), fc.constantFrom('zh' as const, 'en' as const), (counts, language) => {
        const tallies = counts.map((count, i): AlarmTally => ({ machine: machine(i + 1), count, top: count ? { alarm: 'E101 Servo drive alarm', count: Math.ceil(count / 2) } : null }));
        const lead = alarmsLead(language, tallies, language === 'zh' ? '最近 7 天' : 'in the last 7 days', null);
        const total = counts.reduce((a, b) => a + b, 0);
        if (total === 0) expect(lead).toMatch(language === 'zh' ? /没有/ : /no alarms/);
        else expect(lead).toContain(language === 'zh' ? `共有 ${total} 次` : `had ${total} alarm`);
        expect(lead).toContain(language === 'zh' ? `您的 ${counts.length} 台设备` : `Your ${counts.length} machines`);
        for (const t of tallies) if (total > 0) expect(lead.includes(machineLabel(t.machine))).toBe(t.count > 0);
      }),
      FC,
    );
  });
});

describe('the lead of a maintenance question', () => {
  it('names every overdue item, then the one due next, and the machines without a plan', () => {
    const fleet = [machine(1), machine(2), machine(3)];
    const plans: PlanDue[] = [
      { machine: machine(1), item: 'Clean the lens', state: 'normal', hoursLeft: 40 },
      { machine: machine(1), item: 'Lubricate the rails', state: 'warning', hoursLeft: 5 },
      { machine: machine(2), item: 'Replace the nozzle', state: 'overdue', hoursLeft: 0 },
    ];
    expect(maintenanceLead('en', fleet, plans)).toBe(
      '1 maintenance item is overdue: Replace the nozzle on Tube 2 (T220-002). The next one due is Lubricate the rails on Tube 1 (T220-001), in 5 run hours (due soon). 1 of your machines has no maintenance plan.',
    );
    expect(maintenanceLead('zh', fleet, plans)).toBe('有 1 项保养已逾期：Tube 2 (T220-002) 的“Replace the nozzle”。其余最近到期的是 Tube 1 (T220-001) 的“Lubricate the rails”，还剩 5 运行小时（即将到期）。另有 1 台设备没有保养计划。');
    expect(maintenanceLead('en', fleet, [])).toBe('None of your 3 machines has a maintenance plan yet; you can add them under Maintenance.');
  });

  it('property: every overdue item is named, the next due is the least time left among the rest', () => {
    const plan = fc.record({ m: fc.integer({ min: 1, max: 5 }), state: fc.constantFrom('normal' as const, 'warning' as const, 'overdue' as const), hoursLeft: fc.nat({ max: 500 }) });
    fc.assert(
      fc.property(fc.array(plan, { minLength: 1, maxLength: 10 }), (raw) => {
        const plans: PlanDue[] = raw.map((p, i) => ({ machine: machine(p.m), item: `Item ${i}`, state: p.state, hoursLeft: p.state === 'overdue' ? 0 : p.hoursLeft }));
        const lead = maintenanceLead('en', [1, 2, 3, 4, 5].map(machine), plans);
        for (const p of plans.filter((x) => x.state === 'overdue')) expect(lead).toContain(`${p.item} on ${machineLabel(p.machine)}`);
        const rest = plans.filter((x) => x.state !== 'overdue');
        if (rest.length) expect(lead).toContain(`in ${Math.min(...rest.map((x) => x.hoursLeft))} run hour`);
      }),
      FC,
    );
  });
});

describe('the lead of a warranty question', () => {
  const now = new Date('2026-11-21T08:00:00Z');

  it('tells when each warranty ends or ended, in the asker\'s zone, the extension included', () => {
    const ends: WarrantyEnd[] = [
      { machine: machine(1), until: new Date('2027-10-17T08:00:00Z'), extended: 'Gold' },
      { machine: machine(2), until: new Date('2026-09-12T08:00:00Z'), extended: null },
      { machine: machine(3), until: null, extended: null },
    ];
    expect(warrantyLead('en', ends, now, ZONE)).toBe('The warranty of Tube 1 (T220-001) ends on 2027-10-17 (extended, Gold); Tube 2 (T220-002)\'s ended on 2026-09-12; T220-003 has no warranty record.');
    expect(warrantyLead('zh', ends, now, ZONE)).toBe('Tube 1 (T220-001) 的质保至 2027-10-17 到期（含延保，Gold）；Tube 2 (T220-002) 的质保已于 2026-09-12 结束；T220-003 没有质保记录。');
    // 20:00 UTC is the next day in Shanghai.
    expect(warrantyLead('en', [{ machine: machine(1), until: new Date('2027-10-16T20:00:00Z'), extended: '' }], now, ZONE)).toBe('The warranty of Tube 1 (T220-001) ends on 2027-10-17 (extended).');
  });

  it('property: every machine is named once, with the day it ends or ended', () => {
    const end = fc.record({ until: fc.option(fc.date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })), extended: fc.option(fc.constantFrom('', 'Gold', 'Silver')) });
    fc.assert(
      fc.property(fc.array(end, { minLength: 1, maxLength: 12 }), fc.constantFrom('zh' as const, 'en' as const), (raw, language) => {
        const ends: WarrantyEnd[] = raw.map((e, i) => ({ machine: machine(i + 1), until: e.until, extended: e.until ? e.extended : null }));
        const lead = warrantyLead(language, ends, now, ZONE);
        for (const e of ends) {
          expect(lead.split(e.machine.orderNumber).length - 1).toBe(1);
          if (e.until) expect(lead).toContain(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(e.until));
        }
        expect((lead.match(language === 'zh' ? /延保/g : /extended/g) ?? []).length).toBe(ends.filter((e) => e.extended !== null).length);
      }),
      FC,
    );
  });
});

describe('the lead of a work-order question', () => {
  it('tells the open orders per machine by status with the latest number, and the machines with none', () => {
    const fleet = [machine(1), machine(2), machine(3)];
    const open: OpenOrder[] = [
      { machine: machine(2), eventNum: 'EV202611210002', step: 'inProgress' },
      { machine: machine(2), eventNum: 'EV202611200001', step: 'pending' },
      { machine: machine(3), eventNum: 'EV202611190003', step: 'pending' },
    ];
    expect(workOrdersLead('en', fleet, open)).toBe(
      'You have 3 open work orders on 2 of your 3 machines: Tube 1 (T220-001) has none; Tube 2 (T220-002) 1 pending, 1 in progress, latest EV202611210002; T220-003 1 pending, latest EV202611190003.',
    );
    expect(workOrdersLead('zh', fleet, open)).toBe(
      '您有 3 张未完成的工单，在 3 台设备中的 2 台上：Tube 1 (T220-001) 没有；Tube 2 (T220-002) 1 张待处理、1 张处理中，最新工单 EV202611210002；T220-003 1 张待处理，最新工单 EV202611190003。',
    );
    expect(workOrdersLead('en', fleet, [])).toBe('None of your 3 machines has an open work order: Tube 1 (T220-001), Tube 2 (T220-002), T220-003.');
  });

  it('property: the open orders are all counted, every machine is named, and each busy one with its latest order', () => {
    const order = fc.record({ m: fc.integer({ min: 1, max: 9 }), step: fc.constantFrom('pending' as const, 'inProgress' as const) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.array(order, { maxLength: 20 }), fc.constantFrom('zh' as const, 'en' as const), (count, raw, language) => {
        const fleet = Array.from({ length: count }, (_, i) => machine(i + 1));
        const open: OpenOrder[] = raw.filter((o) => o.m <= count).map((o, i) => ({ machine: machine(o.m), eventNum: `EV20261121${String(1000 + i)}`, step: o.step }));
        const lead = workOrdersLead(language, fleet, open);
        for (const m of fleet) expect(lead).toContain(m.orderNumber);
        if (open.length) expect(lead).toContain(language === 'zh' ? `您有 ${open.length} 张未完成的工单` : `You have ${open.length} open work order`);
        for (const m of fleet) {
          const latest = open.find((o) => o.machine.orderNumber === m.orderNumber);
          if (latest) expect(lead).toContain(latest.eventNum);
        }
      }),
      FC,
    );
  });
});

describe('the lead of a run-time question', () => {
  it('gives the fleet\'s run hours and tasks first, then every machine\'s', () => {
    const outputs: MachineOutput[] = [
      { machine: machine(1), runHours: 9, tasks: 12 },
      { machine: machine(2), runHours: 1.25, tasks: 1 },
    ];
    expect(outputLead('en', outputs, 'today')).toBe('Your 2 machines ran 10.3 hours and finished 13 cutting tasks today: Tube 1 (T220-001) 9 hours, 12 tasks; Tube 2 (T220-002) 1.3 hours, 1 task.');
    expect(outputLead('zh', outputs, '今天')).toBe('您的 2 台设备今天共运行 10.3 小时，完成 13 个切割任务：Tube 1 (T220-001) 9 小时、12 个任务；Tube 2 (T220-002) 1.3 小时、1 个任务。');
    expect(outputLead('en', [outputs[0]!], 'yesterday (2026-11-20)')).toBe('Tube 1 (T220-001) ran 9 hours and finished 12 cutting tasks yesterday (2026-11-20).');
  });

  it('reads the span as the asker\'s local days', () => {
    const now = new Date('2026-12-02T20:00:00Z'); // 2026-12-03 04:00 in Shanghai, a Thursday
    expect(spanDays({ kind: 'today' }, periodRange({ kind: 'today' }, now, ZONE), ZONE)).toEqual({ from: '2026-12-03', to: '2026-12-03' });
    expect(spanDays({ kind: 'yesterday' }, periodRange({ kind: 'yesterday' }, now, ZONE), ZONE)).toEqual({ from: '2026-12-02', to: '2026-12-02' });
    expect(spanDays({ kind: 'thisWeek' }, periodRange({ kind: 'thisWeek' }, now, ZONE), ZONE)).toEqual({ from: '2026-11-30', to: '2026-12-03' });
    expect(spanDays({ kind: 'lastWeek' }, periodRange({ kind: 'lastWeek' }, now, ZONE), ZONE)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(spanDays({ kind: 'lastDays', days: 7 }, periodRange({ kind: 'lastDays', days: 7 }, now, ZONE), ZONE)).toEqual({ from: '2026-11-27', to: '2026-12-03' });
  });

  it('property: the fleet\'s totals are the sums, and every machine is named with its own', () => {
    const out = fc.record({ runHours: fc.integer({ min: 0, max: 240 }).map((n) => n / 10), tasks: fc.nat({ max: 500 }) });
    fc.assert(
      fc.property(fc.array(out, { minLength: 2, maxLength: 12 }), fc.constantFrom('zh' as const, 'en' as const), (raw, language) => {
        const outputs = raw.map((o, i): MachineOutput => ({ machine: machine(i + 1), ...o }));
        const lead = outputLead(language, outputs, language === 'zh' ? '今天' : 'today');
        const hours = Math.round(raw.reduce((n, o) => n + o.runHours, 0) * 10) / 10;
        const tasks = raw.reduce((n, o) => n + o.tasks, 0);
        expect(lead).toContain(language === 'zh' ? `您的 ${raw.length} 台设备今天共运行 ${hours} 小时，完成 ${tasks} 个切割任务` : `Your ${raw.length} machines ran ${hours} hour`);
        if (language === 'en') expect(lead).toContain(`finished ${tasks} cutting task`);
        for (const o of outputs) expect(lead).toContain(language === 'zh' ? `${machineLabel(o.machine)} ${Math.round(o.runHours * 10) / 10} 小时、${o.tasks} 个任务` : `${machineLabel(o.machine)} ${Math.round(o.runHours * 10) / 10} hour`);
      }),
      FC,
    );
  });
});

describe('the lead of an alarm code question', () => {
  it("says what the code means, then each machine's history of it, busiest first", () => {
    const history = [
      { machine: machine(1), count: 1, last: new Date('2026-11-20T02:00:00Z') },
      { machine: machine(2), count: 3, last: new Date('2026-11-21T05:00:00Z') },
      { machine: machine(3), count: 0, last: null },
    ];
    expect(alarmMeaningLead('en', 'E203', 'Height sensor collision', history, 30, ZONE)).toBe(
      'E203 means: Height sensor collision. Tube 2 (T220-002) 3 times in the last 30 days, last on 2026-11-21 13:00; Tube 1 (T220-001) 1 time in the last 30 days, last on 2026-11-20 10:00.',
    );
    expect(alarmMeaningLead('en', 'E999', null, [{ machine: machine(3), count: 0, last: null }], 30, ZONE)).toBe("The portal's alarm catalogue has no E999. T220-003 has not raised it in the last 30 days.");
    expect(alarmMeaningLead('zh', 'E203', '调高器碰板报警', history.slice(2), 30, ZONE)).toBe('E203 是“调高器碰板报警”。T220-003最近 30 天没有报过 E203。');
  });

  it('property: every machine that raised the code is named with its count, and no other', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 9 }), fc.constantFrom('zh' as const, 'en' as const), (counts, language) => {
        const history = counts.map((count, i) => ({ machine: machine(i + 1), count, last: count ? new Date('2026-11-21T05:00:00Z') : null }));
        const lead = alarmMeaningLead(language, 'E101', 'Servo drive alarm', history, 30, ZONE);
        for (const h of history) if (counts.some((c) => c > 0)) expect(lead.includes(machineLabel(h.machine))).toBe(h.count > 0);
      }),
      FC,
    );
  });
});
