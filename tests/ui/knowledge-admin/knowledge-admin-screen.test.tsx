// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $createTextNode, $getRoot, type ElementNode, type LexicalEditor } from 'lexical';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { refused } from '../../../src/domain/shared/refused';
import { ARTICLE, fakeAdminApi, renderAdmin } from './knowledge-admin-harness';
import { enterText } from '../../support/enter-text';

// The form loads the editor lazily; load its chunk once up front so a busy machine does not time the first form out.
// Lexical's modules take seconds to transform on a cold, busy run: load them once, before the tests.
beforeAll(() => import('../../../src/ui/common/rich-text-editor'), 60_000);

beforeEach(() => {
  const original = console.error;
  // Lexical logs jsdom's refusal to place a DOM selection (no layout); nothing else is hidden.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args.length === 1 && args[0] instanceof DOMException) return;
    original(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

const row = (name: string) => screen.getAllByTestId('admin-tree-row').find((r) => r.getAttribute('data-name') === name)!;
const where = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('staff page: libraries and folders', () => {
  it('shows the knowledge tree with both names and counts, and the chosen folder with its articles', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAdmin();
    await screen.findByTestId('admin-tree');
    expect(api.getTree).toHaveBeenCalledWith('knowledge', expect.anything());
    expect(screen.getAllByTestId('admin-tree-row').map((r) => r.getAttribute('data-name'))).toEqual([
      'Root directory',
      'Sheet laser cutters',
      '中文',
      'Maintenance',
      'English',
      'Maintenance',
      'Nozzles',
    ]);
    // Both names of the top classification, and the counts.
    expect(row('Sheet laser cutters').textContent).toContain('板材激光切割机');
    expect(within(row('Nozzles')).getByTestId('admin-tree-count').textContent).toBe('3');
    expect(screen.getByTestId('admin-folder-none')).toBeTruthy();

    await user.click(screen.getAllByTestId('admin-tree-row').find((r) => r.getAttribute('data-node-id') === '6')!);
    await waitFor(() => expect(screen.getAllByTestId('admin-article-row')).toHaveLength(2));
    expect(api.getArticles).toHaveBeenCalledWith(6, { offset: 0, size: 20 }, expect.anything());
    expect(screen.getByTestId('admin-folder-name').textContent).toBe('Maintenance');
    expect(screen.getByTestId('admin-folder-path').textContent).toBe('Sheet laser cutters / English / Maintenance');
    expect(where(router).get('node')).toBe('6');
    expect(where(router).get('library')).toBe('knowledge');
  });

  it('names the root in the page\'s language, whatever name the spec stores for it (\'root directory\')', async () => {
    renderAdmin('/staff/knowledge', { lang: 'zh' });
    await screen.findByTestId('admin-tree');
    const root = screen.getAllByTestId('admin-tree-row')[0]!;
    expect(root.getAttribute('data-role')).toBe('root');
    expect(root.textContent).toContain('根目录');
    expect(screen.getByTestId('admin-tree').textContent).not.toContain('root directory');
  });

  it('tells a caller who is not staff that the page is for staff only', async () => {
    const api = fakeAdminApi({ getTree: vi.fn(async () => ({ kind: 'forbidden' as const })) });
    renderAdmin('/staff/knowledge', { api, lang: 'zh' });
    const note = await screen.findByTestId('admin-staff-only');
    expect(note.textContent).toContain('仅限服务人员');
    expect(screen.queryByTestId('admin-tree')).toBeNull();
  });

  it('switches library', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAdmin('/staff/knowledge?node=6');
    await screen.findByTestId('admin-folder-panel');
    await user.click(screen.getByTestId('admin-library-download'));
    await waitFor(() => expect(screen.getAllByTestId('admin-tree-row')[0].getAttribute('data-node-id')).toBe('10'));
    expect(api.getTree).toHaveBeenLastCalledWith('download', expect.anything());
    expect(screen.getByTestId('admin-library-download').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(where(router).get('library')).toBe('download'));
    expect(where(router).get('node')).toBeNull();
  });

  it('adds a folder below the English branch with both names', async () => {
    const user = userEvent.setup();
    const { api, toasts } = renderAdmin('/staff/knowledge?node=4');
    await user.click(await screen.findByTestId('admin-folder-add'));
    const dialog = await screen.findByTestId('admin-folder-dialog');
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    expect(within(dialog).getAllByText('Enter a name')).toHaveLength(2);
    expect(api.saveNode).not.toHaveBeenCalled();
    await enterText(user, within(dialog).getByTestId('admin-folder-name'), '切割头');
    await enterText(user, within(dialog).getByTestId('admin-folder-nameEn'), 'Cutting heads');
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    await waitFor(() => expect(api.saveNode).toHaveBeenCalledWith({ Library: 'knowledge', ParentId: 4, Name: '切割头', NameEn: 'Cutting heads' }, expect.anything()));
    await waitFor(() => expect(screen.queryByTestId('admin-folder-dialog')).toBeNull());
    expect(toasts).toContain('success:Folder created');
    expect(api.getTree).toHaveBeenCalledTimes(2);
  });

  it('adds a top classification from the knowledge root', async () => {
    const user = userEvent.setup();
    const { api } = renderAdmin('/staff/knowledge?node=1');
    await user.click(await screen.findByRole('button', { name: 'New top classification' }));
    const dialog = await screen.findByTestId('admin-folder-dialog');
    expect(dialog.textContent).toContain('中文 and English');
    await enterText(user, within(dialog).getByTestId('admin-folder-name'), '管材激光切割机');
    await enterText(user, within(dialog).getByTestId('admin-folder-nameEn'), 'Tube laser cutters');
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    await waitFor(() => expect(api.saveNode).toHaveBeenCalledWith(expect.objectContaining({ ParentId: 1, Name: '管材激光切割机' }), expect.anything()));
  });

  it('renames a folder keeping its place', async () => {
    const user = userEvent.setup();
    const { api } = renderAdmin('/staff/knowledge?node=7');
    await user.click(await screen.findByTestId('admin-folder-rename'));
    const dialog = await screen.findByTestId('admin-folder-dialog');
    const en = within(dialog).getByTestId('admin-folder-nameEn') as HTMLInputElement;
    expect(en.value).toBe('Nozzles');
    await user.clear(en);
    await enterText(user, en, 'Nozzles and ceramics');
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    await waitFor(() =>
      expect(api.saveNode).toHaveBeenCalledWith({ Id: 7, Library: 'knowledge', ParentId: 6, Name: '喷嘴', NameEn: 'Nozzles and ceramics', Sort: 0 }, expect.anything()),
    );
  });

  it('moves a folder to a place it may go', async () => {
    const user = userEvent.setup();
    const { api } = renderAdmin('/staff/knowledge?node=7');
    await user.click(await screen.findByTestId('admin-folder-move'));
    const dialog = await screen.findByTestId('admin-move-dialog');
    const select = within(dialog).getByTestId('admin-move-target') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['3', '5', '4']);
    await user.selectOptions(select, '4');
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    await waitFor(() => expect(api.moveNode).toHaveBeenCalledWith(7, 4, expect.anything()));
  });

  it('asks before deleting, and shows why the server refused', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi({ deleteNode: vi.fn(async () => refused('The classification still holds folders or articles')) });
    const { toasts } = renderAdmin('/staff/knowledge?node=6', { api });
    await user.click(await screen.findByTestId('admin-folder-delete'));
    const dialog = await screen.findByTestId('admin-delete-dialog');
    expect(api.deleteNode).not.toHaveBeenCalled();
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    expect((await within(dialog).findByTestId('admin-dialog-refusal')).textContent).toBe('Not done: The classification still holds folders or articles');
    expect(api.deleteNode).toHaveBeenCalledWith(6, expect.anything());
    expect(toasts).toEqual([]);
  });

  it('hides the actions the root and the branches do not have', async () => {
    renderAdmin('/staff/knowledge?node=4');
    await screen.findByTestId('admin-folder-add');
    expect(screen.queryByTestId('admin-folder-rename')).toBeNull();
    expect(screen.queryByTestId('admin-folder-move')).toBeNull();
    expect(screen.queryByTestId('admin-folder-delete')).toBeNull();
  });
});

