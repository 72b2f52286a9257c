// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refused } from '../../../src/domain/shared/refused';
import { GuideArticlePage, KnowledgeArticlePage, SelfArticlePage, SoftwareDownArticlePage } from '../../../src/ui/knowledge/article-screen';
import { fakeKnowledgeApi, renderKnowledge } from './knowledge-harness';

const routes = [
  { path: '/article/:id/:parentId', Component: KnowledgeArticlePage },
  { path: '/guideArticle/:id/:parentId', Component: GuideArticlePage },
  { path: '/selfArticle/:id/:parentId', Component: SelfArticlePage },
  { path: '/softwareDown/:id/:parentId/:isVisitor', Component: SoftwareDownArticlePage },
];

describe('article pages', () => {
  it('show title, time and the view count the recorded view answered; set the document title', async () => {
    const { api } = renderKnowledge('/article/7/10', routes, { lang: 'zh' });
    expect((await screen.findByTestId('article-title')).textContent).toBe('喷嘴的检查与更换');
    expect(api.getArticle).toHaveBeenCalledWith('knowledge', 7, expect.anything());
    expect(api.recordView).toHaveBeenCalledTimes(1);
    expect(api.recordView).toHaveBeenCalledWith(7, expect.anything());
    await waitFor(() => expect(screen.getByTestId('article-views').textContent).toBe('阅读 5'));
    expect(screen.getByTestId('article-created').textContent).toContain('2026');
    expect(document.title).toBe('喷嘴的检查与更换');
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/folder/10');
  });

  it('render the body sanitised again: no scripts, handlers or javascript links; target only _blank with rel', async () => {
    renderKnowledge('/article/7/10', routes, { lang: 'en' });
    const body = await screen.findByTestId('article-body');
    expect(body.querySelector('h2')?.textContent).toBe('步骤');
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onclick|onerror|javascript:/);
    const links = [...body.querySelectorAll('a')];
    expect(links[0]!.getAttribute('target')).toBeNull();
    expect(links[2]!.getAttribute('target')).toBe('_blank');
    expect(links[2]!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('list attachments with download links to their Url', async () => {
    renderKnowledge('/softwareDown/7/101/true', routes, { lang: 'en' });
    const link = await screen.findByTestId('article-attachment');
    expect(link.getAttribute('href')).toBe('/api/Knowledge/File/f1/nozzle-guide.pdf');
    expect(link.getAttribute('download')).toBe('nozzle-guide.pdf');
    expect(screen.getByTestId('article-attachments').textContent).toContain('2.3 MB');
  });

  it('go back by library: download by the visitor flag, guide to /guide, faults to /self', async () => {
    for (const [path, library, back] of [
      ['/softwareDown/7/101/true', 'download', '/visitor/download'],
      ['/softwareDown/7/101/false', 'download', '/download2'],
      ['/guideArticle/7/101', 'guide', '/guide'],
      ['/selfArticle/7/101', 'faults', '/self'],
    ] as const) {
      const { api, unmount } = renderKnowledge(path, routes, { lang: 'en' });
      await screen.findByTestId('article-title');
      expect(api.getArticle).toHaveBeenCalledWith(library, 7, expect.anything());
      expect(screen.getByTestId('page-back').getAttribute('href')).toBe(back);
      unmount();
    }
  });

  it('show "not found" for an article not there and keep the article’s own count when the view is not counted', async () => {
    const missing = fakeKnowledgeApi({ getArticle: vi.fn(async () => ({ kind: 'missing' as const })) });
    const first = renderKnowledge('/article/99/10', routes, { lang: 'en', api: missing });
    expect((await screen.findByTestId('article-missing')).textContent).toContain('Article not found');
    first.unmount();

    const uncounted = fakeKnowledgeApi({ recordView: vi.fn(async () => refused('Too many requests')) });
    renderKnowledge('/article/7/10', routes, { lang: 'en', api: uncounted });
    await waitFor(() => expect(screen.getByTestId('article-views').textContent).toBe('Views: 4'));
  });

  it('never calls for an id that is not a number', async () => {
    const { api } = renderKnowledge('/article/abc/10', routes, { lang: 'en' });
    await screen.findByTestId('article-missing');
    expect(api.getArticle).not.toHaveBeenCalled();
    expect(api.recordView).not.toHaveBeenCalled();
  });
});
