import en from './documents.messages.en';
import zh from './documents.messages.zh';

/** The file screen (/index/file, spec 3 "File screen"): documents, the upload drawer and the report drawers. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const documentsMessages = { zh, en };
