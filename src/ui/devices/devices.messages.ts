import en from './devices.messages.en';
import zh from './devices.messages.zh';

/** The fleet page, the bind dialog and the live device pages (spec 1 device section, spec 2 sections 2 and 4). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const devicesMessages = { zh, en };
