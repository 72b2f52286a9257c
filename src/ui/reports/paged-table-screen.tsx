import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { MachineRef } from '../../domain/reports/paged-table.machine';
import { FIRST_SCREEN_PART } from '../common/first-screen-markup';
import { FirstScreenPart } from '../common/first-screen-part';
import { useDeferredView } from '../common/use-deferred-view';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { selectPagedTable } from './paged-table.selectors';
import { PagedTableView } from './paged-table-view';
import { tableCard, type ReportTable } from './report-columns';
import { useReportsMachines } from './reports-machines';

export interface PagedTablePanelProps {
  machine: MachineRef;
  table: ReportTable;
  /** True while this table's CSV is being exported. */
  exporting: boolean;
  onExport: () => void;
}

/** The processing report (`table` report) or the run-time table of the chosen machine, paged, with its CSV export. */
export function PagedTablePanel({ machine, table, exporting, onExport }: PagedTablePanelProps) {
  const t = useT();
  const actor = useFreshActor(useReportsMachines()[table], { input: { machine } });
  const { orderNumber, kind } = machine;
  // The picker changed machine: the table starts again at its first page (the machine ignores the same one).
  useEffect(() => actor.send({ type: 'machine.set', machine: { orderNumber, kind } }), [actor, orderNumber, kind]);
  const model = useSelector(actor, selectPagedTable, shallowEqual);

  // A page of rows arrives: rendered as a transition (ADR 0024).
  return useDeferredView([model] as const, (shown) => (
    <>
      <PagedTableView
        model={shown}
        {...tableCard(table, shown.kind, t)}
        exporting={exporting}
        onPage={(page) => actor.send({ type: 'page.set', page })}
        onSize={(size) => actor.send({ type: 'size.set', size })}
        onRetry={() => actor.send({ type: 'table.reload' })}
        onExport={onExport}
      />
      {/* A page painted with the caller's data shows this table's first page until the app's is here (ADR 0026). */}
      <FirstScreenPart part={FIRST_SCREEN_PART[table]} settled={shown.status !== 'loading' && shown.status !== 'idle'} />
    </>
  ), [actor, table, exporting, onExport, t]);
}
