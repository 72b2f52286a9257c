import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitiseArticleHtml } from '../../src/server/services/knowledge/html-sanitiser';
import { createTestPortal, type TestPortal } from '../support/test-portal';
import { DANGEROUS_HTML, XSS_PAYLOADS } from '../support/xss-payloads';

let portal: TestPortal;
let staff: string;
let folder: number;
beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await portal.login('staff@example.com', 'staff1234')).token;
  const [root] = (await portal.call('KnowledgeAdmin/GetTree', { Library: 'knowledge' }, staff)).body.ReturnData;
  const top = (await portal.call('KnowledgeAdmin/SaveNode', { Library: 'knowledge', ParentId: root.id, Name: '安全', NameEn: 'Safety' }, staff)).body.ReturnData.Id;
  const [tree] = (await portal.call('KnowledgeAdmin/GetTree', { Library: 'knowledge' }, staff)).body.ReturnData;
  folder = tree.children.find((c: { id: number }) => c.id === top).children.find((c: { lang: string }) => c.lang === 'en').id;
});
afterAll(() => portal.close());

describe('article HTML is sanitised when stored', () => {
  it.each(XSS_PAYLOADS.map((p) => [p]))('%s leaves nothing that runs', (payload) => {
    expect(sanitiseArticleHtml(`<p>before</p>${payload}<p>after</p>`)).not.toMatch(DANGEROUS_HTML);
  });

  it('drops a link or image whose script URL hides behind a backtick, quote or control character', () => {
    expect(sanitiseArticleHtml('<p>x<IMG SRC=`javascript:alert(1)`></p>')).toBe('<p>x</p>');
    expect(sanitiseArticleHtml('<a href="` java\tscript:alert(1)`">y</a>')).toBe('<a rel="noopener noreferrer">y</a>');
    expect(sanitiseArticleHtml('<a href="https://example.com/a?javascript=1">z</a>')).toContain('href="https://example.com/a?javascript=1"');
  });

  it('keeps the markup an article needs', () => {
    const html =
      '<h2>Steps</h2><ol start="2"><li><strong>Open</strong> the <em>door</em></li></ol><table><thead><tr><th>mm</th></tr></thead><tbody><tr><td colspan="2">1.0</td></tr></tbody></table>' +
      '<p><a href="https://example.com/x" target="_blank">link</a><img src="/api/Knowledge/File/1/a.png" alt="a"><code class="language-gcode">G01</code></p><blockquote>note</blockquote>';
    const clean = sanitiseArticleHtml(html);
    for (const kept of ['<h2>Steps</h2>', '<ol start="2">', '<strong>Open</strong>', '<em>door</em>', '<th>mm</th>', '<td colspan="2">', '<img src="/api/Knowledge/File/1/a.png" alt="a" />', '<code class="language-gcode">', '<blockquote>']) {
      expect(clean).toContain(kept);
    }
    expect(clean).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">link</a>');
  });

  it('stores and answers every payload of the corpus harmless, through the staff call and the reading call', async () => {
    const html = XSS_PAYLOADS.map((p, i) => `<p>case ${i}</p>${p}`).join('\n');
    const saved = (await portal.call('KnowledgeAdmin/SaveArticle', { NodeId: folder, Title: '<script>alert(1)</script> Title', HtmlContent: html }, staff)).body;
    expect(saved.code).toBe(200);
    const stored = await portal.services.knowledgeStore.article(saved.ReturnData.Id);
    expect(stored!.html).not.toMatch(DANGEROUS_HTML);
    // An unclosed <svg>, <math> or <noscript> takes what follows it along: lost text, never a running script.
    expect(stored!.html).toContain('<p>case 8</p>');
    const [answered] = (await portal.call('KnowledgeClassify/GetContentsAllowAnonymous', { Id: saved.ReturnData.Id })).body.ReturnData;
    expect(answered.HtmlContent).not.toMatch(DANGEROUS_HTML);
    // The title is text: it is answered as typed and escaped by whoever shows it (React does).
    expect(answered.Title).toBe('<script>alert(1)</script> Title');
    const hit = (await portal.call('KnowledgeClassify/SearchAllowAnonymous', { Keyword: 'title' })).body.ReturnData[0];
    expect(hit.TitleHtml).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>Title</mark>');
  });
});
