// The language rules without the machine: the page resolves its first language with them before
// xstate has loaded (src/ui/i18n/language-context.tsx).

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

/**
 * The cookie the app keeps its stored language in too (the storage adapter writes both): the
 * server paints a signed-in first screen in that language only, not in both (ADR 0026).
 */
export const LANGUAGE_COOKIE = 'portal-lang';

/** The language of the `LANGUAGE_COOKIE` in a Cookie header, or null. */
export function languageFromCookie(header: string | null | undefined): Language | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === LANGUAGE_COOKIE) return parseLanguage(part.slice(at + 1));
  }
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
