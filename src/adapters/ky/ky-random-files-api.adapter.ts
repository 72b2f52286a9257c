import { inject, injectable } from 'inversify';
import type { Envelope } from '../../domain/shared/envelope';
import type { PortalDownload, PortalDownloadPort, PortalHttpPort } from '../../ports/portal-http.port';
import type { RandomFile, RandomFilesApiPort } from '../../ports/random-files-api.port';
import { PortalDownloadToken, PortalHttpToken } from '../../ports/tokens';

// The random-file page shows the no-data marker as an empty table and a refused download as its
// own warning, so the calls do not toast. Dialogs (expiry, network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** RandomFilesApiPort over the portal HTTP ports: `RandomCenter/GetPLMRandomFile` and `RandomCenter/Download` (ADR 0007). */
@injectable()
export class KyRandomFilesApi implements RandomFilesApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalDownloadToken) private readonly files: PortalDownloadPort,
  ) {}

  getFiles(orderNumber: string, signal?: AbortSignal): Promise<Envelope<RandomFile[] | string>> {
    return this.http.call('api/RandomCenter/GetPLMRandomFile', { OrderNumber: orderNumber }, signal, QUIET);
  }

  download(id: string, signal?: AbortSignal): Promise<PortalDownload> {
    return this.files.download('api/RandomCenter/Download', { Id: id }, signal, QUIET);
  }
}
