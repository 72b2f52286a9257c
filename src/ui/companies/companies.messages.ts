import en from './companies.messages.en';
import zh from './companies.messages.zh';

/** The company pages and the switcher (issue 37). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const companiesMessages = { zh, en };
