import type { Language } from '../../domain/accounts/language.machine';
import { addLanguageMessages } from './catalog';
import type { MessageArea } from './message-loaders';

// The table of where each area's messages are (some 50 dynamic imports) loads with the first page
// that needs it, not with the entry, which the landing page fetches before its first screen.
const loaders = () => import('./message-loaders');

/** Every area loaded on demand (a page that says nothing of its needs waits for all). */
export const EVERY_AREA = 'every' as const;

// Areas a page has asked for: a switch to the other language loads those in it before the page
// shows that language (language-context.tsx).
const wanted = new Set<MessageArea>();
const loaded: Record<Language, Set<MessageArea>> = { zh: new Set(), en: new Set() };
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let current: Language = 'zh';

function loadOne(language: Language, area: MessageArea): Promise<void> {
  const key = `${language}:${area}`;
  let load = pending.get(key);
  if (!load) {
    load = loaders()
      .then(({ MESSAGE_LOADERS }): Promise<{ default: Readonly<Record<string, string>> }> => MESSAGE_LOADERS[area][language]())
      .then(
        ({ default: texts }) => {
          addLanguageMessages(language, texts);
          loaded[language].add(area);
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          pending.delete(key); // a failed chunk load may succeed on the next navigation
          throw error;
        },
      );
    pending.set(key, load);
  }
  return load;
}

/** Loads areas' messages (once each) in a language; a later language switch loads them in that one too. */
export async function loadMessages(language: Language, areas: readonly MessageArea[] | typeof EVERY_AREA): Promise<void> {
  const named = areas === EVERY_AREA ? (await loaders()).MESSAGE_AREAS : areas;
  for (const area of named) wanted.add(area);
  await Promise.all(named.map((area) => loadOne(language, area)));
}

/** Loads areas' messages in the language the page shows or is switching to; the route gate waits for this. */
export function loadPageMessages(areas: readonly MessageArea[] | typeof EVERY_AREA): Promise<void> {
  return loadMessages(current, areas);
}

/** The language the page shows or is switching to: set by main.tsx at start and by the language provider. */
export function setMessagesLanguage(language: Language): void {
  current = language;
}

/** Loads in a language every area asked for so far (a language switch). */
export function loadAskedMessages(language: Language): Promise<void> {
  return loadMessages(language, [...wanted]);
}

/** Whether every area asked for so far has its messages in a language. */
export function hasAskedMessages(language: Language): boolean {
  for (const area of wanted) if (!loaded[language].has(area)) return false;
  return true;
}

/** Calls back when an area's messages have arrived. */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
