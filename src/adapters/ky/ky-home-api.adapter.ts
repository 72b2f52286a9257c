import { inject, injectable } from 'inversify';
import { isSuccess } from '../../contract/envelope';
import * as Home from '../../contract/home';
import type { ContactRequest } from '../../domain/shared/contact-form';
import type { SubmitAnswer } from '../../domain/shared/form-submit.machine';
import { refused } from '../../domain/shared/refused';
import type { HomeApiPort } from '../../ports/home-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/api-tokens';

/** HomeApiPort over the portal HTTP port: the landing page's contact form, its answer read into domain terms. */
@injectable()
export class KyHomeApi implements HomeApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  async saveContact(request: ContactRequest, signal?: AbortSignal): Promise<SubmitAnswer> {
    const { name, phone, email, company, message, lang } = request;
    const body = { Name: name, Phone: phone, Email: email, Company: company, Message: message, lang };
    // The form shows a refusal inline.
    const answer = await this.http.call(Home.SaveContact, body, signal, { quiet: true });
    return isSuccess(answer) ? { kind: 'accepted' } : refused(answer.info);
  }
}
