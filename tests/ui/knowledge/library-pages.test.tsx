// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { refused } from '../../../src/domain/shared/refused';
import { Download2Page, FolderPage, GuidePage, SelfPage, VisitorDownloadTab } from '../../../src/ui/knowledge/library-pages';
import type { KnowledgeApiPort } from '../../../src/ports/knowledge-api.port';
import { fakeKnowledgeApi, renderKnowledge } from './knowledge-harness';
import { row } from '../../domain/knowledge/knowledge-fixtures';
import { enterText } from '../../support/enter-text';

const routes = [
  { path: '/folder/:id', Component: FolderPage },
  { path: '/download2', Component: Download2Page },
  { path: '/visitor/download', Component: VisitorDownloadTab },
  { path: '/guide', Component: GuidePage },
  { path: '/self', Component: SelfPage },
];

const titles = async (testId: string) => (await screen.findAllByTestId(`${testId}-title`)).map((a) => a.textContent);

describe('folder page', () => {
  it('shows the classification’s branch in the page language and lists it with the six columns', async () => {
    const { api } = renderKnowledge('/folder/10', routes, { lang: 'zh', stored: { isVisitor: 'true' } });
    expect((await screen.findByTestId('folder-heading')).textContent).toBe('板材激光切割机');
    expect(await titles('folder')).toEqual(['First of 11', 'Second of 11']);
    expect(api.getArticles).toHaveBeenCalledWith('knowledge', { nodeId: 11, label: '', offset: 0, size: 10 }, expect.anything());
    // Series, language and time are hidden on a phone (jsdom applies no media query: it is one).
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['标题', '标签', '操作']);
    const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['标题', '标签', '系列', '语言', '创建时间', '操作']);
    // The Chinese branch's folders show; the English branch's do not.
    expect(screen.getByTestId('tree-node-12')).toBeTruthy();
    expect(screen.queryByTestId('tree-node-15')).toBeNull();
    const open = screen.getAllByTestId('folder-open')[0]!;
    expect(open.getAttribute('href')).toBe('/article/1/10');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/visitor/knowledge');
  });

  it('lists a clicked folder and the folders below it', async () => {
    const user = userEvent.setup();
    const { api } = renderKnowledge('/folder/10', routes, { lang: 'en', stored: { token: 't' } });
    await user.click(await screen.findByTestId('tree-node-15'));
    await waitFor(() => expect(api.getArticles).toHaveBeenLastCalledWith('knowledge', expect.objectContaining({ nodeId: 15 }), expect.anything()));
    expect(await titles('folder')).toEqual(['First of 15', 'Second of 15']);
    expect(screen.getByTestId('folder-list-title').textContent).toBe('Maintenance');
    expect(screen.getByTestId('tree-node-15').getAttribute('data-selected')).toBe('true');
    // Logged in: back to the shell's knowledge section.
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/index/knowledge');
  });

  it('searches by label without whitespace, opens the matching folders, and resets', async () => {
    const user = userEvent.setup();
    const { api } = renderKnowledge('/folder/10', routes, { lang: 'en' });
    await screen.findByTestId('folder-heading');
    expect(screen.queryByTestId('tree-node-17')).toBeNull();
    await enterText(user, screen.getByTestId('label-search-input'), ' Nozzle  care ');
    await user.click(screen.getByTestId('label-search-submit'));
    await waitFor(() => expect(api.getArticles).toHaveBeenLastCalledWith('knowledge', expect.objectContaining({ nodeId: 14, label: 'Nozzlecare' }), expect.anything()));
    // The folder named like the label shows, highlighted, with its parents open.
    const match = await screen.findByTestId('tree-node-17');
    expect(match.getAttribute('data-match')).toBe('true');
    expect(screen.getByTestId('folder-label-shown').textContent).toContain('Nozzlecare');
    await user.click(screen.getByTestId('label-search-reset'));
    await waitFor(() => expect(api.getArticles).toHaveBeenLastCalledWith('knowledge', expect.objectContaining({ label: '' }), expect.anything()));
    expect((screen.getByTestId('label-search-input') as HTMLInputElement).value).toBe('');
  });

  it('pages a long folder with the table pager (the rows shown, next, the jumper) and shows only the rows line for one page', async () => {
    const user = userEvent.setup();
    const getArticles = vi.fn<KnowledgeApiPort['getArticles']>(async (_library, query) => {
      const { offset = 0, size = 10 } = query;
      const rows = Array.from({ length: Math.min(size, 25 - offset) }, (_, i) => row(offset + i + 1, query.nodeId ?? 0, { Title: `Row ${offset + i + 1}` }));
      return { kind: 'list', rows, total: 25 };
    });
    const { api } = renderKnowledge('/folder/10', routes, { lang: 'en', api: fakeKnowledgeApi({ getArticles }) });
    const pager = await screen.findByTestId('folder-pager');
    expect(within(pager).getByTestId('folder-pager-total').textContent).toBe('1–10 of 25');
    expect(within(pager).getByTestId('folder-pager-page').textContent).toBe('Page 1 of 3');
    expect((within(pager).getByTestId('folder-pager-prev') as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pager).getByTestId('folder-pager-next'));
    await waitFor(() => expect(screen.getByTestId('folder-pager-total').textContent).toBe('11–20 of 25'));
    expect(api.getArticles).toHaveBeenLastCalledWith('knowledge', expect.objectContaining({ offset: 10, size: 10 }), expect.anything());
    expect(await titles('folder')).toContain('Row 11');

    await user.type(screen.getByTestId('folder-pager-jump'), '3{Enter}');
    await waitFor(() => expect(screen.getByTestId('folder-pager-total').textContent).toBe('21–25 of 25'));
    expect(api.getArticles).toHaveBeenLastCalledWith('knowledge', expect.objectContaining({ offset: 20 }), expect.anything());
    expect((screen.getByTestId('folder-pager-next') as HTMLButtonElement).disabled).toBe(true);

    // A folder of one page: the line, no controls.
    getArticles.mockResolvedValue({ kind: 'list', rows: [row(1, 15, { Title: 'Only' })], total: 1 });
    await user.click(screen.getByTestId('tree-node-15'));
    await waitFor(() => expect(screen.getByTestId('folder-pager-total').textContent).toBe('1–1 of 1'));
    expect(screen.queryByTestId('folder-pager-next')).toBeNull();
    expect(screen.queryByTestId('folder-pager-jump')).toBeNull();
  });

  it('shows an empty list as an empty folder', async () => {
    const { api } = renderKnowledge('/folder/10', routes, { lang: 'en' });
    api.getArticles.mockResolvedValue({ kind: 'list', rows: [], total: 0 });
    expect((await screen.findByTestId('folder-empty')).textContent).toContain('No data');
  });

  it('says so for an unknown classification', async () => {
    const { api } = renderKnowledge('/folder/4242', routes, { lang: 'en' });
    expect((await screen.findByTestId('folder-missing')).textContent).toContain('Classification not found');
    expect(api.getArticles).not.toHaveBeenCalled();
  });

  it('shows a refused list with its info and retries', async () => {
    const user = userEvent.setup();
    const { api } = renderKnowledge('/folder/10', routes, { lang: 'en' });
    api.getArticles.mockResolvedValueOnce(refused('Database unavailable'));
    expect((await screen.findByTestId('folder-rows-failed')).textContent).toContain('Database unavailable');
    await user.click(within(screen.getByTestId('folder-rows-failed')).getByRole('button'));
    expect(await titles('folder')).toHaveLength(2);
  });
});

