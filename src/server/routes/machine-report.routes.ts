import type { DataOf } from '../../contract/call';
import * as Reports from '../../contract/machine-reports';
import { attachmentDisposition } from '../../domain/files/file-name.policy';
import type { RuntimeRow } from '../../ports/machine-event-store.port';
import { RawAnswer, defineRoute, langOf, pageOf, type ApiRoute } from '../route-kit';
import { done, mapData, type Outcome } from '../outcome';
import type { CsvFile, ReportService } from '../services/report.service';

type ReportRowWire = DataOf<typeof Reports.GetMachineReport>[number];
type RuntimeRowWire = DataOf<typeof Reports.GetProcessingTimes>[number];

// Report rows are stored as machine-events.ts read them: the contract's fields of one kind, and Id.
const reportRowsOf = (rows: Array<Record<string, unknown>>) => rows as ReportRowWire[];

const runtimeRowOf = (r: RuntimeRow): RuntimeRowWire => ({
  Run: r.run,
  Idle: r.idle,
  Offline: r.offline,
  ...(r.estop === null ? {} : { Estop: r.estop }),
  CreateTime: r.day,
});

/** The CSV file as the download; no file (not the caller's machine) as 暂无数据, and a refusal as its envelope. */
function csvAnswer<R extends string>(outcome: Outcome<CsvFile | null, R>): RawAnswer | Outcome<never[], R> {
  if (!outcome.ok) return outcome;
  if (!outcome.data) return done([]);
  return new RawAnswer('text/csv; charset=utf-8', outcome.data.csv, {
    'content-disposition': attachmentDisposition(outcome.data.filename),
    'cache-control': 'no-store',
  });
}

/** api/Machine/* of the task section (ADR 0006): reports, run time, statistics, alarms, CSV export. */
export function machineReportRoutes(deps: { reports: ReportService }): ApiRoute[] {
  const { reports } = deps;
  const report = (call: typeof Reports.GetMachineReport) =>
    defineRoute({
      call,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) =>
        mapData(
          await reports.report(caller!.companyId, body.OrderNumber, pageOf(body), { from: body.CreateTimeS, to: body.CreateTimeE, timeZone: body.TimeZone }),
          reportRowsOf,
        ),
    });
  const runtime = (call: typeof Reports.GetProcessingTimes) =>
    defineRoute({
      call,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await reports.runtime(caller!.companyId, body.OrderNumber, pageOf(body)), (rows) => rows.map(runtimeRowOf)),
    });
  const alarms = (call: typeof Reports.GetErrorLog) =>
    defineRoute({
      call,
      access: 'customer', needs: 'read',
      handle: ({ body, caller }) => reports.alarms(caller!.companyId, body.OrderNumber, { from: body.ErrorDateS, to: body.ErrorDateE, timeZone: body.TimeZone }),
    });

  return [
    report(Reports.GetMachineReport),
    report(Reports.GetReportTube),
    runtime(Reports.GetProcessingTimes),
    runtime(Reports.GetProcessingTimeTube),
    defineRoute({
      call: Reports.GetMachineTasks,
      access: 'customer', needs: 'read',
      handle: ({ body, caller }) => reports.tasksPerDay(caller!.companyId, body.OrderNumber, { from: body.CreateTimeS, to: body.CreateTimeE, timeZone: body.TimeZone }),
    }),
    alarms(Reports.GetErrorLog),
    alarms(Reports.GetErrorLogTube),
    defineRoute({
      call: Reports.ExportCsv,
      access: 'customer', needs: 'read',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: async ({ body, caller }) =>
        csvAnswer(
          await reports.export(caller!.companyId, {
            orderNumber: body.OrderNumber,
            table: body.Table,
            range: { from: body.CreateTimeS, to: body.CreateTimeE, timeZone: body.TimeZone },
            lang: langOf(body.lang),
          }),
        ),
    }),
  ];
}
