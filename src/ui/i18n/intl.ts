import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Language } from '../../domain/accounts/language.machine';
import { messages } from './messages';

/** Values a message may interpolate. */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** Translates a message id of the `<area>.messages.ts` files. */
export type Translate = (id: string, values?: MessageValues) => string;

export const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

const cache = createIntlCache();
const intls = new Map<Language, IntlShape<string>>();

/** One `@formatjs/intl` instance per language, made on first use. */
export function getIntl(language: Language): IntlShape<string> {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      {
        locale: LOCALES[language],
        defaultLocale: 'en',
        messages: messages[language],
        // A missing id shows the id itself; say so once in the console instead of throwing.
        onError: (error) => {
          if (typeof console !== 'undefined') console.warn(`[i18n] ${error.message}`);
        },
      },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

/** A `t(id, values)` for one language. */
export function translator(language: Language): Translate {
  const intl = getIntl(language);
  return (id, values) => intl.formatMessage({ id }, values as Record<string, string>) as string;
}
