import { inject, injectable } from 'inversify';
import type { BodyOf } from '../../contract/call';
import { isEmptyAnswer, isSuccess, type Envelope } from '../../contract/envelope';
import * as Reports from '../../contract/machine-reports';
import type { ExportAnswer, ExportQuery } from '../../domain/reports/csv-export.machine';
import type { PageQuery } from '../../domain/reports/paged-table.machine';
import { amount, type AlarmStatsAnswer, type PageAnswer, type TableRow, type TaskStatsAnswer, type TaskTotals } from '../../domain/reports/report-rows';
import type { RangeQuery } from '../../domain/reports/statistics.machine';
import { refused } from '../../domain/shared/refused';
import type { PortalDownloadPort, PortalHttpPort } from '../../ports/portal-http.port';
import type { ReportsApiPort } from '../../ports/reports-api.port';
import { PortalDownloadToken, PortalHttpToken } from '../../ports/api-tokens';

// The task page shows every answer itself (no data as an empty state, a refusal next to the
// table or chart it concerns), so the calls do not also toast. Dialogs (expiry, network,
// timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** ReportsApiPort over the portal HTTP port: the report, run-time, statistics and export calls of ADR 0006, read into domain terms. */
@injectable()
export class KyReportsApi implements ReportsApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalDownloadToken) private readonly files: PortalDownloadPort,
  ) {}

  async getReport(query: PageQuery, signal?: AbortSignal): Promise<PageAnswer> {
    const call = query.kind === 'tube' ? Reports.GetReportTube : Reports.GetMachineReport;
    return readPageAnswer(await this.http.call(call, pageBody(query), signal, QUIET));
  }

  async getRunTimes(query: PageQuery, signal?: AbortSignal): Promise<PageAnswer> {
    const call = query.kind === 'tube' ? Reports.GetProcessingTimeTube : Reports.GetProcessingTimes;
    return readPageAnswer(await this.http.call(call, pageBody(query), signal, QUIET));
  }

  async getTaskStats(query: RangeQuery, signal?: AbortSignal): Promise<TaskStatsAnswer> {
    const body = { OrderNumber: query.orderNumber, CreateTimeS: query.range.start, CreateTimeE: query.range.end, TimeZone: query.timeZone };
    return readTaskStats(await this.http.call(Reports.GetMachineTasks, body, signal, QUIET));
  }

  async getAlarmStats(query: RangeQuery, signal?: AbortSignal): Promise<AlarmStatsAnswer> {
    const call = query.kind === 'tube' ? Reports.GetErrorLogTube : Reports.GetErrorLog;
    const body = { OrderNumber: query.orderNumber, ErrorDateS: query.range.start, ErrorDateE: query.range.end, TimeZone: query.timeZone };
    return readAlarmStats(await this.http.call(call, body, signal, QUIET));
  }

  async exportCsv(query: ExportQuery, signal?: AbortSignal): Promise<ExportAnswer> {
    const body: BodyOf<typeof Reports.ExportCsv> = { OrderNumber: query.orderNumber, Table: query.table };
    if (query.range) Object.assign(body, { CreateTimeS: query.range.start, CreateTimeE: query.range.end });
    if (query.timeZone) body.TimeZone = query.timeZone;
    if (query.lang) body.lang = query.lang;
    const answer = await this.files.download(Reports.ExportCsv.path, body, signal, QUIET);
    if (answer.kind === 'file') return { kind: 'file', blob: answer.blob, fileName: answer.fileName };
    return isEmptyAnswer(answer.envelope) ? { kind: 'empty' } : refused(text(answer.envelope.info));
  }
}

const pageBody = (query: PageQuery) => ({ OrderNumber: query.orderNumber, PrevPageNums: query.offset, TopNums: query.size });

const isObject = (value: unknown): value is TableRow => !!value && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A whole count of at least `least`, or null. */
const wholeCount = (value: unknown, least = 0): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= least ? value : null);

