import { deferredModule } from '../common/deferred-module';

// DOMPurify loads with the question drawer only.
export const purifyModule = deferredModule(() => import('dompurify'));

/** A question's steps, sanitised again before they are rendered (DECISIONS 2): no script, style, frame, form or handler. */
export function sanitizeStepsHtml(purify: { sanitize(html: string, config: object): string }, html: string): string {
  return purify.sanitize(html ?? '', {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'video', 'audio', 'source', 'track', 'template', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|data:image\/(?:png|jpeg|gif|webp);|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}
