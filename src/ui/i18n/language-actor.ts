import { createActor } from 'xstate';
import { languageMachine, type Language, type LanguageSources } from '../../domain/accounts/language.machine';

/** Starts the language machine; `persist` stores each language it enters. */
export function startLanguageActor(sources: LanguageSources, persist: (language: Language) => void) {
  return createActor(languageMachine.provide({ actions: { persist: (_, params) => persist(params.language) } }), { input: sources }).start();
}

export type LanguageActor = ReturnType<typeof startLanguageActor>;
