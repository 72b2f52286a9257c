import { matchPath } from 'react-router';
import type { Language } from '../../domain/accounts/language';
import { gptSegment } from '../common/brand';
import { TITLE_BRAND, titledPage, type PageTitle } from '../common/portal-title';
import { AREA_PAGES } from './area-pages';
import { SHELL_TITLES } from './shell-titles';

export type { PageTitle } from '../common/portal-title';

/**
 * The browser tab's name of every route of the route table (routes.tsx), keyed by the route's
 * path as written there (inside the /app basename): the areas' pages with the titles their
 * `<area>.pages.ts` gives, then the shells' sections and the staff console's tabs (shell-titles.ts);
 * tests/ui/shell/page-titles.test.ts fails when a route has no entry. Plain texts rather than
 * message keys: the title is set before the areas' messages have loaded.
 */
export const PAGE_TITLES: ReadonlyArray<readonly [path: string, title: PageTitle]> = [
  ...AREA_PAGES.map(({ path, title }) => [`/${path}`, title] as const),
  ...SHELL_TITLES,
];

/**
 * The document title of a location: the first entry of the table whose path matches (as the
 * router matches: case-insensitive), then the portal; `null` when the page sets its own.
 */
export function pageTitleOf(pathname: string, language: Language, brand: string): string | null {
  const hit = PAGE_TITLES.find(([path]) => matchPath({ path: path.replace('{gpt}', gptSegment(brand)), caseSensitive: false, end: true }, pathname));
  const title = hit ? hit[1] : { zh: '页面不存在', en: 'Page not found' };
  return title === null ? null : titledPage(title, language, brand);
}

/** A location's titles with `{brand}` for the brand's name, for the inline script of a page painted by the build. */
export function pageTitleTemplates(pathname: string): Record<Language, string> | undefined {
  const [zh, en] = (['zh', 'en'] as const).map((language) => pageTitleOf(pathname, language, TITLE_BRAND));
  return zh && en ? { zh, en } : undefined;
}
