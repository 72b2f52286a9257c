import en from './service-pages.messages.en';
import zh from './service-pages.messages.zh';

/** The warranty policy, service standards and nest video pages. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const servicePagesMessages = { zh, en };
