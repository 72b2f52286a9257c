import { ContainerModule } from 'inversify';
import { KyReportsApi } from '../adapters/ky/ky-reports-api.adapter';
import { ReportsApiToken } from '../ports/tokens';

/** The task page's bindings: the report, run-time, statistics and export calls (downloads: commonModule). */
export const reportsModule = new ContainerModule((options) => {
  options.bind(ReportsApiToken).to(KyReportsApi).inSingletonScope();
});
