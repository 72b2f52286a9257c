/** Upload names (DECISIONS 2 "Uploads"): the name is shown and sent back, never used as a path. */
export const FILE_NAME_MAX_LENGTH = 180;

/**
 * NUL and the bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE makes `exe.pdf` read `fdp.exe`;
 * also U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069): never part of a name a person chose.
 */
// eslint-disable-next-line no-control-regex
const STRIPPED = /[\u0000\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name as it is stored and shown (issue 21, item 7): without NUL and bidirectional controls. */
export function cleanFileName(name: string): string {
  return name.replace(STRIPPED, '');
}

/**
 * NUL, bidirectional and invisible formatting characters: a name that reads other than it is.
 * Customers' uploads (feedback files, documents) refuse such names outright; names kept
 * elsewhere lose them (`cleanFileName`).
 */
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const DECEPTIVE = /[\u0000\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
export const isDeceptiveName = (name: string): boolean => DECEPTIVE.test(name);

/**
 * Why a client's file name is refused, or null when its clean form (`cleanFileName`) may be kept
 * as the display name: no path parts (`/`, `\`, `..`, a drive), no `+`, no control characters,
 * not empty, not too long.
 */
export function fileNameProblem(raw: string): string | null {
  const name = cleanFileName(raw);
  if (!name || !name.trim()) return 'The file name is empty';
  if (name.length > FILE_NAME_MAX_LENGTH) return `The file name is longer than ${FILE_NAME_MAX_LENGTH} characters`;
  if (/[/\\]/.test(name) || /^[A-Za-z]:/.test(name) || name === '.' || name === '..') return 'The file name may not contain path parts';
  if (name.includes('+')) return 'The file name may not contain "+"';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'The file name may not contain control characters';
  if (name !== name.trim() || name.startsWith('.')) return 'The file name may not start with a dot or a space';
  return null;
}

/**
 * Image types a browser may show inline; told by the content, never by the name. `image/svg+xml`
 * is recorded only by the content import, for the operator's SVGs without active parts; an
 * upload's content never tells it.
 */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);

/**
 * How a stored file is served (issue 21, item 7): an image by the type its content showed, inline;
 * anything else (an uploaded SVG, HTML, unknown bytes) as a download of bytes.
 */
export function servedAs(detectedMime: string | null | undefined): { contentType: string; inline: boolean } {
  return detectedMime && INLINE_IMAGES.has(detectedMime)
    ? { contentType: detectedMime, inline: true }
    : { contentType: 'application/octet-stream', inline: false };
}

/** `Content-Disposition` for a download: an ASCII fallback and the exact name as RFC 5987 UTF-8. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A single `Range: bytes=...` header against a file of `size` bytes: the inclusive range, null
 * when the header is absent or not a single byte range (answer the whole file), or 'unsatisfiable'.
 */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
