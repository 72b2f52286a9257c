import en from './staff.messages.en';
import zh from './staff.messages.zh';

/** The internal service page and the staff console (issue 19). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const staffMessages = { zh, en };
