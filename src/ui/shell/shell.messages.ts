import en from './shell.messages.en';
import zh from './shell.messages.zh';

/** Navigation, shells, the placeholder landing page and the names of every area. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const shellMessages = { zh, en };
