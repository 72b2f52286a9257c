/** Upload names (DECISIONS 2 "Uploads"): the name is shown and sent back, never used as a path. */
export const FILE_NAME_MAX_LENGTH = 180;

/**
 * Why a client's file name is refused, or null when it may be kept as the display name:
 * no path parts (`/`, `\`, `..`, a drive), no `+`, no control characters, not empty, not too long.
 */
export function fileNameProblem(name: string): string | null {
  if (!name || !name.trim()) return 'The file name is empty';
  if (name.length > FILE_NAME_MAX_LENGTH) return `The file name is longer than ${FILE_NAME_MAX_LENGTH} characters`;
  if (/[/\\]/.test(name) || /^[A-Za-z]:/.test(name) || name === '.' || name === '..') return 'The file name may not contain path parts';
  if (name.includes('+')) return 'The file name may not contain "+"';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'The file name may not contain control characters';
  if (name !== name.trim() || name.startsWith('.')) return 'The file name may not start with a dot or a space';
  return null;
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
