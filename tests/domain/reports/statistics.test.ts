import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addDays, MAX_RANGE_DAYS, rangeLength, rangeProblem, type DayRange } from '../../../src/domain/reports/day-range';
import type { MachineRef } from '../../../src/domain/reports/paged-table.machine';
import type { AlarmStatsAnswer, TaskStatsAnswer, TaskTotals } from '../../../src/domain/reports/report-rows';
import { statisticsMachine, type RangeQuery, type StatisticsEvent } from '../../../src/domain/reports/statistics.machine';
import { refused } from '../../../src/domain/shared/refused';

const TODAY = '2025-06-07';
const SHEET: MachineRef = { orderNumber: 'G-1', kind: 'sheet' };
const TUBE: MachineRef = { orderNumber: 'T-1', kind: 'tube' };
const OTHER: MachineRef = { orderNumber: 'G-2', kind: 'sheet' };

/** A number naming one (machine, range): the answers carry it, so a test can tell whose answer is shown. */
const tag = (query: RangeQuery) => {
  const text = `${query.orderNumber}|${query.range.start}|${query.range.end}`;
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash + 1;
};

const totals = (over: Partial<TaskTotals> = {}): TaskTotals => ({
  TaskCount: 0,
  CuttingLength: 0,
  ProcessingTime: 0,
  PierceCount: 0,
  RunHours: 0,
  IdleHours: 0,
  OfflineHours: 0,
  Utilisation: null,
  ...over,
});

const tasksFor = (query: RangeQuery): TaskStatsAnswer => ({
  kind: 'stats',
  days: [{ Day: query.range.start, TaskCount: tag(query), CuttingLength: 1, ProcessingTime: 60, PierceCount: 2 }],
  totals: totals({ TaskCount: tag(query), CuttingLength: 1, ProcessingTime: 60, PierceCount: 2, RunHours: 3, IdleHours: 1, Utilisation: 0.75 }),
});
const alarmsFor = (query: RangeQuery): AlarmStatsAnswer => ({
  kind: 'stats',
  days: [{ Day: query.range.end, Count: tag(query) }],
  latest: [{ ErrorDate: `${query.range.end}T08:00:00+08:00`, ErrorType: 'E1', ErrorContent: query.orderNumber }],
  count: tag(query),
});

type Loader<A> = (query: RangeQuery) => A | Error | Promise<A>;

function start(options: { tasks?: Loader<TaskStatsAnswer>; alarms?: Loader<AlarmStatsAnswer>; machine?: MachineRef | null } = {}) {
  const asked: Array<{ call: 'tasks' | 'alarms'; query: RangeQuery }> = [];
  const load = <A,>(call: 'tasks' | 'alarms', loader: Loader<A>) =>
    fromPromise<A, RangeQuery>(async ({ input }) => {
      asked.push({ call, query: input });
      const result = await loader(input);
      if (result instanceof Error) throw result;
      return result;
    });
  const actor = createActor(
    statisticsMachine.provide({ actors: { loadTasks: load('tasks', options.tasks ?? tasksFor), loadAlarms: load('alarms', options.alarms ?? alarmsFor) } }),
    { input: { machine: options.machine === undefined ? SHEET : options.machine, today: TODAY, timeZone: 'Europe/Berlin' } },
  );
  actor.start();
  return { actor, asked };
}

