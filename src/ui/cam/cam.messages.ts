import en from './cam.messages.en';
import zh from './cam.messages.zh';

/** The CAM page (spec 2 sections 2, 5, 6, 8): licences, the old-user points exchange, account confirmation, software cards. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const camMessages = { zh, en };
