import { assign, setup } from 'xstate';
import { resolveLanguage, type Language, type LanguageSources } from './language';

export { LANGUAGES, languageFromQuery, parseLanguage, resolveLanguage, type Language, type LanguageSources } from './language';

export type LanguageEvent = { type: 'language.set'; language: Language };

/** The page language: resolved once from query, store and browser, then switched by the user; every change is stored. */
export const languageMachine = setup({
  types: {
    context: {} as { language: Language },
    events: {} as LanguageEvent,
    input: {} as LanguageSources,
  },
  actions: {
    // The composition root stores the value under `lang`; no reload is needed.
    persist: (_, _params: { language: Language }) => {},
    assignLanguage: assign({
      language: ({ context, event }) => (event.type === 'language.set' ? event.language : context.language),
    }),
  },
  guards: {
    isZh: ({ context }) => context.language === 'zh',
    asksZh: ({ event }) => event.language === 'zh',
    asksEn: ({ event }) => event.language === 'en',
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: resolveLanguage(input) }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'isZh', target: 'zh' }, { target: 'en' }],
    },
    zh: {
      entry: { type: 'persist', params: { language: 'zh' } },
      on: { 'language.set': { guard: 'asksEn', target: 'en', actions: 'assignLanguage' } },
    },
    en: {
      entry: { type: 'persist', params: { language: 'en' } },
      on: { 'language.set': { guard: 'asksZh', target: 'zh', actions: 'assignLanguage' } },
    },
  },
});
