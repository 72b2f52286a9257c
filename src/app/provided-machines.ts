import { fromPromise } from 'xstate';
import { fleetMachine } from '../domain/devices/fleet.machine';
import { maintenanceDueMachine } from '../domain/maintenance/maintenance-load.machine';
import { csvExportMachine } from '../domain/reports/csv-export.machine';
import { pagedTableMachine } from '../domain/reports/paged-table.machine';
import { statisticsMachine } from '../domain/reports/statistics.machine';
import type { DevicesApiPort } from '../ports/devices-api.port';
import type { MaintenanceApiPort } from '../ports/maintenance-api.port';
import type { ReportsApiPort } from '../ports/reports-api.port';
import type { ReportsMachines } from '../ui/reports/reports-machines';

// Machines wired to their ports that the areas' modules bind and the server runs too, to paint the
// fleet and the task page with the caller's data (ADR 0026). Nothing here imports React or Chakra:
// the server loads it at start.

/** The fleet machine with its call; reports' task page and maintenance load the same fleet. */
export const providedFleetMachine = (api: DevicesApiPort, persistFilter: (filter: string) => void) =>
  fleetMachine.provide({
    actors: { loadFleet: fromPromise(({ signal }) => api.getMyMachines(signal)) },
    actions: { persistFilter: (_, params) => persistFilter(params.filter) },
  });

/** The due/overdue badges' machine with its call. */
export const providedDueMachine = (api: MaintenanceApiPort) =>
  maintenanceDueMachine.provide({ actors: { loadPlans: fromPromise(({ signal }) => api.plans({ machineId: null }, signal)) } });

/** The task page's machines with their calls. */
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
