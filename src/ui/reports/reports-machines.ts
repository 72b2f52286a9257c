import type { ServiceIdentifier } from 'inversify';
import type { fleetMachine } from '../../domain/devices/fleet.machine';
import type { csvExportMachine } from '../../domain/reports/csv-export.machine';
import type { pagedTableMachine } from '../../domain/reports/paged-table.machine';
import type { statisticsMachine } from '../../domain/reports/statistics.machine';
import { useService } from '../common/services-context';
import type { ReportTable } from './report-columns';

/** The task page's machines, ready to run: app/reports.module.ts provides their calls. */
export interface ReportsMachines extends Record<ReportTable, typeof pagedTableMachine> {
  /** The caller's machines, for the picker. */
  fleet: typeof fleetMachine;
  statistics: typeof statisticsMachine;
  /** CSV downloads; the screen provides what to do with the file and how to tell the outcome. */
  csvExport: typeof csvExportMachine;
}

export const ReportsMachinesToken: ServiceIdentifier<ReportsMachines> = Symbol.for('ReportsMachines');

/** The task page's ready machines. */
export const useReportsMachines = (): ReportsMachines => useService(ReportsMachinesToken);
