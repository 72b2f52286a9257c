import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeIn, ownerQuestionOf, periodIn, periodRange, type PeriodName } from '../../../src/domain/chat/owner-question';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

describe("the owner's questions", () => {
  it.each([
    ['Which of my machines has an active alarm right now?', { topic: 'alarmNow' }],
    ['我的哪台设备现在有报警？', { topic: 'alarmNow' }],
    ['Is any machine in alarm at the moment?', { topic: 'alarmNow' }],
    ['目前有设备正在报警吗', { topic: 'alarmNow' }],
    ['T220 alarms this week', { topic: 'alarms', period: { kind: 'thisWeek' }, code: null }],
    ['How many alarms did my machines have in the last 7 days?', { topic: 'alarms', period: { kind: 'lastDays', days: 7 }, code: null }],
    ['最近三天有多少次报警', { topic: 'alarms', period: { kind: 'lastDays', days: 3 }, code: null }],
    ['昨天的报警', { topic: 'alarms', period: { kind: 'yesterday' }, code: null }],
    ['How often did E203 happen this month?', { topic: 'alarms', period: { kind: 'thisMonth' }, code: 'E203' }],
    ['What does E203 mean on my T220?', { topic: 'alarmMeaning', code: 'E203' }],
    ['E-410 是什么意思', { topic: 'alarmMeaning', code: 'E410' }],
    ['e 101', { topic: 'alarmMeaning', code: 'E101' }],
    ['When is the next maintenance due on my machines?', { topic: 'maintenance' }],
    ['哪些保养已经逾期了？', { topic: 'maintenance' }],
    ['When does the warranty of G3015 end?', { topic: 'warranty' }],
    ['我的设备什么时候过保修期', { topic: 'warranty' }],
    ['What was the run time of my machines yesterday?', { topic: 'output', period: { kind: 'yesterday' } }],
    ['本周的产量是多少', { topic: 'output', period: { kind: 'thisWeek' } }],
    ["What's the status of my work order?", { topic: 'workOrders', eventNum: null }],
    ['我的工单处理到哪一步了', { topic: 'workOrders', eventNum: null }],
    // Issue 35 item 4: the graded set's phrasings.
    ['Is the K350 in alarm?', { topic: 'alarmNow' }],
    ['K350是不是在报警', { topic: 'alarmNow' }],
    ['今天一共报了多少次警？', { topic: 'alarms', period: { kind: 'today' }, code: null }],
    ['Is the K350 still covered?', { topic: 'warranty' }],
    ['K350过保了吗', { topic: 'warranty' }],
    ['How productive was the P6025 last week?', { topic: 'output', period: { kind: 'lastWeek' } }],
    ['P6025上周干了多少活', { topic: 'output', period: { kind: 'lastWeek' } }],
    ['今天设备运行了多长时间', { topic: 'output', period: { kind: 'today' } }],
    ['Has my repair ev202611210003 been closed?', { topic: 'workOrders', eventNum: 'EV202611210003' }],
    ['工单EV202611210002现在是什么状态', { topic: 'workOrders', eventNum: 'EV202611210002' }],
  ])('%s', (question, expected) => {
    expect(ownerQuestionOf(question)).toEqual(expected);
  });

  it.each(['How do I install LaserNest 4.2?', '怎么下载排样软件', 'Hello', '', 'What is a fibre laser?'])('leaves "%s" to the articles', (question) => {
    expect(ownerQuestionOf(question)).toBeNull();
  });

  it('names spans in both languages, and no span where none is named', () => {
    const cases: Array<[string, PeriodName | null]> = [
      ['today', { kind: 'today' }],
      ['今天', { kind: 'today' }],
      ['last week', { kind: 'lastWeek' }],
      ['上周', { kind: 'lastWeek' }],
      ['past 2 weeks', { kind: 'lastDays', days: 14 }],
      ['近十五天', { kind: 'lastDays', days: 15 }],
      ['过去30天', { kind: 'lastDays', days: 30 }],
      ['last 5000 days', { kind: 'lastDays', days: 366 }],
      ['alarms', null],
    ];
    for (const [text, period] of cases) expect(periodIn(text), text).toEqual(period);
  });

  it('property: any text is read without throwing, and a code with a meaning word is that code', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 100, max: 999 }), fc.constantFrom('what does %s mean', '%s 是什么意思', 'how to fix %s'), (noise, n, template) => {
        ownerQuestionOf(noise);
        expect(ownerQuestionOf(template.replace('%s', `E${n}`))).toEqual({ topic: 'alarmMeaning', code: `E${n}` });
        expect(codeIn(`${noise.replace(/e/gi, '')} E-${n}`)).toBe(`E${n}`);
      }),
      FC,
    );
  });
});

/** The wall-clock parts of an instant in a zone. */
const wall = (at: Date, timeZone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

describe('the span of a period in the asker\u2019s zone', () => {
  const zones = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata'];
  const instants = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true });

  it('property: a span ends by now and begins at a local midnight (a Monday for weeks, the 1st for months)', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), fc.constantFrom<PeriodName['kind']>('today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth'), (now, zone, kind) => {
        const { from, to } = periodRange({ kind } as PeriodName, now, zone);
        expect(from.getTime()).toBeLessThan(to.getTime() + 1);
        expect(to.getTime()).toBeLessThanOrEqual(now.getTime());
        const start = wall(from, zone);
        expect(`${start.hour}:${start.minute}:${start.second}`).toBe('00:00:00');
        if (kind === 'thisWeek' || kind === 'lastWeek') expect(start.weekday).toBe('Mon');
        if (kind === 'thisMonth') expect(start.day).toBe('01');
        if (kind === 'today' || kind === 'thisWeek' || kind === 'thisMonth') expect(to).toEqual(now);
        if (kind === 'yesterday') expect(to.getTime() - from.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
        if (kind === 'today') expect(now.getTime() - from.getTime()).toBeLessThan(25 * 3_600_000);
      }),
      FC,
    );
  });

  it('property: "the last n days" is n times 24 hours up to now', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), fc.integer({ min: 1, max: 366 }), (now, zone, days) => {
        const { from, to } = periodRange({ kind: 'lastDays', days }, now, zone);
        expect(to).toEqual(now);
        expect(now.getTime() - from.getTime()).toBe(days * 86_400_000);
      }),
      FC,
    );
  });

  it('a week in Shanghai starts Monday 00:00 +08:00', () => {
    // Wednesday 2 December 2026, 10:00 in Shanghai.
    const { from } = periodRange({ kind: 'thisWeek' }, new Date('2026-12-02T02:00:00Z'), 'Asia/Shanghai');
    expect(from.toISOString()).toBe('2026-11-29T16:00:00.000Z');
  });
});
