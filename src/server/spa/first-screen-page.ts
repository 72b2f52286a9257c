import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrandConfig } from '../config';
import { escapeHtml } from '../html-escape';
import { BRAND_PLACEHOLDERS } from './first-screen-pages';

/** A page as sent: the HTML and its compressed forms, made once at start. */
export interface SentPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** A page made for one request (painted with the caller's data): compressed quickly rather than smallest, and only in the encoding sent. */
export function sentOnce(html: string): SentPage {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    get br() {
      return (br ??= brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    },
    get gzip() {
      return (gzip ??= gzipSync(html, { level: 6 }));
    },
  };
}

/** The page and its compressed forms: every page carries Chakra's global CSS from the build (some 50 KB, ADR 0024), some a first screen too. */
export function sentPage(html: string): SentPage {
  return {
    html,
    // Quality 9, not 11: at start 18 ms instead of some 130, for 1 KB more on the wire.
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** The app's root in the built index.html: a first screen goes right after it. */
export const ROOT = '<div id="root"></div>';

/**
 * The index page with a prerendered first screen after the app's root, the brand filled in. Null
 * when there is nothing to put in, or the brand has its own logo, which the build cannot know (the
 * page then paints when the app has run, as the other pages do).
 */
export function firstScreenPage(
  indexHtml: string,
  fragment: string | null,
  brand: Pick<BrandConfig, 'name' | 'officialSite' | 'logoUrl' | 'hotline' | 'mailbox'>,
): SentPage | null {
  if (!fragment || brand.logoUrl || !indexHtml.includes(ROOT)) return null;
  // Functions, not replacement strings: a brand's text may hold `$&` or `$'`.
  const filled = fragment
    .replaceAll(BRAND_PLACEHOLDERS.name, () => escapeHtml(brand.name))
    .replaceAll(BRAND_PLACEHOLDERS.officialSite, () => escapeHtml(brand.officialSite))
    .replaceAll(BRAND_PLACEHOLDERS.hotline, () => escapeHtml(brand.hotline))
    .replaceAll(BRAND_PLACEHOLDERS.mailbox, () => escapeHtml(brand.mailbox));
  return sentPage(indexHtml.replace(ROOT, () => `${ROOT}${filled}`));
}