describe('download centre, guide and self-service', () => {
  it('the visitor tab lists the download library with title, label and look, opening /softwareDown with the visitor flag', async () => {
    const { api } = renderKnowledge('/visitor/download', routes, { lang: 'en', stored: { isVisitor: 'true' } });
    expect(await titles('download')).toEqual(['First of 103', 'Second of 103']);
    expect(api.getTree).toHaveBeenCalledWith('download', 'en', expect.anything());
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Label', 'Action']);
    const look = screen.getAllByTestId('download-open')[0]!;
    expect(look.textContent).toBe('View');
    expect(look.getAttribute('href')).toBe('/softwareDown/1/103/true');
    expect(look.getAttribute('target')).toBe('_blank');
    // One search box: the library's label search (issue 23), not the full-text search as well.
    expect(screen.getAllByRole('search')).toHaveLength(1);
    expect(screen.getByTestId('label-search-input')).toBeTruthy();
  });

  it('/download2 goes back to /index/use and opens articles without the visitor flag', async () => {
    renderKnowledge('/download2', routes, { lang: 'zh', stored: { token: 't' } });
    expect((await screen.findAllByTestId('download-open'))[0]!.getAttribute('href')).toBe('/softwareDown/1/101/false');
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/index/use');
  });

  it('/guide lists the guide (back /index/use, look -> /guideArticle)', async () => {
    const { api } = renderKnowledge('/guide', routes, { lang: 'zh', stored: { token: 't' } });
    expect((await screen.findAllByTestId('guide-open'))[0]!.getAttribute('href')).toBe('/guideArticle/1/101');
    expect(api.getTree).toHaveBeenCalledWith('guide', 'zh', expect.anything());
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/index/use');
  });

  it('/self lists common faults (Title, Lable, view -> /selfArticle; back /index/repair)', async () => {
    const { api } = renderKnowledge('/self', routes, { lang: 'en', stored: { token: 't' } });
    const view = (await screen.findAllByTestId('self-open'))[0]!;
    expect(view.textContent).toContain('View');
    expect(view.getAttribute('href')).toBe('/selfArticle/1/103');
    expect(api.getArticles).toHaveBeenCalledWith('faults', expect.objectContaining({ nodeId: 103 }), expect.anything());
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/index/repair');
  });

  it('shows the server’s refusal of the tree (a visitor on the guide)', async () => {
    const api = fakeKnowledgeApi({ getTree: vi.fn(async () => refused('Login has expired, please log in again')) });
    renderKnowledge('/guide', routes, { lang: 'en', api });
    expect((await screen.findByTestId('guide-tree-failed')).textContent).toContain('Login has expired');
  });
});
