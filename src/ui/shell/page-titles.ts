import { matchPath } from 'react-router';
import type { Language } from '../../domain/accounts/language';
import { gptSegment } from '../common/brand';
import { titledPage, type PageTitle } from '../common/portal-title';
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

/** The page name of a location: the first entry of the table whose path matches (as the router matches: case-insensitive); `null` when the page sets its own. */
export function pageNameOf(pathname: string, brand: string): PageTitle {
  const hit = PAGE_TITLES.find(([path]) => matchPath({ path: path.replace('{gpt}', gptSegment(brand)), caseSensitive: false, end: true }, pathname));
  return hit ? hit[1] : { zh: '页面不存在', en: 'Page not found' };
}

/** The document title of a location: its page's name, then the portal; `null` when the page sets its own. */
export function pageTitleOf(pathname: string, language: Language, brand: string): string | null {
  const name = pageNameOf(pathname, brand);
  return name === null ? null : titledPage(name, language, brand);
}
