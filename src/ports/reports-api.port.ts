import type { ExportAnswer, ExportQuery } from '../domain/reports/csv-export.machine';
import type { PageQuery } from '../domain/reports/paged-table.machine';
import type { AlarmStatsAnswer, PageAnswer, TaskStatsAnswer } from '../domain/reports/report-rows';
import type { RangeQuery } from '../domain/reports/statistics.machine';

/**
 * The task page's Machine calls of ADR 0006: the processing report and the run-time table (paged),
 * the statistics of a day range, and the CSV export, answered in domain terms. The machine's kind
 * picks the sheet or the tube call; "no data" is an empty answer, never a refusal. A call rejects
 * only when no answer arrived (the HTTP adapter has shown the network or timeout dialog).
 */
export interface ReportsApiPort {
  /** GetMachineReport (sheet) or GetReportTube (tube): report rows with `Id`, newest first. */
  getReport(query: PageQuery, signal?: AbortSignal): Promise<PageAnswer>;
  /** GetProcessingTimes (sheet) or GetProcessingTimeTube (tube): one run-time row per day, hours. */
  getRunTimes(query: PageQuery, signal?: AbortSignal): Promise<PageAnswer>;
  /** GetMachineTasks: tasks per day and the period's totals. */
  getTaskStats(query: RangeQuery, signal?: AbortSignal): Promise<TaskStatsAnswer>;
  /** GetErrorLog (sheet) or GetErrorLogTube (tube): alarms per day and the latest 100. */
  getAlarmStats(query: RangeQuery, signal?: AbortSignal): Promise<AlarmStatsAnswer>;
  /** ExportCsv: the table as a CSV file, nothing to export, or the refusal. */
  exportCsv(query: ExportQuery, signal?: AbortSignal): Promise<ExportAnswer>;
}
