import en from './random-files.messages.en';
import zh from './random-files.messages.zh';

/** The random-file page: the caller's machines, the order-number search and each machine's documents (spec 3, ADR 0007). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const randomFilesMessages = { zh, en };
