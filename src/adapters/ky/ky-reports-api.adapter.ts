import { inject, injectable } from 'inversify';
import type { ExportAnswer, ExportQuery } from '../../domain/reports/csv-export.machine';
import type { PageQuery } from '../../domain/reports/paged-table.machine';
import type { RangeQuery } from '../../domain/reports/statistics.machine';
import type { Envelope } from '../../domain/shared/envelope';
import type { PortalDownloadPort, PortalHttpPort } from '../../ports/portal-http.port';
import type { ReportsApiPort } from '../../ports/reports-api.port';
import { PortalDownloadToken, PortalHttpToken } from '../../ports/tokens';

// The task page shows every answer itself (the no-data marker as an empty state, a refusal next
// to the table or chart it concerns), so the calls do not also toast. Dialogs (expiry, network,
// timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** ReportsApiPort over the portal HTTP port: the report, run-time, statistics and export calls of ADR 0006. */
@injectable()
export class KyReportsApi implements ReportsApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalDownloadToken) private readonly files: PortalDownloadPort,
  ) {}

  getReport(query: PageQuery, signal?: AbortSignal): Promise<Envelope<unknown>> {
    const path = query.kind === 'tube' ? 'api/Machine/GetReportTube' : 'api/Machine/GetMachineReport';
    return this.http.call(path, pageBody(query), signal, QUIET);
  }

  getRunTimes(query: PageQuery, signal?: AbortSignal): Promise<Envelope<unknown>> {
    const path = query.kind === 'tube' ? 'api/Machine/GetProcessingTimeTube' : 'api/Machine/GetProcessingTimes';
    return this.http.call(path, pageBody(query), signal, QUIET);
  }

  getTaskStats(query: RangeQuery, signal?: AbortSignal): Promise<Envelope<unknown>> {
    const body = { OrderNumber: query.orderNumber, CreateTimeS: query.range.start, CreateTimeE: query.range.end, TimeZone: query.timeZone };
    return this.http.call('api/Machine/GetMachineTasks', body, signal, QUIET);
  }

  getAlarmStats(query: RangeQuery, signal?: AbortSignal): Promise<Envelope<unknown>> {
    const path = query.kind === 'tube' ? 'api/Machine/GetErrorLogTube' : 'api/Machine/GetErrorLog';
    const body = { OrderNumber: query.orderNumber, ErrorDateS: query.range.start, ErrorDateE: query.range.end, TimeZone: query.timeZone };
    return this.http.call(path, body, signal, QUIET);
  }

  async exportCsv(query: ExportQuery, signal?: AbortSignal): Promise<ExportAnswer> {
    const body: Record<string, string> = { OrderNumber: query.orderNumber, Table: query.table };
    if (query.range) {
      // ADR 0006 names no fields for ExportCsv's optional range: send the pair each statistics
      // call uses (CreateTime for tasks, ErrorDate for alarms), so either reading finds it.
      Object.assign(body, {
        CreateTimeS: query.range.start,
        CreateTimeE: query.range.end,
        ErrorDateS: query.range.start,
        ErrorDateE: query.range.end,
      });
    }
    if (query.timeZone) body.TimeZone = query.timeZone;
    if (query.lang) body.lang = query.lang;
    const answer = await this.files.download('api/Machine/ExportCsv', body, signal, QUIET);
    return answer.kind === 'file' ? { kind: 'file', blob: answer.blob, fileName: answer.fileName } : { kind: 'refused', answer: answer.envelope };
  }
}

function pageBody(query: PageQuery) {
  return { OrderNumber: query.orderNumber, PrevPageNums: query.offset, TopNums: query.size };
}
