// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/ui/chat/markdown';
import { XSS_CORPUS, XSS_RAW } from '../../support/xss-corpus';
import { DANGEROUS_HTML, markupOf } from '../../support/xss-payloads';

// An answer is Markdown from the portal or from a model it does not control (DECISIONS 2, 6):
// whatever it holds, what the page renders carries no script, no image and no foreign link scheme.
describe('answers as the chat page renders them', () => {
  // The whole corpus (issue 21: at least 500), as rich text and as the plain lines.
  it.each([...new Set([...XSS_CORPUS, ...XSS_RAW])].map((p) => [p]))('%s renders harmless', (payload) => {
    const clean = renderMarkdown(`before\n\n${payload}\n\n[x](javascript:alert(1)) after`);
    // Matched against the markup only: a payload kept as text (entities and all) is inert.
    expect(markupOf(clean)).not.toMatch(DANGEROUS_HTML);
    const host = document.createElement('div');
    host.innerHTML = clean;
    for (const element of host.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name, payload).not.toMatch(/^on/i);
      if (element.tagName === 'A') expect(element.getAttribute('href') ?? '', payload).toMatch(/^(https?:|mailto:|\/[^/]|$)/i);
    }
    expect(host.querySelector('img, iframe, script, style, form, svg')).toBeNull();
  });

  it('keeps what answers are made of; article links open in a new tab', () => {
    const clean = renderMarkdown('**[1] E203**\n\n> passage\n\n### Your machines\n\n- **T220**: fact\n\n1. [E203 alarm](/app/selfArticle/3/4)\n\n![pixel](https://evil.example/p.gif)');
    expect(clean).toContain('<strong>[1] E203</strong>');
    expect(clean).toContain('<blockquote>');
    expect(clean).toContain('<h3>Your machines</h3>');
    expect(clean).toContain('<a href="/app/selfArticle/3/4" target="_blank" rel="noopener noreferrer">E203 alarm</a>');
    expect(clean).not.toContain('evil.example');
    expect(renderMarkdown('[x](//evil.example/a)')).not.toContain('evil.example');
  });
});
