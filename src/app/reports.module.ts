import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyReportsApi } from '../adapters/ky/ky-reports-api.adapter';
import { csvExportMachine } from '../domain/reports/csv-export.machine';
import { pagedTableMachine } from '../domain/reports/paged-table.machine';
import { statisticsMachine } from '../domain/reports/statistics.machine';
import type { DevicesApiPort } from '../ports/devices-api.port';
import type { ReportsApiPort } from '../ports/reports-api.port';
import { DevicesApiToken, ReportsApiToken } from '../ports/tokens';
import { ReportsMachinesToken, type ReportsMachines } from '../ui/reports/reports-machines';
import { providedFleetMachine } from './devices.module';

/** The task page's machines with their calls (the server paints the page's copy with the same, ADR 0026). */
export function providedReportsMachines(api: ReportsApiPort, devices: DevicesApiPort): ReportsMachines {
  return {
    // The picker shows every machine and keeps no filter.
    fleet: providedFleetMachine(devices, () => {}),
    report: pagedTableMachine.provide({ actors: { loadPage: fromPromise(({ input, signal }) => api.getReport(input, signal)) } }),
    runtime: pagedTableMachine.provide({ actors: { loadPage: fromPromise(({ input, signal }) => api.getRunTimes(input, signal)) } }),
    statistics: statisticsMachine.provide({
      actors: {
        loadTasks: fromPromise(({ input, signal }) => api.getTaskStats(input, signal)),
        loadAlarms: fromPromise(({ input, signal }) => api.getAlarmStats(input, signal)),
      },
    }),
    csvExport: csvExportMachine.provide({ actors: { exportCsv: fromPromise(({ input, signal }) => api.exportCsv(input, signal)) } }),
  };
}

/** The task page's bindings: the report, run-time, statistics and export calls (downloads: commonModule), and its machines. */
export const reportsModule = new ContainerModule((options) => {
  options.bind(ReportsApiToken).to(KyReportsApi).inSingletonScope();
  options
    .bind(ReportsMachinesToken)
    .toDynamicValue((context): ReportsMachines => providedReportsMachines(context.get(ReportsApiToken), context.get(DevicesApiToken)))
    .inSingletonScope();
});
