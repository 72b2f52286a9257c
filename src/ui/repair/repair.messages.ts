import en from './repair.messages.en';
import zh from './repair.messages.zh';

/** The repair pages (spec 3): the hub, one-click repair, the stock page and the fault summary. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const repairMessages = { zh, en };
