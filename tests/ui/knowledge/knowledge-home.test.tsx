// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KnowledgeSection, VisitorKnowledgeTab } from '../../../src/ui/knowledge/knowledge-section-screen';
import { UseSection } from '../../../src/ui/knowledge/use-hub-screen';
import { renderKnowledge } from './knowledge-harness';
import { enterText } from '../../support/enter-text';

const routes = [
  { path: '/visitor/knowledge', Component: VisitorKnowledgeTab },
  { path: '/index/knowledge', Component: KnowledgeSection },
  { path: '/index/use', Component: UseSection },
];

describe('knowledge section', () => {
  it('shows a tile per top classification in the page language; a tile opens its folder page', async () => {
    const user = userEvent.setup();
    const { api, router } = renderKnowledge('/visitor/knowledge', routes, { lang: 'zh' });
    const names = await screen.findAllByTestId('book-name');
    expect(names.map((n) => n.textContent)).toEqual(['板材激光切割机', '激光切管机']);
    expect(api.getTree).toHaveBeenCalledWith('knowledge', 'zh', expect.anything());
    await user.click(screen.getAllByTestId('book-tile')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/folder/10'));
  });

  it('names the tiles in English for an English page', async () => {
    renderKnowledge('/index/knowledge', routes, { lang: 'en', stored: { token: 't' } });
    expect((await screen.findAllByTestId('book-name')).map((n) => n.textContent)).toEqual(['Sheet laser cutting machines', 'Tube laser cutting machines']);
  });

  it('searches full text: sanitised hits with marks, each opening its library’s article in a new tab with the visitor flag', async () => {
    const user = userEvent.setup();
    const { api } = renderKnowledge('/visitor/knowledge', routes, { lang: 'en' });
    // A visitor is offered the two public libraries only.
    await screen.findByTestId('search-library-download');
    expect(screen.queryByTestId('search-library-guide')).toBeNull();
    await enterText(user, screen.getByTestId('search-input'), '  喷嘴 ');
    await user.click(screen.getByTestId('search-submit'));
    const hits = await screen.findAllByTestId('search-hit');
    expect(api.search).toHaveBeenLastCalledWith({ keyword: '喷嘴', library: '', language: '', offset: 0, size: 10 }, expect.anything());
    const links = hits.map((hit) => within(hit).getByTestId('search-hit-link'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/article/7/13', '/softwareDown/31/102/true']);
    for (const a of links) expect(a.getAttribute('target')).toBe('_blank');
    await waitFor(() => expect(hits[0]!.querySelector('mark')?.textContent).toBe('喷嘴'));
    expect(hits[0]!.querySelector('img')).toBeNull();
    expect(hits[0]!.innerHTML).not.toContain('onerror');
    expect(within(hits[0]!).getByTestId('search-hit-snippet').textContent).toContain('<b>');

    await user.click(screen.getByTestId('search-library-download'));
    await waitFor(() => expect(api.search).toHaveBeenLastCalledWith(expect.objectContaining({ library: 'download', offset: 0 }), expect.anything()));
    await user.click(screen.getByTestId('search-language-zh'));
    await waitFor(() => expect(api.search).toHaveBeenLastCalledWith(expect.objectContaining({ library: 'download', language: 'zh' }), expect.anything()));
    await user.click(screen.getByTestId('search-clear'));
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it('offers all four libraries to a logged-in user and links download hits without the visitor flag', async () => {
    const user = userEvent.setup();
    renderKnowledge('/index/knowledge', routes, { lang: 'en', stored: { token: 't' } });
    await screen.findByTestId('search-library-faults');
    await user.type(screen.getByTestId('search-input'), 'nozzle{Enter}');
    const links = await screen.findAllByTestId('search-hit-link');
    expect(links[1]!.getAttribute('href')).toBe('/softwareDown/31/102/false');
  });

  it('shows an empty answer as no hits, not an error', async () => {
    const user = userEvent.setup();
    const { api } = renderKnowledge('/visitor/knowledge', routes, { lang: 'zh' });
    api.search.mockResolvedValue({ kind: 'list', rows: [], total: 0 });
    await user.type(await screen.findByTestId('search-input'), 'xyz{Enter}');
    expect((await screen.findByTestId('search-empty')).textContent).toContain('没有找到相关文章');
  });
});

describe('using-knowledge hub', () => {
  it('has the four tiles in order, each leading to its page', async () => {
    renderKnowledge('/index/use', routes, { lang: 'en', stored: { token: 't' } });
    await screen.findByTestId('use-hub');
    const tiles = ['random', 'guide', 'download', 'faults'].map((key) => screen.getByTestId(`use-tile-${key}`).getAttribute('href'));
    expect(tiles).toEqual(['/random', '/guide', '/download2', '/self']);
  });
});
