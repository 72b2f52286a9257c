import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// The chat page is a chunk of its own: marked and DOMPurify load with it, not with the shell.
const marked = new Marked({ gfm: true, breaks: true, async: false });
const purify = DOMPurify(window);

// Every link of an answer opens in a new tab, without access back to the portal's page.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * An answer's Markdown as safe HTML (DECISIONS 2): whatever a model writes, raw HTML included,
 * goes through DOMPurify; no images (no tracking pixels), no forms or frames, http(s), mailto and
 * the portal's own paths as link targets only.
 */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text ?? '') as string;
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['img', 'style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'video', 'audio', 'source', 'track', 'template', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|\/(?!\/))/i,
  });
}
