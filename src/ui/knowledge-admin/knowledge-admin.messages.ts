import en from './knowledge-admin.messages.en';
import zh from './knowledge-admin.messages.zh';

/** The staff page of the four libraries (ADR 0007 staff authoring): tree, folders, articles, attachments. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const knowledgeAdminMessages = { zh, en };
