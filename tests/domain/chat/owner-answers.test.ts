import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alarmNowLead, alarmsLead, machineLabel, maintenanceLead, periodWords, type AlarmTally, type LiveSituation, type NamedMachine, type PlanDue } from '../../../src/domain/chat/owner-answers';

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
