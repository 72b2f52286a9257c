// @vitest-environment jsdom
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../src/ui/knowledge/safe-html';
import { DANGEROUS_HTML, XSS_PAYLOADS } from '../../support/xss-payloads';

// The second line of defence (DECISIONS 2): whatever HTML reaches the article page, even if the
// server's sanitising were bypassed, what is rendered carries no script.
describe('article HTML as the browser renders it', () => {
  it.each(XSS_PAYLOADS.map((p) => [p]))('%s renders harmless', (payload) => {
    const clean = sanitizeArticleHtml(DOMPurify, `<p>before</p>${payload}<p>after</p>`);
    expect(clean).not.toMatch(DANGEROUS_HTML);
    const host = document.createElement('div');
    host.innerHTML = clean;
    for (const element of host.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name, payload).not.toMatch(/^on/i);
    }
  });

  it('keeps what articles are made of', () => {
    const clean = sanitizeArticleHtml(DOMPurify, '<h2>Steps</h2><ol><li><strong>Open</strong></li></ol><table><tbody><tr><td>1</td></tr></tbody></table><a href="https://example.com" target="_blank">x</a><img src="/api/Knowledge/File/a/b.png" alt="b">');
    expect(clean).toContain('<h2>Steps</h2>');
    expect(clean).toContain('<td>1</td>');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('<img src="/api/Knowledge/File/a/b.png" alt="b">');
  });
});
