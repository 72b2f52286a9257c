import type { ContactRequest } from '../domain/shared/contact-form';
import type { SubmitAnswer } from '../domain/shared/form-submit.machine';

/** The Home controller calls of the landing page, answered in domain terms. */
export interface HomeApiPort {
  /** The public contact form, kept as a lead that staff can list; the refusal's words are in the request's language. */
  saveContact(request: ContactRequest, signal?: AbortSignal): Promise<SubmitAnswer>;
}
