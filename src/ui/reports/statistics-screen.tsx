import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { localDay, type DayRange } from '../../domain/reports/day-range';
import type { MachineRef } from '../../domain/reports/paged-table.machine';
import { browserTimeZone } from '../common/intl-formats';
import { useDeferredView } from '../common/use-deferred-view';
import { useFreshActor } from '../common/use-fresh-actor';
import { useReportsMachines } from './reports-machines';
import { selectStatistics } from './statistics.selectors';
import { StatisticsView, type ChartName } from './statistics-view';

export interface StatisticsPanelProps {
  machine: MachineRef;
  machineLabel: string;
  exportingAlarms: boolean;
  onExportAlarms: (range: DayRange, timeZone: string) => void;
  onSaveChart: (chart: ChartName, range: DayRange, png: Blob) => void;
}

/** The statistics of the chosen machine over a range of at most 7 days (default the last 7). */
export function StatisticsPanel({ machine, machineLabel, exportingAlarms, onExportAlarms, onSaveChart }: StatisticsPanelProps) {
  const actor = useFreshActor(useReportsMachines().statistics, { input: { machine, today: localDay(new Date()), timeZone: browserTimeZone() } });
  const { orderNumber, kind } = machine;
  useEffect(() => actor.send({ type: 'machine.set', machine: { orderNumber, kind } }), [actor, orderNumber, kind]);
  const model = useSelector(actor, selectStatistics, shallowEqual);

  // The statistics and their charts arrive: rendered as a transition (ADR 0024).
  return useDeferredView([model] as const, (shown) => (
    <StatisticsView
      model={shown}
      machineLabel={machineLabel}
      orderNumber={orderNumber}
      exportingAlarms={exportingAlarms}
      onRange={(range) => actor.send({ type: 'range.change', range })}
      onReset={() => actor.send({ type: 'range.reset' })}
      onRetry={() => actor.send({ type: 'stats.reload' })}
      onExportAlarms={() => onExportAlarms(shown.alarms.range, actor.getSnapshot().context.timeZone)}
      onSaveChart={onSaveChart}
    />
  ), [actor, machineLabel, orderNumber, exportingAlarms, onExportAlarms, onSaveChart]);
}
