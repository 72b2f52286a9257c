import type { Language } from '../../domain/accounts/language';

/** A page's name in both languages; `null` for pages that set their own title (the articles). */
export type PageTitle = Readonly<Record<Language, string>> | null;

/** What stands for the brand's name in a painted first screen's title; its inline script puts the name of `window.__BRAND__` in. */
export const TITLE_BRAND = '{brand}';

/** The portal's name after the page's: "任务与报表 · Laser 服务平台" (the brand from BRAND_NAME). */
const PORTAL: Record<Language, (brand: string) => string> = {
  zh: (brand) => `${brand} 服务平台`,
  en: (brand) => `${brand} Service Portal`,
};

/** The document title of a page of that name. */
export const titledPage = (title: Readonly<Record<Language, string>>, language: Language, brand: string): string => `${title[language]} · ${PORTAL[language](brand)}`;

/** The document titles of a page in both languages with TITLE_BRAND for the brand, for a painted first screen's script. */
export function titleTemplates(title: PageTitle): Record<Language, string> | undefined {
  return title ? { zh: titledPage(title, 'zh', TITLE_BRAND), en: titledPage(title, 'en', TITLE_BRAND) } : undefined;
}
