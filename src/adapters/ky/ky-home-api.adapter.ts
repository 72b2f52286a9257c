import { inject, injectable } from 'inversify';
import type { Envelope } from '../../domain/shared/envelope';
import type { HomeApiPort, SaveContactBody } from '../../ports/home-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/tokens';

/** HomeApiPort over the portal HTTP port: the landing page's contact form. */
@injectable()
export class KyHomeApi implements HomeApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  saveContact(body: SaveContactBody, lang: 'zh' | 'en', signal?: AbortSignal): Promise<Envelope<unknown>> {
    // The form shows a refusal inline.
    return this.http.call<unknown>('api/Home/SaveContact', { ...body, lang }, signal, { quiet: true });
  }
}
