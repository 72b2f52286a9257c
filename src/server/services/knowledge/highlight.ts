import { escapeHtml } from '../../html-escape';

const LATIN_WORD = /^[a-z0-9]+$/i;
const SUFFIX = /(ing|ed|es|s)$/;

/** A pattern for a query word: English words also match their inflections (the index stems them). */
function patternOf(word: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!LATIN_WORD.test(word)) return escaped;
  const stem = word.length > 4 ? word.replace(SUFFIX, '') : word;
  return `\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[a-z]*`;
}

/** A matcher of any of the words, longest first; null when there is none. */
export function matcherOf(words: readonly string[]): RegExp | null {
  const usable = words.filter((w) => w.trim() !== '');
  if (!usable.length) return null;
  return new RegExp(usable.map(patternOf).join('|'), 'giu');
}

/** The text escaped for HTML with every match in <mark>. */
export function markMatches(text: string, matcher: RegExp | null): string {
  if (!matcher) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(matcher)) {
    if (!m[0]) continue;
    out += escapeHtml(text.slice(last, m.index)) + `<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index! + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * About `width` characters of the text around its first match (the start when nothing matches),
 * cut at word or sentence boundaries where one is near, escaped, with the matches marked.
 */
export function snippetOf(text: string, matcher: RegExp | null, width = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const first = matcher ? flat.search(new RegExp(matcher.source, 'iu')) : -1;
  let start = Math.max(0, (first < 0 ? 0 : first) - Math.floor(width / 3));
  if (start > 0) {
    const space = flat.lastIndexOf(' ', start + 12);
    const stop = Math.max(flat.lastIndexOf('。', start + 12), flat.lastIndexOf('. ', start + 12));
    const cut = Math.max(space, stop);
    if (cut > start - 20 && cut < start + 12) start = cut + 1;
  }
  const end = Math.min(flat.length, start + width);
  const piece = flat.slice(start, end).trim();
  return `${start > 0 ? '… ' : ''}${markMatches(piece, matcher)}${end < flat.length ? ' …' : ''}`;
}
