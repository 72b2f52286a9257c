// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $getRoot, type LexicalEditor } from 'lexical';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalStorageAdapter } from '../../../src/adapters/local-storage/local-storage.adapter';
import { RichTextEditor, tidyEditorHtml, type RichTextEditorProps } from '../../../src/ui/common/rich-text-editor';
import { isAllowedLink } from '../../../src/ui/common/rich-text-toolbar';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';

// jsdom has no beforeinput, so typing is not driven here (the e2e test types in Chromium); the
// tests select through the editor that Lexical hangs on its root element and press the toolbar.

// Lexical logs jsdom's refusal to place a DOM selection (it has no layout); nothing else is hidden.
beforeEach(() => {
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args.length === 1 && args[0] instanceof DOMException) return;
    original(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderEditor(props: Partial<RichTextEditorProps> = {}, lang: 'zh' | 'en' = 'en') {
  window.localStorage.setItem('lang', lang);
  const changes: string[] = [];
  const onChange = vi.fn((html: string) => void changes.push(html));
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <LanguageProvider storage={new LocalStorageAdapter()} browserLanguage="en-US">
        <RichTextEditor onChange={onChange} {...props} />
      </LanguageProvider>
    </ChakraProvider>,
  );
  const content = () => screen.getByTestId('rich-text-content');
  const editor = () => (content() as unknown as { __lexicalEditor: LexicalEditor }).__lexicalEditor;
  /** Selects all the text of the first paragraph-like block. */
  const selectFirstBlock = () =>
    act(() => {
      editor().update(
        () => {
          const first = $getRoot().getFirstChildOrThrow();
          (first as unknown as { select: (a: number, b: number) => void }).select(0, first.getTextContentSize());
        },
        { discrete: true },
      );
    });
  const last = () => changes[changes.length - 1] ?? '';
  return { ...view, changes, onChange, content, editor, selectFirstBlock, last };
}

describe('rich-text editor', () => {
  it('opens with the HTML it is given and reports no change for it', async () => {
    const { content, onChange } = renderEditor({ initialHtml: '<h2>Nozzle</h2><p>Check <b>daily</b>.</p><ul><li>one</li><li>two</li></ul>' });
    await waitFor(() => expect(content().querySelector('h2')?.textContent).toBe('Nozzle'));
    expect(content().querySelectorAll('li')).toHaveLength(2);
    expect(content().querySelector('strong, b')?.textContent).toBe('daily');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('wraps loose text in a paragraph', async () => {
    const { content } = renderEditor({ initialHtml: 'plain <i>words</i>' });
    await waitFor(() => expect(content().querySelector('p')?.textContent).toBe('plain words'));
  });

  it('makes the selection bold, italic and underlined and hands the HTML out', async () => {
    const user = userEvent.setup();
    const { selectFirstBlock, last } = renderEditor({ initialHtml: '<p>Gas pressure</p>' });
    await screen.findByText('Gas pressure');
    selectFirstBlock();
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(last()).toBe('<p><strong>Gas pressure</strong></p>'));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    await user.click(screen.getByRole('button', { name: 'Underline' }));
    await waitFor(() => expect(last()).toMatch(/<u>/));
    expect(last()).toBe('<p><u><i><strong>Gas pressure</strong></i></u></p>');
    expect(last()).toMatch(/<em>|<i>/);
  });

  it('turns a paragraph into a heading, a list and a quote', async () => {
    const user = userEvent.setup();
    const { selectFirstBlock, last, content } = renderEditor({ initialHtml: '<p>Daily checks</p>' });
    await screen.findByText('Daily checks');
    selectFirstBlock();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Paragraph style' }), 'h2');
    await waitFor(() => expect(last()).toBe('<h2>Daily checks</h2>'));
    expect((screen.getByRole('combobox', { name: 'Paragraph style' }) as HTMLSelectElement).value).toBe('h2');

    selectFirstBlock();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Paragraph style' }), 'paragraph');
    selectFirstBlock();
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(content().querySelector('ul li')?.textContent).toBe('Daily checks'));
    expect(last()).toMatch(/^<ul><li[^>]*>Daily checks<\/li><\/ul>$/);
    await user.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(last()).toMatch(/<ol/));
    // Pressing the active list button again leaves the list.
    await user.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(last()).not.toMatch(/<ol|<ul/));

    selectFirstBlock();
    await user.click(screen.getByRole('button', { name: 'Quote' }));
    await waitFor(() => expect(last()).toMatch(/<blockquote/));
  });

  it('undoes and redoes', async () => {
    const user = userEvent.setup();
    const { selectFirstBlock, last } = renderEditor({ initialHtml: '<p>Lens</p>' });
    await screen.findByText('Lens');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
    selectFirstBlock();
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(last()).toBe('<p>Lens</p>'));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(last()).toBe('<p><strong>Lens</strong></p>'));
  });

  it('links the selection to an address it accepts, and refuses others', async () => {
    const user = userEvent.setup();
    const { selectFirstBlock, last } = renderEditor({ initialHtml: '<p>manual</p>' });
    await screen.findByText('manual');
    selectFirstBlock();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const url = screen.getByRole('textbox', { name: 'Link address' });
    await user.type(url, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toMatch(/http/);
    await user.clear(url);
    await user.type(url, 'https://example.com/manual.pdf');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(last()).toMatch(/<a href="https:\/\/example.com\/manual.pdf"[^>]*>.*manual.*<\/a>/));
    expect(screen.queryByTestId('editor-link-form')).toBeNull();
  });

  it('uploads a picture and inserts it as <img src alt>', async () => {
    const user = userEvent.setup();
    const uploadImage = vi.fn(async () => '/api/Knowledge/File/abc/nozzle.png');
    const { selectFirstBlock, last, content } = renderEditor({ initialHtml: '<p>See</p>', uploadImage });
    await screen.findByText('See');
    selectFirstBlock();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'nozzle.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('editor-image-input'), file);
    expect(uploadImage).toHaveBeenCalledWith(file);
    await waitFor(() => expect(last()).toMatch(/<img src="\/api\/Knowledge\/File\/abc\/nozzle.png" alt="nozzle">/));
    expect(content().querySelector('img')?.getAttribute('src')).toBe('/api/Knowledge/File/abc/nozzle.png');
  });

  it('shows why a picture was not inserted', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const uploadImage = vi.fn(async (): Promise<string> => {
      throw new Error('file too large');
    });
    renderEditor({ initialHtml: '<p>x</p>', uploadImage });
    await screen.findByText('x');
    await user.upload(screen.getByTestId('editor-image-input'), new File(['x'], 'a.svg', { type: 'image/svg+xml' }));
    expect(screen.getByTestId('editor-image-note').textContent).toBe('Only PNG, JPEG, GIF or WebP pictures can be inserted.');
    expect(uploadImage).not.toHaveBeenCalled();
    await user.upload(screen.getByTestId('editor-image-input'), new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('editor-image-note').textContent).toBe('The picture was not uploaded: file too large'));
  });

  it('has no picture button without an upload, and speaks Chinese', async () => {
    renderEditor({}, 'zh');
    await screen.findByRole('button', { name: '加粗' });
    expect(screen.queryByTestId('editor-image')).toBeNull();
    expect(screen.getByRole('combobox', { name: '段落样式' })).toBeTruthy();
  });

  it('hands out the markup a reader sees, without the wrappers of the editor', () => {
    expect(tidyEditorHtml('<p class="rte-p" dir="ltr"><span style="white-space: pre-wrap;">a </span><b><strong class="rte-bold" style="white-space: pre-wrap;">b</strong></b><i><em class="rte-italic">c</em></i></p>')).toBe(
      '<p>a <strong>b</strong><em>c</em></p>',
    );
    expect(tidyEditorHtml('<p><b><strong class="rte-bold">b</strong>x</b><span title="t">k</span></p>')).toBe('<p><b><strong>b</strong>x</b><span title="t">k</span></p>');
    expect(tidyEditorHtml('<p><img src="/a.png" alt="a"></p>')).toBe('<p><img src="/a.png" alt="a"></p>');
  });

  it('accepts http, https, mailto and site paths as links', () => {
    for (const ok of ['https://a.com/x', 'http://a.com', 'mailto:s@a.com', '/app/article/1/2']) expect(isAllowedLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.com', 'ftp://a', '', 'https://a b']) expect(isAllowedLink(bad), bad).toBe(false);
  });
});
