import type { Language } from '../../domain/accounts/language.machine';
import { accountsMessages } from '../accounts/accounts.messages';
import { commonMessages } from '../common/common.messages';
import { landingMessages } from '../landing/landing.messages';
import { shellMessages } from '../shell/shell.messages';
import { softwareMessages } from '../software/software.messages';
import { servicePagesMessages } from '../service-pages/service-pages.messages';

/** The messages of one area in both languages; both must have the same keys. */
export interface AreaMessages {
  zh: Record<string, string>;
  en: Record<string, string>;
}

/** Every area's messages by area name; add a line here for a new `<area>.messages.ts`. */
export const areaMessages: Record<string, AreaMessages> = {
  common: commonMessages,
  shell: shellMessages,
  accounts: accountsMessages,
  landing: landingMessages,
  software: softwareMessages,
  servicePages: servicePagesMessages,
};

function merge(language: Language): Record<string, string> {
  return Object.assign({}, ...Object.values(areaMessages).map((area) => area[language]));
}

/** All messages of the portal, by language. */
export const messages: Record<Language, Record<string, string>> = { zh: merge('zh'), en: merge('en') };
