import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { languageMachine, type Language, type LanguageSources } from '../../domain/accounts/language.machine';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import { LOCALES, translator, type Translate } from './intl';

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
  const sources: LanguageSources = {
    query,
    stored: storage.get('lang'),
    browser: browserLanguage ?? (typeof navigator === 'undefined' ? null : navigator.language),
  };
  const actor = useActorRef(
    languageMachine.provide({
      actions: { persist: (_, params) => storage.set('lang', params.language) },
    }),
    { input: sources },
  );
  const language = useSelector(actor, (snapshot) => snapshot.context.language);

  useEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language];
  }, [language]);

  const value = useMemo<LanguageContextValue>(
    () => ({
      language,
      setLanguage: (next) => actor.send({ type: 'language.set', language: next }),
      t: translator(language),
    }),
    [actor, language],
  );
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
