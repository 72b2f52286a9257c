import type { DOMPurify } from 'dompurify';
import { deferredModule, useDeferredModule } from '../common/deferred-module';

// DOMPurify loads only on the pages that render HTML (articles, search hits), never with the shell.
const purifyModule = deferredModule(() => import('dompurify'));

const hooked = new WeakSet<DOMPurify>();

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

/**
 * The allow-list of ADR 0007 again in the browser (DECISIONS 2): links keep only target _blank
 * and always get rel noopener noreferrer; data images only in the four raster formats.
 */
function addHooks(purify: DOMPurify): void {
  if (hooked.has(purify)) return;
  hooked.add(purify);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      if (node.hasAttribute('target') && node.getAttribute('target') !== '_blank') node.removeAttribute('target');
      if (node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (/^data:/i.test(src) && !SAFE_DATA_IMAGE.test(src)) node.removeAttribute('src');
    }
  });
}

/** An article's HTML, sanitised again before it is rendered. */
export function sanitizeArticleHtml(purify: DOMPurify, html: string): string {
  addHooks(purify);
  return purify.sanitize(html ?? '', {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'video', 'audio', 'source', 'track', 'template'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}

/** A search hit's TitleHtml or Snippet: escaped text whose only tag may be <mark>. */
export function sanitizeMarks(purify: DOMPurify, html: string): string {
  return purify.sanitize(html ?? '', { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}

/** DOMPurify once it has loaded (starting the load after the first paint), else null. */
export function usePurifier(): DOMPurify | null {
  return useDeferredModule(purifyModule)?.default ?? null;
}
