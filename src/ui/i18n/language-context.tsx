import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { resolveLanguage, type Language, type LanguageSources } from '../../domain/accounts/language';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import { deferredModule } from '../common/deferred-module';
import { LOCALES, translator, type Translate } from './intl';
import type { LanguageActor } from './language-actor';
import { hasAskedMessages, loadAskedMessages, setMessagesLanguage, subscribeMessages } from './load-messages';

// The language machine (and xstate with it) loads just after the first paint; until it runs, the
// page shows the language the machine starts in (the same rule, resolveLanguage), and a switch
// asked for before then is handed to it.
const languageActorModule = deferredModule(() => import('./language-actor'));

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export interface LanguageProviderProps {
  /** Where `lang` is read and stored. */
  storage: Pick<KeyValueStoragePort, 'get' | 'set'>;
  /** The query string the page opened with; defaults to none (the stored value or the browser decides). */
  query?: string | null;
  /** Defaults to `navigator.language`. */
  browserLanguage?: string | null;
  children: ReactNode;
}

/** Resolves the page language once (query, stored `lang`, browser), stores it, and lets views switch it. */
export function LanguageProvider({ storage, query, browserLanguage, children }: LanguageProviderProps) {
  const [sources] = useState<LanguageSources>(() => ({
    query,
    stored: storage.get('lang'),
    browser: browserLanguage ?? (typeof navigator === 'undefined' ? null : navigator.language),
  }));
  const [actor, setActor] = useState<LanguageActor | null>(null);
  const actorRef = useRef<LanguageActor | null>(null);
  const asked = useRef<Language | null>(null);

  useEffect(() => {
    let live = true;
    let started: LanguageActor | null = null;
    languageActorModule.load().then(
      ({ startLanguageActor }) => {
        if (!live) return;
        started = startLanguageActor(sources, (language) => storage.set('lang', language));
        if (asked.current) started.send({ type: 'language.set', language: asked.current });
        actorRef.current = started;
        setActor(started);
      },
      () => {},
    );
    return () => {
      live = false;
      started?.stop();
      if (actorRef.current === started) actorRef.current = null;
    };
  }, [sources, storage]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const initial = useMemo(() => resolveLanguage(sources), [sources]);
  const read = () => (actor ? actor.getSnapshot().context.language : initial);
  const wanted = useSyncExternalStore(subscribe, read, read);

  // Areas' messages load in the page's language only (load-messages.ts): a switch shows once the
  // areas the pages asked for have theirs in the new language, and the old one stays until then.
  const hasAsked = useCallback(() => hasAskedMessages(wanted), [wanted]);
  const complete = useSyncExternalStore(subscribeMessages, hasAsked, hasAsked);
  const [shown, setShown] = useState(wanted);
  const language = complete ? wanted : shown;
  useEffect(() => {
    if (language !== shown) setShown(language);
  }, [language, shown]);
  useEffect(() => {
    setMessagesLanguage(wanted);
    loadAskedMessages(wanted).catch(() => {});
  }, [wanted]);

  useEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language];
  }, [language]);

  // Stable while the language stays: the machine arriving must not render every view again.
  const setLanguage = useCallback((next: Language) => {
    if (actorRef.current) actorRef.current.send({ type: 'language.set', language: next });
    else asked.current = next;
  }, []);
  const value = useMemo<LanguageContextValue>(() => ({ language, setLanguage, t: translator(language) }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

function useLanguageContext(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useT/useLanguage need a <LanguageProvider> above them');
  return value;
}

/** `t(id, values?)` in the current language. */
export function useT(): Translate {
  return useLanguageContext().t;
}

/** The current language and a way to switch it (stored, no reload). */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { language, setLanguage } = useLanguageContext();
  return { language, setLanguage };
}

/** Removes `lan` and `lang` from a query string once they have been read. */
export function withoutLanguageQuery(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.delete('lan');
  params.delete('lang');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
