import { ContainerModule } from 'inversify';
import { KyReportsApi } from '../adapters/ky/ky-reports-api.adapter';
import { DevicesApiToken, ReportsApiToken } from '../ports/api-tokens';
import { ReportsMachinesToken, type ReportsMachines } from '../ui/reports/reports-machines';
import { providedReportsMachines } from './provided-machines';

/** The task page's bindings: the report, run-time, statistics and export calls (downloads: commonModule), and its machines. */
export const reportsModule = new ContainerModule((options) => {
  options.bind(ReportsApiToken).to(KyReportsApi).inSingletonScope();
  options
    .bind(ReportsMachinesToken)
    .toDynamicValue((context): ReportsMachines => providedReportsMachines(context.get(ReportsApiToken), context.get(DevicesApiToken)))
    .inSingletonScope();
});
