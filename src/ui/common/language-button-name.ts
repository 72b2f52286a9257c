import type { Language } from '../../domain/accounts/language';

/** What the language button shows: the page's language, as its own speakers write it. */
export const languageShown = (language: Language): string => (language === 'zh' ? '中文' : 'EN');

/**
 * The language button's accessible name: what it shows first (WCAG 2.5.3, label in name), then
 * what it is for. The landing page's stand-in (landing-nav-buttons.tsx) and the menu's trigger
 * (language-switch.tsx) are one button to a person, so they share it.
 */
export const languageButtonName = (language: Language, languageWord: string): string => `${languageShown(language)} · ${languageWord}`;
