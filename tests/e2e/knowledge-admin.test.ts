import type { Browser, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, api, launchBrowser, portalUrl, screenshot, staffOf, tokenOf } from '../support/browser';
import { sharedPages } from '../support/shared-pages';

// Staff authoring in the browser (ADR 0007): staff write an article with the rich-text editor in
// a new folder of the knowledge library's English branch; a visitor finds it with the search; a
// customer who opens the staff page is told it is for staff only. The staff and the customer are
// this file's own; the folder and its article are deleted at the end, so the library the other
// files read is the one they were seeded with.

const STAFF = await staffOf('knowledge-admin');
const CUSTOMER = (await accountsOf('knowledge-admin')).customer;

// A word nobody else writes, so the search can only find this run's article.
const STAMP = `zirconia${Date.now().toString(36)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await deleteThisRunsFolder();
});
// One signed-in page per person for the file.
const pages = sharedPages(() => browser);

/** Set once the run has made its folder. */
let folderMade = false;

/** Deletes the folder this run made in the knowledge library, with its articles. */
async function deleteThisRunsFolder() {
  if (!folderMade) return;
  const token = await tokenOf(STAFF);
  type TreeNode = { id: number; nameEn: string | null; children: TreeNode[] };
  const tree = (await api('KnowledgeAdmin/GetTree', { Library: 'knowledge' }, token)).ReturnData as TreeNode[];
  const find = (nodes: TreeNode[]): TreeNode | undefined => nodes.map((n) => (n.nameEn === `E2E ${STAMP}` ? n : find(n.children))).find(Boolean);
  const folder = find(tree);
  if (!folder) throw new Error(`the folder E2E ${STAMP} this run made is not in the knowledge tree`);
  const articles = (await api('KnowledgeAdmin/GetArticles', { NodeId: folder.id }, token)).ReturnData as Array<{ Id: number }> | null;
  for (const article of articles ?? []) expect((await api('KnowledgeAdmin/DeleteArticle', { Id: article.Id }, token)).code).toBe(200);
  expect((await api('KnowledgeAdmin/DeleteNode', { Id: folder.id }, token)).code).toBe(200);
}

async function openStaffPage(lang: 'zh' | 'en', width = 1280, query = ''): Promise<Page> {
  const page = await pages.page(STAFF, lang, width);
  // Once in CI the tree did not show within 30 s (2026-11-21, not reproduced): if it happens
  // again, the failure says what the page showed, logged and was answered.
  const seen: string[] = [];
  const listeners = {
    console: (m: ConsoleMessage) => m.type() === 'error' && seen.push(`console: ${m.text()}`),
    pageerror: (e: Error) => seen.push(`page error: ${e.message}`),
    response: (r: Response) => r.status() >= 400 && seen.push(`${r.status()} ${r.url()}`),
    requestfailed: (r: Request) => seen.push(`failed: ${r.url()} ${r.failure()?.errorText}`),
  };
  page.on('console', listeners.console).on('pageerror', listeners.pageerror).on('response', listeners.response).on('requestfailed', listeners.requestfailed);
  await page.goto(portalUrl(`/app/staff/knowledge${query}`));
  try {
    await page.getByTestId('admin-tree').waitFor();
  } catch (error) {
    const text = (await page.locator('body').innerText().catch(() => '')).slice(0, 500);
    throw new Error(`the staff tree did not show at ${page.url()}\npage: ${text}\n${seen.join('\n')}`, { cause: error });
  } finally {
    // The page is the file's (shared): the next test's load listens afresh.
    page.off('console', listeners.console).off('pageerror', listeners.pageerror).off('response', listeners.response).off('requestfailed', listeners.requestfailed);
  }
  return page;
}

const englishBranch = (page: Page) => page.locator('[data-testid="admin-tree-row"][data-role="branch"][data-name="English"]').first();

describe('staff authoring', () => {
  let articleUrl = '';

  it('creates a folder in the English branch and writes an article with a heading, bold text and a list', async () => {
    const page = await openStaffPage('en');
    await englishBranch(page).click();
    await page.getByTestId('admin-folder-add').click();
    const dialog = page.getByTestId('admin-folder-dialog');
    await dialog.getByTestId('admin-folder-name').fill(`端到端 ${STAMP}`);
    await dialog.getByTestId('admin-folder-nameEn').fill(`E2E ${STAMP}`);
    await dialog.getByTestId('admin-dialog-submit').click();
    await dialog.waitFor({ state: 'detached' });
    folderMade = true;
    // The new folder is chosen and shown.
    await expect.poll(() => page.getByTestId('admin-folder-name').innerText()).toBe(`E2E ${STAMP}`);
    await expect.poll(() => page.locator(`[data-testid="admin-tree-row"][data-name="E2E ${STAMP}"]`).count()).toBe(1);
    await screenshot(page, 'e2e-knowledge-admin-folder-en-1280');

    await page.getByTestId('admin-article-new').click();
    const editor = page.getByTestId('rich-text-content');
    await editor.waitFor();
    await page.getByTestId('admin-article-title').fill(`Nozzle inspection ${STAMP}`);
    await page.getByTestId('admin-article-label').fill('nozzle');
    await page.getByTestId('admin-article-series').fill('G');

    await editor.click();
    await page.getByTestId('editor-block').selectOption('h2');
    await editor.click();
    await page.keyboard.type('Before each shift');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Check the ');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type('ceramic ring');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type(` for cracks (${STAMP}).`);
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-bulleted').click();
    await page.keyboard.type('Clean the nozzle');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Centre the beam');

    await expect.poll(() => editor.locator('h2').innerText()).toBe('Before each shift');
    await expect.poll(() => editor.locator('strong, b').first().innerText()).toBe('ceramic ring');
    await expect.poll(() => editor.locator('ul li').count()).toBe(2);
    await screenshot(page, 'e2e-knowledge-admin-editor-en-1280');

    await page.getByTestId('admin-article-save').click();
    await page.waitForURL(/article=\d+/);
    articleUrl = page.url();
    const id = Number(new URL(articleUrl).searchParams.get('article'));
    expect(id).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('admin-article-dirty').count()).toBe(0);

    // The stored body kept the heading, the bold words and the list (sanitised on the server).
    const stored = await page.request.post(portalUrl('/api/KnowledgeClassify/GetContentsAllowAnonymous'), { data: { Id: id } });
    const body = (await stored.json()) as { code: number; ReturnData: Array<{ Title: string; HtmlContent: string }> };
    expect(body.code).toBe(200);
    expect(body.ReturnData[0].Title).toBe(`Nozzle inspection ${STAMP}`);
    const html = body.ReturnData[0].HtmlContent;
    expect(html).toContain('<h2>Before each shift</h2>');
    expect(html).toContain('<p>Check the <strong>ceramic ring</strong> for cracks');
    expect(html).toMatch(/<ul><li[^>]*>Clean the nozzle<\/li><li[^>]*>Centre the beam<\/li><\/ul>/);
  });

  it('lets a visitor find the article with the search on the visitor knowledge tab', async () => {
    const page = await pages.page(null, 'en', 1280);
    await page.goto(portalUrl('/app/visitor/knowledge'));
    await page.getByTestId('search-input').fill(STAMP);
    await page.getByTestId('search-submit').click();
    const hit = page.getByTestId('search-hit').first();
    await hit.waitFor();
    expect((await hit.getByTestId('search-hit-link').textContent())!.trim()).toBe(`Nozzle inspection ${STAMP}`);
    expect(await page.getByTestId('search-hit').count()).toBe(1);
  });

  it('opens the saved article again with its body', async () => {
    expect(articleUrl).not.toBe('');
    const page = await openStaffPage('zh', 1280, new URL(articleUrl).search);
    const editor = page.getByTestId('rich-text-content');
    await expect.poll(() => editor.locator('h2').innerText()).toBe('Before each shift');
    expect(await page.getByTestId('admin-article-title').inputValue()).toBe(`Nozzle inspection ${STAMP}`);
    await screenshot(page, 'e2e-knowledge-admin-editor-zh-1280');
  });

  it('tells a customer the page is for staff only', async () => {
    const page = await pages.page(CUSTOMER, 'zh');
    await page.goto(portalUrl('/app/staff/knowledge'));
    const note = page.getByTestId('admin-staff-only');
    await note.waitFor();
    expect(await note.innerText()).toContain('仅限服务人员');
    await screenshot(page, 'e2e-knowledge-admin-staff-only-zh-1280');
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`looks right in ${lang} at ${width} px`, async () => {
        const page = await openStaffPage(lang, width);
        const folder = page.locator('[data-testid="admin-tree-row"][data-role="folder"]').first();
        await folder.click();
        await page.getByTestId('admin-articles').waitFor();
        await expect.poll(() => page.getByTestId('admin-articles').getAttribute('data-status')).toMatch(/shown|failed/);
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(await overflow(), 'no sideways scrolling of the page').toBeLessThanOrEqual(1);
        const text = await page.getByTestId('admin-page').innerText();
        expect(text, 'no message ids on the page').not.toMatch(/\bknowledgeAdmin\.[a-z]+/);
        await screenshot(page, `e2e-knowledge-admin-${lang}-${width}`);

        await page.getByTestId('admin-article-new').click();
        await page.getByTestId('rich-text-content').waitFor();
        await page.getByTestId('admin-article-save').click();
        await page.getByTestId('admin-article-body-error').waitFor();
        expect(await overflow(), 'no sideways scrolling with the form').toBeLessThanOrEqual(1);
        expect(await page.getByTestId('admin-page').innerText()).not.toMatch(/\b(knowledgeAdmin|editor)\.[a-z]+/);
        await screenshot(page, `e2e-knowledge-admin-form-${lang}-${width}`);
      });
    }
  }
});
