import { attachmentDisposition } from '../../domain/files/file-name.policy';
import { PAGING, RawAnswer, defineRoute, pageOf, type ApiRoute } from '../route-kit';
import type { ExportTable, ReportService } from '../services/report.service';
import { langOf } from './cam.routes';

const ORDER_NUMBER = { type: 'string', maxLength: 100 };
const DAY_OR_TIME = { type: 'string', maxLength: 40, description: 'YYYY-MM-DD or an ISO 8601 time' };
const TIME_ZONE = { type: 'string', maxLength: 64, description: 'IANA time zone the days are counted in (default Asia/Shanghai)' };

type Paged = { OrderNumber: string; PrevPageNums?: number; TopNums?: number };
type Ranged = { OrderNumber: string; TimeZone?: string };

/** api/Machine/* of the task section (ADR 0006): reports, run time, statistics, alarms, CSV export. */
export function machineReportRoutes(deps: { reports: ReportService }): ApiRoute[] {
  const { reports } = deps;
  const pagedBody = (extra: Record<string, unknown> = {}) => ({
    type: 'object',
    required: ['OrderNumber'],
    properties: { OrderNumber: ORDER_NUMBER, ...PAGING.properties, ...extra },
  });
  const report = (action: string, summary: string) =>
    defineRoute<Paged & { CreateTimeS?: string; CreateTimeE?: string; TimeZone?: string }>({
      controller: 'Machine',
      action,
      access: 'customer',
      summary,
      body: pagedBody({ CreateTimeS: DAY_OR_TIME, CreateTimeE: DAY_OR_TIME, TimeZone: TIME_ZONE }),
      handle: ({ body, caller }) =>
        reports.report(caller!.userId, body.OrderNumber, pageOf(body), { from: body.CreateTimeS, to: body.CreateTimeE, timeZone: body.TimeZone }),
    });
  const runtime = (action: string, summary: string) =>
    defineRoute<Paged>({
      controller: 'Machine',
      action,
      access: 'customer',
      summary,
      body: pagedBody(),
      handle: ({ body, caller }) => reports.runtime(caller!.userId, body.OrderNumber, pageOf(body)),
    });
  const alarms = (action: string, summary: string) =>
    defineRoute<Ranged & { ErrorDateS?: string; ErrorDateE?: string }>({
      controller: 'Machine',
      action,
      access: 'customer',
      summary,
      body: { type: 'object', required: ['OrderNumber'], properties: { OrderNumber: ORDER_NUMBER, ErrorDateS: DAY_OR_TIME, ErrorDateE: DAY_OR_TIME, TimeZone: TIME_ZONE } },
      handle: ({ body, caller }) => reports.alarms(caller!.userId, body.OrderNumber, { from: body.ErrorDateS, to: body.ErrorDateE, timeZone: body.TimeZone }),
    });

  return [
    report('GetMachineReport', "Processing report rows of the caller's machine, newest first, paged (sheet rows; tube rows for a tube machine)"),
    report('GetReportTube', "Processing report rows of the caller's tube machine, newest first, paged"),
    runtime('GetProcessingTimes', 'Run-time rows (hours per day), newest first, paged'),
    runtime('GetProcessingTimeTube', 'Run-time rows of a tube machine (with Estop), newest first, paged'),
    defineRoute<Ranged & { CreateTimeS?: string; CreateTimeE?: string }>({
      controller: 'Machine',
      action: 'GetMachineTasks',
      access: 'customer',
      summary: 'Tasks per day of a range of at most 7 days (zeros included); ReturnType holds the totals and utilisation',
      body: { type: 'object', required: ['OrderNumber'], properties: { OrderNumber: ORDER_NUMBER, CreateTimeS: DAY_OR_TIME, CreateTimeE: DAY_OR_TIME, TimeZone: TIME_ZONE } },
      handle: ({ body, caller }) => reports.tasksPerDay(caller!.userId, body.OrderNumber, { from: body.CreateTimeS, to: body.CreateTimeE, timeZone: body.TimeZone }),
    }),
    alarms('GetErrorLog', 'Alarms per day of a range of at most 7 days; ReturnType holds the latest 100 alarms'),
    alarms('GetErrorLogTube', 'Alarms per day of a tube machine; ReturnType holds the latest 100 alarms'),
    defineRoute<{ OrderNumber: string; Table: ExportTable; CreateTimeS?: string; CreateTimeE?: string; TimeZone?: string; lang?: string }>({
      controller: 'Machine',
      action: 'ExportCsv',
      access: 'customer',
      summary: 'Downloads a table of the task section as CSV (UTF-8 with BOM): report, runtime or alarms',
      body: {
        type: 'object',
        required: ['OrderNumber', 'Table'],
        properties: {
          OrderNumber: ORDER_NUMBER,
          Table: { type: 'string', enum: ['report', 'runtime', 'alarms'] },
          CreateTimeS: DAY_OR_TIME,
          CreateTimeE: DAY_OR_TIME,
          TimeZone: TIME_ZONE,
          lang: { type: 'string', maxLength: 10 },
        },
      },
      rateLimit: { max: 30, timeWindow: 60_000 },
      async handle({ body, caller }) {
        const answer = await reports.export(caller!.userId, {
          orderNumber: body.OrderNumber,
          table: body.Table,
          range: { from: body.CreateTimeS, to: body.CreateTimeE, timeZone: body.TimeZone },
          lang: langOf(body.lang),
        });
        if (!('csv' in answer)) return answer;
        return new RawAnswer('text/csv; charset=utf-8', answer.csv, { 'content-disposition': attachmentDisposition(answer.filename), 'cache-control': 'no-store' });
      },
    }),
  ];
}
