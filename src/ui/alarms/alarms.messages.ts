import en from './alarms.messages.en';
import zh from './alarms.messages.zh';

/** The notification settings page (issue 39). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const alarmsMessages = { zh, en };
