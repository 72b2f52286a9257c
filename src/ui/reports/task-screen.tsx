import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ExportTable } from '../../domain/reports/csv-export.machine';
import type { DayRange } from '../../domain/reports/day-range';
import { NotifierToken } from '../../ports/tokens';
import { chartFileName, saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { FIRST_SCREEN_PART } from '../common/first-screen-markup';
import { FirstScreenPart } from '../common/first-screen-part';
import { useDeferredView } from '../common/use-deferred-view';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { PagedTablePanel } from './paged-table-screen';
import { useReportsMachines } from './reports-machines';
import { StatisticsPanel } from './statistics-screen';
import { selectTaskFleet, selectTaskPage } from './task.selectors';
import { TaskView } from './task-view';
import { useLatest } from '../common/use-latest';

/** The address parameter naming the machine shown, so a reload or a shared link opens the same one. */
const MACHINE_PARAM = 'machine';

/**
 * `/index/task`: the caller's machines (GetMyMachine) and, for the chosen one, the statistics of a
 * day range, the processing report and the run-time table, each exportable.
 */
export function TaskSection() {
  const machines = useReportsMachines();
  const notifier = useService(NotifierToken);
  const t = useT();
  const { language } = useLanguage();
  // The export machine keeps the actions of its first render; they read the current language here.
  const translate = useLatest(t);

  const fleetActor = useFreshActor(machines.fleet, { input: { filter: 'all' } });
  const fleetNow = useSelector(fleetActor, selectTaskFleet, shallowEqual);

  // What becomes of an export is the page's to show: the file saved, or a toast.
  const exportDefinition = useMemo(
    () =>
      machines.csvExport.provide({
        actions: {
          saveFile: (_, params) => saveFile(params.blob, params.fileName),
          notifyEmpty: () => notifier.warning(translate.current('reports.export.empty')),
          notifyRefused: (_, params) =>
            notifier.error(params.info ? translate.current('reports.export.failed', { info: params.info }) : translate.current('reports.export.failedPlain')),
        },
      }),
    [machines.csvExport, notifier],
  );
  const exportActor = useFreshActor(exportDefinition);
  const exporting = useSelector(exportActor, (snapshot) => snapshot.context.exporting);

  const [params, setParams] = useSearchParams();
  const pick = (orderNumber: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(MACHINE_PARAM, orderNumber);
        return next;
      },
      { replace: true },
    );

  // The fleet arrives: the page with its panels mounts as a transition (ADR 0024).
  return useDeferredView([fleetNow] as const, (fleet) => {
    const model = selectTaskPage(fleet, params.get(MACHINE_PARAM));
    const selected = model.selected;
    const exportTable = (table: ExportTable, range?: DayRange, timeZone?: string) => {
      if (!selected) return;
      exportActor.send({ type: 'export.csv', query: { ...selected.ref, table, lang: language, ...(range ? { range, timeZone } : {}) } });
    };
    return (
      <>
        {/* The machine chosen in a copy painted by the server (ADR 0026) before the app ran is the one shown. */}
        <FirstScreenPart
          part={FIRST_SCREEN_PART.taskMachines}
          settled={model.status !== 'loading'}
          takeOver={(form) => {
            const chosen = form.values[MACHINE_PARAM];
            if (chosen && chosen !== selected?.orderNumber) pick(chosen);
          }}
        />
        <TaskView model={model} onPick={pick} onRetry={() => fleetActor.send({ type: 'fleet.reload' })}>
          {selected && (
            <>
              {/* Spec 2's order: 1. report, 2. run time, 3. statistics. */}
              <PagedTablePanel machine={selected.ref} table="report" exporting={exporting === 'report'} onExport={() => exportTable('report')} />
              <PagedTablePanel machine={selected.ref} table="runtime" exporting={exporting === 'runtime'} onExport={() => exportTable('runtime')} />
              <StatisticsPanel
                machine={selected.ref}
                machineLabel={selected.name ? `${selected.name} (${selected.orderNumber})` : selected.orderNumber}
                exportingAlarms={exporting === 'alarms'}
                onExportAlarms={(range, timeZone) => exportTable('alarms', range, timeZone)}
                onSaveChart={(chart, range, png) => saveFile(png, chartFileName(selected.orderNumber, chart, range))}
              />
            </>
          )}
        </TaskView>
      </>
    );
  }, [params, exporting, language, fleetActor, exportActor, setParams]);
}
