import type { Language } from '../../domain/accounts/language.machine';

/** The messages of one area in both languages; both must have the same keys. */
export interface AreaMessages {
  zh: Record<string, string>;
  en: Record<string, string>;
}

// The messages the page has so far, by language. An area's messages arrive with its pages: the
// shared words with the entry, the landing page's with the landing chunk (both languages), every
// other area's in the page's language before a page of that area renders (load-messages.ts), so
// the first page does not carry every area's text.
const known: Record<Language, Record<string, string>> = { zh: {}, en: {} };
const added = new Set<AreaMessages>();

/** Makes areas' messages available to `t`; adding an area twice does nothing. */
export function addMessages(...areas: AreaMessages[]): void {
  for (const area of areas) {
    if (added.has(area)) continue;
    added.add(area);
    Object.assign(known.zh, area.zh);
    Object.assign(known.en, area.en);
  }
}

/** Makes one language's messages of an area available to `t` (load-messages.ts). */
export function addLanguageMessages(language: Language, texts: Readonly<Record<string, string>>): void {
  Object.assign(known[language], texts);
}

/** The message for an id in a language, or undefined when no added area has it. */
export function lookupMessage(language: Language, id: string): string | undefined {
  return known[language][id];
}
