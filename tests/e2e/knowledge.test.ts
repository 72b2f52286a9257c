import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, launchBrowser, portalUrl, screenshot } from '../support/browser';
import { sharedPages } from '../support/shared-pages';

// Issue 6 in the browser, on the shared e2e portal with the demo library (content/library): the
// knowledge tiles, folder page, label search, articles in new tabs with their view counts, full
// text search in both languages, the download centre, and the guide and self-service pages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The visitor's tests share one page for the file.
const pages = sharedPages(() => browser);

/** Below 769 px the visitor shell points to the mobile app first; continue in the browser. */
async function dismissMobileDialog(page: Page) {
  const dialog = page.getByTestId('mobile-app-dialog');
  if (await dialog.isVisible().catch(() => false)) {
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** Clicks a link that opens a new tab and answers that tab once its article is there. */
async function openInNewTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  await tab.getByTestId('article-title').waitFor();
  return tab;
}

const viewCount = async (tab: Page) => {
  await expect.poll(() => tab.getByTestId('article-views').getAttribute('data-count')).toMatch(/^\d+$/);
  return Number(await tab.getByTestId('article-views').getAttribute('data-count'));
};

const rowTitles = (page: Page, testId: string) => page.getByTestId(`${testId}-title`).allTextContents();

describe('knowledge libraries in the browser', () => {
  it('a visitor opens a book, browses the tree, searches by label and opens an article whose views grow on reload', async () => {
    const page = await pages.page(null, 'zh', 1280);
    const context = page.context();
    await page.goto(portalUrl('/app/visitor/knowledge'));
    await page.getByTestId('book-name').first().waitFor();
    const names = await page.getByTestId('book-name').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['板材激光切割机', '管材激光切割机']));

    await page.getByTestId('book-tile').filter({ hasText: '板材激光切割机' }).click();
    await page.waitForURL(/\/app\/folder\/\d+$/);
    await expect.poll(() => page.getByTestId('folder-heading').textContent()).toBe('板材激光切割机');
    await page.getByTestId('folder-title').first().waitFor();
    const all = await rowTitles(page, 'folder');
    expect(all.length).toBeGreaterThan(3);
    // Only the Chinese branch: every row is a Chinese article.
    expect(all.every((title) => /\p{Script=Han}/u.test(title))).toBe(true);
    expect(await page.getByTestId('page-back').getAttribute('href')).toBe('/app/visitor/knowledge');

    // A folder lists its own articles.
    await page.getByTestId('library-tree').getByRole('button', { name: '日常维护', exact: true }).click();
    await expect.poll(() => page.getByTestId('folder-list-title').textContent()).toBe('日常维护');
    // The book's rows stay in view while the folder's load (they hold that article too): the folder's are fewer.
    await expect.poll(async () => (await rowTitles(page, 'folder')).length).toBeLessThan(all.length);
    await expect.poll(() => rowTitles(page, 'folder')).toContain('冷水机水温设定与结露预防');

    // The label search ignores whitespace; reset lists the folder again.
    await page.getByTestId('library-tree').getByRole('button', { name: '板材激光切割机', exact: true }).click();
    await page.getByTestId('label-search-input').fill('挂 渣');
    await page.getByTestId('label-search-submit').click();
    await expect.poll(() => rowTitles(page, 'folder')).toEqual(['零件底部挂渣和毛刺的原因与处理']);
    await page.getByTestId('label-search-input').fill('没有这个标签');
    await page.getByTestId('label-search-submit').click();
    await page.getByTestId('folder-empty').waitFor();
    await page.getByTestId('label-search-reset').click();
    await expect.poll(async () => (await rowTitles(page, 'folder')).length).toBe(all.length);

    // The article opens in a new tab and counts a view on every open.
    const tab = await openInNewTab(context, () => page.getByTestId('folder-title').filter({ hasText: '冷水机水温设定与结露预防' }).click());
    expect(tab.url()).toMatch(/\/app\/article\/\d+\/\d+$/);
    expect(await tab.getByTestId('article-title').textContent()).toBe('冷水机水温设定与结露预防');
    await expect.poll(() => tab.title()).toBe('冷水机水温设定与结露预防');
    await tab.getByTestId('article-body').waitFor();
    const first = await viewCount(tab);
    await tab.reload();
    await tab.getByTestId('article-title').waitFor();
    await expect.poll(() => viewCount(tab)).toBe(first + 1);
    expect(await tab.getByTestId('page-back').getAttribute('href')).toMatch(/^\/app\/folder\/\d+$/);
  });

  for (const [lang, keyword, expected] of [
    ['zh', '喷嘴', /喷嘴/],
    ['en', 'nozzle', /nozzle/i],
  ] as const) {
    it(`a visitor searches full text in ${lang} and opens a hit`, async () => {
      const page = await pages.page(null, lang, 1280);
      const context = page.context();
      await page.goto(portalUrl('/app/visitor/knowledge'));
      await page.getByTestId('search-input').fill(keyword);
      await page.getByTestId('search-submit').click();
      const hit = page.getByTestId('search-hit').first();
      await hit.waitFor();
      expect(await hit.locator('mark').first().textContent()).toMatch(expected);
      // Narrowing to the hit's language keeps it.
      await page.getByTestId(`search-language-${lang}`).click();
      await expect.poll(() => page.getByTestId('search-hit').first().getAttribute('data-id')).toBe(await hit.getAttribute('data-id'));
      const title = (await hit.getByTestId('search-hit-link').textContent())!.trim();
      const tab = await openInNewTab(context, () => hit.getByTestId('search-hit-link').click());
      expect(await tab.getByTestId('article-title').textContent()).toBe(title);
      expect(tab.url()).toMatch(/\/app\/(article|softwareDown)\//);
      });
  }

  it('the visitor download tab lists articles and opens one with the right back target', async () => {
    const page = await pages.page(null, 'en', 1280);
    const context = page.context();
    await page.goto(portalUrl('/app/visitor/download'));
    await page.getByTestId('download-title').first().waitFor();
    expect(await rowTitles(page, 'download')).toEqual(expect.arrayContaining(['Machine manuals and maintenance handbook download']));
    // The row's "View" is a 24 px target at least (WCAG 2.5.8), at 1280 and on a phone.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const box = (await page.getByTestId('download-open').first().boundingBox())!;
      expect(Math.min(box.width, box.height), `View at ${width} px`).toBeGreaterThanOrEqual(24);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const tab = await openInNewTab(context, () => page.getByTestId('download-open').first().click());
    expect(tab.url()).toMatch(/\/app\/softwareDown\/\d+\/\d+\/true$/);
    expect(await tab.getByTestId('page-back').getAttribute('href')).toBe('/app/visitor/download');
    await tab.getByTestId('article-attachment').first().waitFor();
    expect(await tab.getByTestId('article-attachment').first().getAttribute('href')).toMatch(/^\/api\/Knowledge\/File\//);
  });

  it('a logged-in user opens the using-knowledge hub, the guide and self-service', async () => {
    const page = await pages.page((await accountsOf('knowledge')).customer, 'en', 1280);
    const context = page.context();

    await page.goto(portalUrl('/app/index/use'));
    await page.getByTestId('use-tile-guide').click();
    await page.waitForURL(/\/app\/guide$/);
    await page.getByTestId('guide-title').first().waitFor();
    expect(await rowTitles(page, 'guide')).toEqual(expect.arrayContaining(['First start-up checklist']));
    expect(await page.getByTestId('page-back').getAttribute('href')).toBe('/app/index/use');
    const guide = await openInNewTab(context, () => page.getByTestId('guide-open').first().click());
    expect(guide.url()).toMatch(/\/app\/guideArticle\/\d+\/\d+$/);
    expect(await guide.getByTestId('page-back').getAttribute('href')).toBe('/app/guide');
    await guide.close();

    await page.goto(portalUrl('/app/self'));
    await page.getByTestId('self-title').first().waitFor();
    expect(await rowTitles(page, 'self')).toEqual(expect.arrayContaining(['E101 servo drive alarm']));
    expect(await page.getByTestId('page-back').getAttribute('href')).toBe('/app/index/repair');
    await page.getByTestId('label-search-input').fill('E 410');
    await page.getByTestId('label-search-submit').click();
    await expect.poll(() => rowTitles(page, 'self')).toEqual(['E410 low assist gas pressure']);
    const fault = await openInNewTab(context, () => page.getByTestId('self-open').first().click());
    expect(fault.url()).toMatch(/\/app\/selfArticle\/\d+\/\d+$/);
    expect(await fault.getByTestId('article-title').textContent()).toBe('E410 low assist gas pressure');

    await page.goto(portalUrl('/app/download2'));
    await page.getByTestId('download-open').first().waitFor();
    expect(await page.getByTestId('download-open').first().getAttribute('href')).toMatch(/\/softwareDown\/\d+\/\d+\/false$/);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`screens in ${lang} at 1280 and 375 px: tiles, search results, folder, article, download centre`, async () => {
      for (const width of [1280, 375]) {
        const page = await pages.page(null, lang, width);
        await page.goto(portalUrl('/app/visitor/knowledge'));
        await dismissMobileDialog(page);
        await page.getByTestId('book-tile').first().waitFor();
        await screenshot(page, `e2e-knowledge-tiles-${lang}-${width}`);

        await page.getByTestId('search-input').fill(lang === 'zh' ? '喷嘴 检查' : 'nozzle inspection');
        await page.getByTestId('search-submit').click();
        await page.getByTestId('search-hit').first().waitFor();
        await page.getByTestId('search-hit-snippet').first().waitFor();
        await screenshot(page, `e2e-knowledge-search-${lang}-${width}`);

        await page.getByTestId('search-clear').click();
        await page.getByTestId('book-tile').first().click();
        await page.getByTestId('folder-title').first().waitFor();
        await screenshot(page, `e2e-knowledge-folder-${lang}-${width}`);

        const href = (await page.getByTestId('folder-open').first().getAttribute('href'))!;
        await page.goto(new URL(href, page.url()).toString());
        await page.getByTestId('article-body').waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `e2e-knowledge-article-${lang}-${width}`);

        await page.goto(portalUrl('/app/visitor/download'));
        await dismissMobileDialog(page);
        await page.getByTestId('download-title').first().waitFor();
        await screenshot(page, `e2e-knowledge-download-${lang}-${width}`);
      }
    });
  }
});
