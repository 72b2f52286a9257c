import en from './user-centre.messages.en';
import zh from './user-centre.messages.zh';

/** The user centre (spec 2) and the feedback forms (spec 3). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const userCentreMessages = { zh, en };
