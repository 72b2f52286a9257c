import { normalPath } from '../../domain/accounts/route-guard';

// What the build (scripts/prerender-first-screens.tsx) and the server agree on about the pages whose
// first screen is HTML from the build (docs/adr/0008-landing-first-screen.md, 0023).

/** The pages with a first screen from the build, and the addresses (inside the app) that show each. */
export const FIRST_SCREEN_PAGES = [
  { key: 'landing', paths: ['/'] },
  { key: 'login', paths: ['/login'] },
  // `/visitor` opens the software tab (ui/shell/visitor-shell.tsx).
  { key: 'visitor-software', paths: ['/visitor', '/visitor/software'] },
] as const;

export type FirstScreenKey = (typeof FIRST_SCREEN_PAGES)[number]['key'];

/** A page's fragment in the build folder. */
export const firstScreenFile = (key: FirstScreenKey) => `first-screen-${key}.html`;

/** Any fragment's file name, which the server never serves by itself. */
export const FIRST_SCREEN_FILE_PATTERN = /(^|\/)first-screen-[a-z-]+\.html$/;

/** The page whose first screen the address (under /app, without the query) shows, if any. */
export function firstScreenOf(url: string): FirstScreenKey | null {
  const match = /^\/app(\/.*)?$/.exec(url);
  if (!match) return null;
  const inside = normalPath(match[1] ?? '/');
  return FIRST_SCREEN_PAGES.find((page) => (page.paths as readonly string[]).includes(inside))?.key ?? null;
}

/** Brand values only the server knows; the build writes these and the server fills them in. */
export const BRAND_PLACEHOLDERS = {
  name: '@@brand.name@@',
  officialSite: '@@brand.officialSite@@',
  hotline: '@@brand.hotline@@',
  mailbox: '@@brand.mailbox@@',
} as const;
