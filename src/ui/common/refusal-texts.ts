import type { Language } from '../../domain/accounts/language';
import type { RefusalTextsPort, RefusedText } from '../../ports/refusal-texts.port';
import { lookupMessage } from '../i18n/catalog';
import { formatMessage } from '../i18n/format-message';

/** The page's language as the language provider last set it on `<html lang>`. */
export const pageLanguage = (): Language => (typeof document !== 'undefined' && document.documentElement.lang.toLowerCase().startsWith('zh') ? 'zh' : 'en');

/** RefusalTextsPort from the common messages: `refused.<id>` with the refusal's values, in the page's language. */
export class CatalogueRefusalTexts implements RefusalTextsPort {
  constructor(private readonly language: () => Language = pageLanguage) {}

  textOf({ id, values }: RefusedText): string | null {
    const template = lookupMessage(this.language(), `refused.${id}`);
    return template === undefined ? null : formatMessage(template, values);
  }
}
