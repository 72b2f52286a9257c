// What the build (scripts/prerender-landing.tsx) and the server agree on about the landing page's
// prerendered first screen (docs/adr/0008-landing-first-screen.md).

/** The fragment's file in the build folder. */
export const FIRST_SCREEN_FILE = 'landing-first-screen.html';

/** Brand values only the server knows; the build writes these and the server fills them in. */
export const BRAND_PLACEHOLDERS = {
  name: '@@brand.name@@',
  officialSite: '@@brand.officialSite@@',
} as const;
