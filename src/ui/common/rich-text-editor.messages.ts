import en from './rich-text-editor.messages.en';
import zh from './rich-text-editor.messages.zh';

/** The rich-text editor's toolbar and notes (rich-text-editor.tsx), used by every form that has one. Each language is a module of its own: a page loads only its language's (ui/i18n/message-loaders.ts). */
export const richTextEditorMessages = { zh, en };
