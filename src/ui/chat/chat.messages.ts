import en from './chat.messages.en';
import zh from './chat.messages.zh';

/** The AI chat page (spec 3 sections 2, 4 and 5; issue 20). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const chatMessages = { zh, en };
