import type { Language } from '../../domain/accounts/language.machine';
import { commonMessages } from '../common/common.messages';
import { addMessages, lookupMessage } from './catalog';
import { formatMessage, type MessageValues } from './format-message';

export type { MessageValues };

/** Translates a message id of the `<area>.messages.ts` files. */
export type Translate = (id: string, values?: MessageValues) => string;

export const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

// Every page uses the shared words; the areas add theirs (catalog.ts).
addMessages(commonMessages);

const warned = new Set<string>();

/** A `t(id, values)` for one language; a missing id shows the id itself and says so once in the console. */
export function translator(language: Language): Translate {
  return (id, values) => {
    const template = lookupMessage(language, id);
    if (template === undefined) {
      if (!warned.has(`${language}:${id}`) && typeof console !== 'undefined') console.warn(`[i18n] no ${language} message for "${id}"`);
      warned.add(`${language}:${id}`);
      return id;
    }
    return formatMessage(template, values);
  };
}
