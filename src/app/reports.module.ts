import { ContainerModule } from 'inversify';
import { KyPortalHttpAdapter } from '../adapters/ky/ky-portal-http.adapter';
import { KyReportsApi } from '../adapters/ky/ky-reports-api.adapter';
import { PortalDownloadToken, ReportsApiToken } from '../ports/tokens';

/** The task page's bindings: the report, run-time, statistics and export calls, and file downloads. */
export const reportsModule = new ContainerModule((options) => {
  options.bind(ReportsApiToken).to(KyReportsApi).inSingletonScope();
  // The CSV export is this area's only download; the adapter is the HTTP port's own class (same
  // token header and dialogs). Move this line to commonModule when a second area downloads files.
  options.bind(PortalDownloadToken).to(KyPortalHttpAdapter).inSingletonScope();
});
