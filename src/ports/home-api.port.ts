import type { SaveContactBody } from '../domain/shared/contact-request.machine';
import type { Envelope } from '../domain/shared/envelope';

export type { SaveContactBody } from '../domain/shared/contact-request.machine';

/** The Home controller calls of the landing page. */
export interface HomeApiPort {
  /** `api/Home/SaveContact`: the public contact form, stored as a lead that staff can list; `lang` picks the language of the answer's info. */
  saveContact(body: SaveContactBody, lang: 'zh' | 'en', signal?: AbortSignal): Promise<Envelope<unknown>>;
}