describe('statistics machine', () => {
  it('loads both series for the last 7 days in the browser zone', async () => {
    const { actor, asked } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    const range = { start: '2025-06-01', end: TODAY };
    expect(asked).toEqual([
      { call: 'tasks', query: { ...SHEET, range, timeZone: 'Europe/Berlin' } },
      { call: 'alarms', query: { ...SHEET, range, timeZone: 'Europe/Berlin' } },
    ]);
    const { tasks, alarms } = actor.getSnapshot().context;
    expect(tasks).toMatchObject({ range, error: null, totals: { Utilisation: 0.75 } });
    expect(alarms).toMatchObject({ range, error: null, latest: [{ ErrorType: 'E1' }] });
  });

  it('refuses a range longer than 7 days, keeps the loaded one and tells why', async () => {
    const { actor, asked } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'range.change', range: { start: '2025-05-30', end: TODAY } });
    const context = actor.getSnapshot().context;
    expect(context.rangeError).toBe('tooLong');
    expect(context.draft).toEqual({ start: '2025-05-30', end: TODAY });
    expect(context.range).toEqual({ start: '2025-06-01', end: TODAY });
    expect(asked).toHaveLength(2);

    // A good range clears the message and loads.
    actor.send({ type: 'range.change', range: { start: '2025-05-30', end: '2025-06-05' } });
    expect(actor.getSnapshot().context.rangeError).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked.at(-1)!.query.range).toEqual({ start: '2025-05-30', end: '2025-06-05' });

    actor.send({ type: 'range.reset' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.range).toEqual({ start: '2025-06-01', end: TODAY });
  });

  it('keeps one series when the other is refused, and shows an empty period as zeros', async () => {
    const { actor } = start({
      tasks: () => ({ kind: 'stats', days: [], totals: totals() }),
      alarms: () => refused('Database unavailable'),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    const { tasks, alarms } = actor.getSnapshot().context;
    expect(tasks).toMatchObject({ error: null, days: [], totals: { TaskCount: 0, Utilisation: null } });
    expect(alarms).toMatchObject({ error: 'Database unavailable', days: [] });
  });

  it('marks a series whose call failed without an answer, and ignores an aborted one', async () => {
    const failed = start({ alarms: () => new Error('network') });
    await waitFor(failed.actor, (s) => s.matches('ready'));
    expect(failed.actor.getSnapshot().context.alarms?.error).toBe('');

    const aborted = start({ tasks: () => Object.assign(new Error('aborted'), { name: 'AbortError' }) });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(aborted.actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('drops the previous machine series at once on a switch', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'machine.set', machine: TUBE });
    expect(actor.getSnapshot().context).toMatchObject({ machine: TUBE, tasks: null, alarms: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.alarms?.latest[0].ErrorContent).toBe('T-1');
  });

  it('waits without a machine; a range chosen meanwhile is used for the first load', async () => {
    const { actor, asked } = start({ machine: null });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'range.change', range: { start: '2025-06-03', end: '2025-06-04' } });
    actor.send({ type: 'stats.reload' });
    expect(asked).toEqual([]);
    actor.send({ type: 'machine.set', machine: OTHER });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked.map((a) => a.query.range)).toEqual([
      { start: '2025-06-03', end: '2025-06-04' },
      { start: '2025-06-03', end: '2025-06-04' },
    ]);
  });
});

const dayArb = fc.integer({ min: -20, max: 3 }).map((n) => addDays(TODAY, n));
const eventArb: fc.Arbitrary<StatisticsEvent | { type: 'settle' }> = fc.oneof(
  fc.constantFrom(SHEET, TUBE, OTHER).map((machine) => ({ type: 'machine.set' as const, machine })),
  fc
    .tuple(dayArb, fc.integer({ min: -3, max: 10 }), fc.boolean())
    .map(([start, span, bad]) => ({ type: 'range.change' as const, range: { start: bad ? '2025-02-30' : start, end: addDays(start, span) } })),
  fc.constant({ type: 'range.reset' as const }),
  fc.constant({ type: 'stats.reload' as const }),
  fc.constant({ type: 'settle' as const }),
  fc.constant({ type: 'settle' as const }),
);

describe('statistics properties', () => {
  it('the range loaded is never longer than 7 days nor after today, and no late answer for another machine or range lands', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(eventArb, { maxLength: 25 }), async (s, events) => {
        const queries: RangeQuery[] = [];
        const actor = createActor(
          statisticsMachine.provide({
            actors: {
              loadTasks: fromPromise(({ input }) => (queries.push(input), s.schedule(Promise.resolve(tasksFor(input))))),
              loadAlarms: fromPromise(({ input }) => s.schedule(Promise.resolve(alarmsFor(input)))),
            },
          }),
          { input: { machine: SHEET, today: TODAY, timeZone: 'Asia/Shanghai' } },
        );
        const problems: string[] = [];
        const sameAs = (range: DayRange, other: DayRange) => range.start === other.start && range.end === other.end;
        actor.subscribe((snapshot) => {
          const { machine, range, tasks, alarms } = snapshot.context;
          if (rangeProblem(range, TODAY) !== null) problems.push(`range ${range.start}..${range.end} accepted`);
          if (rangeLength(range) > MAX_RANGE_DAYS) problems.push(`range of ${rangeLength(range)} days`);
          const expected = machine && tag({ ...machine, range: tasks?.range ?? range, timeZone: '' });
          if (tasks?.totals && tasks.totals.TaskCount !== expected) problems.push(`tasks of another machine or range for ${machine?.orderNumber}`);
          if (alarms && alarms.latest.some((alarm) => alarm.ErrorContent !== machine?.orderNumber)) problems.push('alarms of another machine');
          // Once both answers are in, they are for the range shown.
          if (snapshot.matches('ready') && machine) {
            if (!tasks || !sameAs(tasks.range, range) || tasks.totals?.TaskCount !== tag({ ...machine, range, timeZone: '' })) problems.push('ready with stale tasks');
            if (!alarms || !sameAs(alarms.range, range) || alarms.count !== tag({ ...machine, range, timeZone: '' })) problems.push('ready with stale alarms');
          }
        });
        actor.start();
        for (const event of events) {
          if (event.type === 'settle') {
            if (s.count() > 0) await s.waitNext(1);
            continue;
          }
          actor.send(event);
        }
        await s.waitIdle();
        expect(problems).toEqual([]);
        expect(actor.getSnapshot().matches('ready')).toBe(true);
        for (const query of queries) expect(rangeProblem(query.range, TODAY)).toBeNull();
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
