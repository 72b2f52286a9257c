import en from './software.messages.en';
import zh from './software.messages.zh';

/** The software section, the plus intro, the download pages, /dr and the CAM customer information form. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const softwareMessages = { zh, en };
