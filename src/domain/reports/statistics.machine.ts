import { assign, fromPromise, raise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import { defaultRange, rangeProblem, sameRange, type DayRange, type RangeProblem } from './day-range';
import type { MachineRef } from './paged-table.machine';
import type { AlarmDay, AlarmRow, AlarmStatsAnswer, TaskDay, TaskStatsAnswer, TaskTotals } from './report-rows';

/** What a statistics load asks for: the machine, the inclusive day range and the zone its days are counted in. */
export interface RangeQuery extends MachineRef {
  range: DayRange;
  timeZone: string;
}

/** GetMachineTasks of one range: per day and the totals, or the refusal (`error` '' when the call itself failed). */
export interface TaskSeries {
  range: DayRange;
  days: TaskDay[];
  totals: TaskTotals | null;
  error: string | null;
}

/** GetErrorLog of one range: per day, the latest alarms and their count, or the refusal. */
export interface AlarmSeries {
  range: DayRange;
  days: AlarmDay[];
  latest: AlarmRow[];
  count: number;
  error: string | null;
}

export interface StatisticsInput {
  machine?: MachineRef | null;
  /** The browser's day (`localDay(new Date())`): the default range ends on it and no range may end after it. */
  today: string;
  /** The browser's IANA zone, sent as TimeZone. */
  timeZone: string;
}

export interface StatisticsContext {
  machine: MachineRef | null;
  today: string;
  timeZone: string;
  /** The range loaded or being loaded: always at most 7 days, never in the future. */
  range: DayRange;
  /** What the picker shows; differs from `range` while it is refused. */
  draft: DayRange;
  rangeError: RangeProblem | null;
  /** Each series names the range it belongs to; null before the first answer for the current machine. */
  tasks: TaskSeries | null;
  alarms: AlarmSeries | null;
}

export type StatisticsEvent =
  | { type: 'machine.set'; machine: MachineRef }
  | { type: 'range.change'; range: DayRange }
  | { type: 'range.reset' }
  | { type: 'stats.reload' };

const sameMachine = (a: MachineRef | null, b: MachineRef) => !!a && a.orderNumber === b.orderNumber && a.kind === b.kind;

function taskSeries(range: DayRange, answer: TaskStatsAnswer): TaskSeries {
  return answer.kind === 'stats'
    ? { range, days: answer.days, totals: answer.totals, error: null }
    : { range, days: [], totals: null, error: answer.message };
}

function alarmSeries(range: DayRange, answer: AlarmStatsAnswer): AlarmSeries {
  return answer.kind === 'stats'
    ? { range, days: answer.days, latest: answer.latest, count: answer.count, error: null }
    : { range, days: [], latest: [], count: 0, error: answer.message };
}

/**
 * The statistics of one machine (spec 2 task page, section 3): a day range (default the last 7
 * days, refused when longer than 7 days or in the future) and, for it, tasks per day with the
 * period's totals (GetMachineTasks) and alarms per day with the latest alarms (GetErrorLog), loaded
 * side by side. Another machine or range stops the loads under way, so a late answer never lands.
 */
export const statisticsMachine = setup({
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as StatisticsInput,
    tags: {} as 'busy',
  },
  actors: {
    loadTasks: fromPromise<TaskStatsAnswer, RangeQuery>(async () => {
      throw new Error('loadTasks actor not provided');
    }),
    loadAlarms: fromPromise<AlarmStatsAnswer, RangeQuery>(async () => {
      throw new Error('loadAlarms actor not provided');
    }),
  },
  guards: {
    hasMachine: ({ context }) => context.machine !== null,
    isOtherMachine: ({ context, event }) => event.type === 'machine.set' && !sameMachine(context.machine, event.machine),
    isRangeRefused: ({ context, event }) => event.type === 'range.change' && rangeProblem(event.range, context.today) !== null,
    isSameRange: ({ context, event }) => event.type === 'range.change' && sameRange(event.range, context.range),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
  },
  actions: {
    assignMachine: assign(({ event }) => (event.type === 'machine.set' ? { machine: { ...event.machine }, tasks: null, alarms: null } : {})),
    refuseDraft: assign(({ context, event }) =>
      event.type === 'range.change' ? { draft: { ...event.range }, rangeError: rangeProblem(event.range, context.today) } : {},
    ),
    applyRange: assign(({ event }) =>
      event.type === 'range.change' ? { range: { ...event.range }, draft: { ...event.range }, rangeError: null } : {},
    ),
    resetRange: raise(({ context }) => ({ type: 'range.change' as const, range: defaultRange(context.today) })),
    assignTasks: assign(({ context }, params: { answer: TaskStatsAnswer }) => ({ tasks: taskSeries(context.range, params.answer) })),
    assignTasksFailure: assign(({ context }) => ({ tasks: { range: context.range, days: [], totals: null, error: '' } })),
    assignAlarms: assign(({ context }, params: { answer: AlarmStatsAnswer }) => ({ alarms: alarmSeries(context.range, params.answer) })),
    assignAlarmsFailure: assign(({ context }) => ({ alarms: { range: context.range, days: [], latest: [], count: 0, error: '' } })),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => {
    const range = defaultRange(input.today);
    return {
      machine: input.machine ? { ...input.machine } : null,
      today: input.today,
      timeZone: input.timeZone,
      range,
      draft: range,
      rangeError: null,
      tasks: null,
      alarms: null,
    };
  },
  initial: 'starting',
  on: {
    'machine.set': { guard: 'isOtherMachine', target: '.loading', reenter: true, actions: 'assignMachine' },
    'range.change': [
      { guard: 'isRangeRefused', actions: 'refuseDraft' },
      { guard: 'isSameRange', actions: 'applyRange' },
      { guard: 'hasMachine', target: '.loading', reenter: true, actions: 'applyRange' },
      { actions: 'applyRange' },
    ],
    'range.reset': { actions: 'resetRange' },
    'stats.reload': { guard: 'hasMachine', target: '.loading', reenter: true },
  },
  states: {
    starting: {
      always: [{ guard: 'hasMachine', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      type: 'parallel',
      tags: ['busy'],
      states: {
        tasks: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadTasks',
                input: ({ context }) => ({ ...context.machine!, range: context.range, timeZone: context.timeZone }),
                onDone: { target: 'done', actions: { type: 'assignTasks', params: ({ event }) => ({ answer: event.output }) } },
                // No answer: the HTTP adapter already showed the network or timeout dialog.
                onError: [{ guard: 'isAborted' }, { target: 'done', actions: 'assignTasksFailure' }],
              },
            },
            done: { type: 'final' },
          },
        },
        alarms: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadAlarms',
                input: ({ context }) => ({ ...context.machine!, range: context.range, timeZone: context.timeZone }),
                onDone: { target: 'done', actions: { type: 'assignAlarms', params: ({ event }) => ({ answer: event.output }) } },
                onError: [{ guard: 'isAborted' }, { target: 'done', actions: 'assignAlarmsFailure' }],
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: 'ready',
    },
    ready: {},
  },
});
