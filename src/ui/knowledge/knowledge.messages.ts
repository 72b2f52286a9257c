import en from './knowledge.messages.en';
import zh from './knowledge.messages.zh';

/** The knowledge section, folder and article pages, full-text search, the using-knowledge hub, download centre, guide and self-service. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const knowledgeMessages = { zh, en };
