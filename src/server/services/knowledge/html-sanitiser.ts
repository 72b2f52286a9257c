import sanitizeHtml from 'sanitize-html';

/** Image sources an article may embed inline: raster formats only (an SVG can carry script). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * A script URL however it is dressed: sanitize-html reads the scheme of `javascript:...` but not of
 * "`javascript:...`" (a backtick or quote first, which some old browsers skipped), so a link or
 * image naming a script anywhere in its URL, once quotes, backticks, whitespace and control
 * characters are gone, is not kept.
 */
const SCRIPT_URL = /(?:java|vb|live)script:|data:text/i;
const namesScript = (url: string | undefined) => !!url && SCRIPT_URL.test(url.replace(/[\s`'"\\\u0000-\u001f]/g, ''));

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is dropped with them, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (namesScript(out.href)) delete out.href;
      // Every link leaves without handing over our window (reverse tabnabbing).
      out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && (!frame.attribs.src || namesScript(frame.attribs.src) || (frame.attribs.src.startsWith('data:') && !DATA_IMAGE.test(frame.attribs.src))),
};

/**
 * Article HTML as it may be stored and shown (DECISIONS 2, ADR 0007): an allow-list of text,
 * table, link and image markup; no script, style, event handler, frame, form, SVG or MathML.
 */
export function sanitiseArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of sanitised HTML, for search and snippets: blocks become line breaks, entities decoded. */
export function textOfHtml(html: string): string {
  const withBreaks = html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/\s*(p|div|li|h[1-6]|tr|blockquote|pre|figcaption|caption)\s*>/gi, '\n').replace(/<\/\s*t[dh]\s*>/gi, ' ');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript'] });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in NAMED) return NAMED[lower]!;
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