/** Puts text in the editor as typing would (jsdom has no beforeinput). */
function typeInEditor(text: string) {
  const content = screen.getByTestId('rich-text-content') as unknown as { __lexicalEditor: LexicalEditor };
  act(() => {
    content.__lexicalEditor.update(() => (($getRoot().getFirstChild() as ElementNode).append($createTextNode(text))), { discrete: true });
  });
}

// The editor makes these the heaviest jsdom tests: under a full parallel run they need more than the default 10 s.
describe('staff page: articles', { timeout: 30_000 }, () => {
  it('writes a new article in the chosen folder', async () => {
    const user = userEvent.setup();
    const { api, toasts, router } = renderAdmin('/staff/knowledge?node=6');
    await user.click(await screen.findByTestId('admin-article-new'));
    await screen.findByTestId('rich-text-content', {}, { timeout: 25_000 });
    expect(where(router).get('article')).toBe('new');
    expect((screen.getByTestId('admin-article-folder') as HTMLSelectElement).value).toBe('6');
    expect((screen.getByTestId('admin-article-language') as HTMLSelectElement).value).toBe('en');
    // Folders of the English branch, labelled without the branch.
    expect([...(screen.getByTestId('admin-article-folder') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Choose a folder',
      'Sheet laser cutters / English',
      'Sheet laser cutters / Maintenance',
      'Sheet laser cutters / Maintenance / Nozzles',
    ]);
    expect(screen.getByTestId('admin-attachment-add')).toHaveProperty('disabled', true);

    await user.click(screen.getByTestId('admin-article-save'));
    expect(screen.getByText('Enter a title')).toBeTruthy();
    expect(screen.getByTestId('admin-article-body-error').textContent).toBe('Write the body');
    expect(toasts).toContain('warning:Please complete the marked fields');
    expect(api.saveArticle).not.toHaveBeenCalled();

    await enterText(user, screen.getByTestId('admin-article-title'), 'Nozzle care');
    await enterText(user, screen.getByTestId('admin-article-label'), 'noz zle');
    typeInEditor('Clean the nozzle daily.');
    await waitFor(() => expect(screen.queryByTestId('admin-article-body-error')).toBeNull());
    await user.click(screen.getByTestId('admin-article-save'));
    await waitFor(() => expect(api.saveArticle).toHaveBeenCalledTimes(1));
    expect(api.saveArticle.mock.calls[0][0]).toMatchObject({ NodeId: 6, Title: 'Nozzle care', Lable: 'nozzle', Language: 'en' });
    expect(api.saveArticle.mock.calls[0][0].HtmlContent).toContain('Clean the nozzle daily.');
    await waitFor(() => expect(toasts).toContain('success:Article created'));
    expect(where(router).get('article')).toBe('77');
    // Now it exists: attachments may be added, and the form stays open with its text.
    expect(screen.getByTestId('admin-attachment-add')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('rich-text-content').textContent).toContain('Clean the nozzle daily.');
  });

  it('clears the folder when the language changes to the other branch', async () => {
    const user = userEvent.setup();
    renderAdmin('/staff/knowledge?node=6&article=new');
    await screen.findByTestId('rich-text-content', {}, { timeout: 25_000 });
    await user.selectOptions(screen.getByTestId('admin-article-language'), 'zh');
    expect((screen.getByTestId('admin-article-folder') as HTMLSelectElement).value).toBe('');
    expect([...(screen.getByTestId('admin-article-folder') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', '3', '5']);
  });

  it('edits an article: its body, attachments, and deleting it after asking', async () => {
    const user = userEvent.setup();
    const { api, toasts, router } = renderAdmin('/staff/knowledge?node=6');
    const first = (await screen.findAllByTestId('admin-article-row'))[0];
    await user.click(within(first).getByTestId('admin-article-edit'));
    await waitFor(() => expect(screen.getByTestId('rich-text-content').querySelector('h2')?.textContent).toBe('Check'), { timeout: 25_000 });
    expect(api.getArticle).toHaveBeenCalledWith(42, expect.anything());
    expect((screen.getByTestId('admin-article-title') as HTMLInputElement).value).toBe('Nozzle care');
    expect(screen.getAllByTestId('admin-attachment').map((a) => a.textContent)).toEqual(['manual.pdf2 KB']);

    const file = new File(['x'.repeat(10)], 'setup.exe');
    await user.upload(screen.getByTestId('admin-attachment-input'), file);
    await waitFor(() => expect(screen.getAllByTestId('admin-attachment')).toHaveLength(2));
    expect(api.attachFile).toHaveBeenCalledWith(42, file, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Remove manual.pdf' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-attachment')).toHaveLength(1));
    expect(api.removeAttachment).toHaveBeenCalledWith('f1', expect.anything());
    expect(toasts).toEqual(['success:Attachment uploaded', 'success:Attachment removed']);

    await user.click(screen.getByTestId('admin-article-delete'));
    const dialog = await screen.findByTestId('admin-article-delete-dialog');
    expect(dialog.textContent).toContain('Nozzle care');
    await user.click(within(dialog).getByTestId('admin-dialog-submit'));
    await waitFor(() => expect(api.deleteArticle).toHaveBeenCalledWith(42, expect.anything()));
    await waitFor(() => expect(screen.getByTestId('admin-folder-panel')).toBeTruthy());
    expect(where(router).get('article')).toBeNull();
    expect(toasts).toContain('success:Article deleted');
  });

  it('inserts an uploaded picture through UploadImage', async () => {
    const user = userEvent.setup();
    const { api } = renderAdmin('/staff/knowledge?node=6&article=42');
    await waitFor(() => expect(screen.getByTestId('rich-text-content').querySelector('h2')).toBeTruthy(), { timeout: 25_000 });
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'head.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('editor-image-input'), png);
    await waitFor(() => expect(screen.getByTestId('rich-text-content').querySelector('img')?.getAttribute('src')).toBe('/api/Knowledge/File/img1/head.png'));
    expect(api.uploadImage).toHaveBeenCalledWith(png);
  });

  it('shows the server refusal of a save next to the form', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi({ saveArticle: vi.fn(async () => refused('The folder holds Chinese articles')) });
    renderAdmin('/staff/knowledge?node=6&article=42', { api });
    await waitFor(() => expect(screen.getByTestId('rich-text-content').querySelector('h2')).toBeTruthy(), { timeout: 25_000 });
    await user.click(screen.getByTestId('admin-article-save'));
    expect((await screen.findByTestId('admin-article-refusal')).textContent).toBe('Not saved: The folder holds Chinese articles');
  });

  it('shows an article that does not load, and loads it again', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi({ getArticle: vi.fn().mockResolvedValueOnce(refused('The article does not exist')).mockResolvedValue({ kind: 'found', article: ARTICLE }) });
    renderAdmin('/staff/knowledge?node=6&article=42', { api });
    const failed = await screen.findByTestId('admin-article-load-failed');
    expect(failed.textContent).toContain('The article does not exist');
    await user.click(within(failed).getByRole('button'));
    await screen.findByTestId('admin-article-form');
  });
});
