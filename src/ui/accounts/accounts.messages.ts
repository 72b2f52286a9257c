import en from './accounts.messages.en';
import zh from './accounts.messages.zh';

/** Login, registration, password reset and CAM e-mail binding (spec 1 sections 2, 4, 5 and 8). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const accountsMessages = { zh, en };