/** The day a row is about (`2025-06-01` or the day part of an ISO time), or ''. */
const dayPart = (value: unknown): string => {
  const day = text(value).slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '';
};

const rowsOf = (answer: Envelope<unknown>): TableRow[] => (Array.isArray(answer.ReturnData) ? answer.ReturnData.filter(isObject) : []);

/**
 * A paged table answer: its rows and total (a total below the rows sent is not believed), or the
 * refusal. No data is an empty page; its ReturnCount is the table's total when the page asked for
 * lies past the end of a table that shrank.
 */
function readPageAnswer(answer: Envelope<unknown>): PageAnswer {
  if (isEmptyAnswer(answer)) return { kind: 'page', rows: [], total: wholeCount(answer.ReturnCount) ?? 0 };
  if (!isSuccess(answer)) return refused(text(answer.info));
  const rows = rowsOf(answer);
  return { kind: 'page', rows, total: wholeCount(answer.ReturnCount, rows.length) ?? rows.length };
}

/** The totals of GetMachineTasks; utilisation from the hours when the server leaves it out. */
function readTaskTotals(value: unknown): TaskTotals {
  const totals = isObject(value) ? value : {};
  const run = amount(totals.RunHours);
  const idle = amount(totals.IdleHours);
  const offline = amount(totals.OfflineHours);
  const hours = run + idle + offline;
  const given = totals.Utilisation;
  // No hours at all: there is no share to show (the server then sends 0). The ADR's share is 0 to
  // 1; anything else (a percentage, say) is not trusted and the hours decide.
  const utilisation = hours === 0 ? null : typeof given === 'number' && given >= 0 && given <= 1 ? given : run / hours;
  return {
    TaskCount: amount(totals.TaskCount),
    CuttingLength: amount(totals.CuttingLength),
    ProcessingTime: amount(totals.ProcessingTime),
    PierceCount: amount(totals.PierceCount),
    RunHours: run,
    IdleHours: idle,
    OfflineHours: offline,
    Utilisation: utilisation,
  };
}

/** GetMachineTasks: one row per day and the period's totals (all zero for no data), or the refusal. */
function readTaskStats(answer: Envelope<unknown>): TaskStatsAnswer {
  if (isEmptyAnswer(answer)) return { kind: 'stats', days: [], totals: readTaskTotals(null) };
  if (!isSuccess(answer)) return refused(text(answer.info));
  const days = rowsOf(answer)
    .map((row) => ({
      Day: dayPart(row.Day),
      TaskCount: amount(row.TaskCount),
      CuttingLength: amount(row.CuttingLength),
      ProcessingTime: amount(row.ProcessingTime),
      PierceCount: amount(row.PierceCount),
    }))
    .filter((row) => row.Day !== '');
  return { kind: 'stats', days, totals: readTaskTotals(answer.ReturnType) };
}

/** GetErrorLog: alarms per day, the latest alarms (newest first as sent) and the period's count, or the refusal. */
function readAlarmStats(answer: Envelope<unknown>): AlarmStatsAnswer {
  if (isEmptyAnswer(answer)) return { kind: 'stats', days: [], latest: [], count: 0 };
  if (!isSuccess(answer)) return refused(text(answer.info));
  const days = rowsOf(answer)
    .map((row) => ({ Day: dayPart(row.Day), Count: amount(row.Count) }))
    .filter((row) => row.Day !== '');
  const latest = (Array.isArray(answer.ReturnType) ? answer.ReturnType.filter(isObject) : []).map((row) => ({
    ErrorDate: text(row.ErrorDate),
    ErrorType: text(row.ErrorType),
    ErrorContent: text(row.ErrorContent),
  }));
  return { kind: 'stats', days, latest, count: wholeCount(answer.ReturnCount) ?? days.reduce((sum, day) => sum + day.Count, 0) };
}
