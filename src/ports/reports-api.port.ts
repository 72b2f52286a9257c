import type { ExportAnswer, ExportQuery } from '../domain/reports/csv-export.machine';
import type { PageQuery } from '../domain/reports/paged-table.machine';
import type { RangeQuery } from '../domain/reports/statistics.machine';
import type { Envelope } from '../domain/shared/envelope';

/**
 * The task page's Machine calls of ADR 0006: the processing report and the run-time table (paged),
 * the statistics of a day range, and the CSV export. The machine's kind picks the sheet or the
 * tube call. Every call resolves with the envelope whatever its code (the no-data answer is
 * `ReturnData` = `暂无数据`); it rejects only when no answer arrived.
 */
export interface ReportsApiPort {
  /** GetMachineReport (sheet) or GetReportTube (tube): report rows with `Id`, newest first. */
  getReport(query: PageQuery, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** GetProcessingTimes (sheet) or GetProcessingTimeTube (tube): one run-time row per day, hours. */
  getRunTimes(query: PageQuery, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** GetMachineTasks: tasks per day, the period's totals in ReturnType. */
  getTaskStats(query: RangeQuery, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** GetErrorLog (sheet) or GetErrorLogTube (tube): alarms per day, the latest 100 in ReturnType. */
  getAlarmStats(query: RangeQuery, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** ExportCsv: the table as a CSV file, or the envelope of a refusal. */
  exportCsv(query: ExportQuery, signal?: AbortSignal): Promise<ExportAnswer>;
}
