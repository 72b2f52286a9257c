import type { SnapshotFrom } from 'xstate';
import { daysOf, isDay, type DayRange, type RangeProblem } from '../../domain/reports/day-range';
import { seriesOver, type AlarmRow, type TaskTotals } from '../../domain/reports/report-rows';
import type { statisticsMachine } from '../../domain/reports/statistics.machine';

/** One chart: its days and values, or why it shows none. */
export interface ChartModel {
  state: 'loading' | 'failed' | 'empty' | 'ready';
  range: DayRange;
  days: string[];
  values: number[];
  /** The server's info of a refusal ('' when the call itself failed). */
  error: string;
}

/** What the statistics panel shows. */
export interface StatisticsViewModel {
  status: 'idle' | 'loading' | 'ready';
  busy: boolean;
  today: string;
  range: DayRange;
  draft: DayRange;
  rangeError: RangeProblem | null;
  /** The pickers' bounds: nothing after today, the end not before the start. */
  endMin: string | undefined;
  tasks: ChartModel;
  alarms: ChartModel;
  totals: TaskTotals | null;
  latest: AlarmRow[];
  alarmCount: number;
}

const chart = <R extends { Day: string }>(
  series: { range: DayRange; days: R[]; error: string | null } | null,
  pick: (row: R) => number,
  loadingRange: DayRange,
): ChartModel => {
  if (!series) return { state: 'loading', range: loadingRange, days: daysOf(loadingRange), values: [], error: '' };
  if (series.error !== null) return { state: 'failed', range: series.range, days: [], values: [], error: series.error };
  const values = seriesOver(series.range, series.days, pick);
  return { state: values.every((value) => value === 0) ? 'empty' : 'ready', range: series.range, days: daysOf(series.range), values, error: '' };
};

/** The statistics machine's snapshot as a view model. */
export function selectStatistics(snapshot: SnapshotFrom<typeof statisticsMachine>): StatisticsViewModel {
  const { machine, today, range, draft, rangeError, tasks, alarms } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    status: !machine ? 'idle' : busy ? 'loading' : 'ready',
    busy,
    today,
    range,
    draft,
    rangeError,
    endMin: isDay(draft.start) ? draft.start : undefined,
    tasks: chart(tasks, (row) => row.TaskCount, range),
    alarms: chart(alarms, (row) => row.Count, range),
    totals: tasks && tasks.error === null ? tasks.totals : null,
    latest: alarms?.latest ?? [],
    alarmCount: alarms?.count ?? 0,
  };
}
