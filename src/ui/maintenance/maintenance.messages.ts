import en from './maintenance.messages.en';
import zh from './maintenance.messages.zh';

/** The maintenance page, its drawer and the maintenance statistics (spec 3; issue 17). Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const maintenanceMessages = { zh, en };
