import { assign, setup } from 'xstate';

/** The two languages of the portal. */
export type Language = 'zh' | 'en';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

/** Where a language can come from when the page opens (DECISIONS 3). */
export interface LanguageSources {
  /** The page's query string, with or without the leading `?`. */
  query?: string | null;
  /** The stored `lang` value. */
  stored?: string | null;
  /** `navigator.language`. */
  browser?: string | null;
}

/** `zh`, `zh-CN`, `zh_cn`... give zh; `en`, `en-US`... give en; anything else gives null. */
export function parseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'zh' || v.startsWith('zh-') || v.startsWith('zh_')) return 'zh';
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  return null;
}

/** The language a query asks for (`lan` first, then `lang`), or null. */
export function languageFromQuery(query: string | null | undefined): Language | null {
  if (!query) return null;
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  return parseLanguage(params.get('lan')) ?? parseLanguage(params.get('lang'));
}

/** Query `lan`/`lang` wins, then the stored `lang`, then the browser (`zh*` gives zh, anything else en). */
export function resolveLanguage(sources: LanguageSources): Language {
  const fromQuery = languageFromQuery(sources.query);
  if (fromQuery) return fromQuery;
  const fromStore = parseLanguage(sources.stored);
  if (fromStore) return fromStore;
  return (sources.browser ?? '').trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

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
