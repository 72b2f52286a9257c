import { createHash } from 'node:crypto';

/** Inline scripts of a page: `<script>` elements without `src` (the boot script, the first screen's language script, the brand). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources of every inline script of the page, as the page is sent. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  return [...hashes];
}

/**
 * The Content-Security-Policy of a page of the app (issue 21, item 6), made once per page at start:
 * its own inline scripts by hash, every other script from the portal only, never an inline script
 * or event handler someone slipped in; connections to the portal itself (its API, `/mqtt` and
 * `/ws/data`: `'self'` covers ws: and wss: on the same host); no framing, no plugins. Styles may be
 * inline: Chakra UI writes its styles at run time.
 */
export function pageCsp(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // The brand's logo and QR images may live elsewhere (configuration).
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    // blob: the documents a page opens in a new tab inherit this policy and read their own bytes.
    "connect-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
