import en from './reports.messages.en';
import zh from './reports.messages.zh';

/** The task page: machine picker, processing report, run time, statistics and exports (spec 2 task page, ADR 0006). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const reportsMessages = { zh, en };
