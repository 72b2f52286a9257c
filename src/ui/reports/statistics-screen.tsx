import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { localDay, type DayRange } from '../../domain/reports/day-range';
import type { MachineRef } from '../../domain/reports/paged-table.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useReportsMachines } from './reports-machines';
import { selectStatistics } from './statistics.selectors';
import { StatisticsView, type ChartName } from './statistics-view';

/** The browser's IANA zone: the server counts the range's days in it (ADR 0006). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
  } catch {
    return 'Asia/Shanghai';
  }
}

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

  return (
    <StatisticsView
      model={model}
      machineLabel={machineLabel}
      orderNumber={orderNumber}
      exportingAlarms={exportingAlarms}
      onRange={(range) => actor.send({ type: 'range.change', range })}
      onReset={() => actor.send({ type: 'range.reset' })}
      onRetry={() => actor.send({ type: 'stats.reload' })}
      onExportAlarms={() => onExportAlarms(model.alarms.range, actor.getSnapshot().context.timeZone)}
      onSaveChart={onSaveChart}
    />
  );
}
