import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { accountsOf, launchBrowser, logIn, openPage, portalUrl, screenshot, downloaded } from '../support/browser';
import { launchChromiumWithPdfViewer } from '../support/chromium';
import { sharedPages } from '../support/shared-pages';

// Random files in the browser, on the shared e2e portal: this file's customer has a fleet like the
// demo's, each machine with four generated PDFs (ADR 0007). The customer opens /app/random, picks a
// machine, sees its documents, downloads one and views one in a new tab.

const CUSTOMER = (await accountsOf('random-files')).customer;
const FLEET = CUSTOMER.fleet;
const TUBE = FLEET.find((m) => m.seriesName === 'T')!.orderNumber;
const SHEET = FLEET.find((m) => m.seriesName === 'P')!.orderNumber;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The tests read one customer's files: one signed-in page for the file.
const pages = sharedPages(() => browser);

async function logInToRandomFiles(lang: 'zh' | 'en', width = 1280, query = ''): Promise<Page> {
  const page = await pages.page(CUSTOMER, lang, width);
  await page.goto(portalUrl(`/app/random${query}`));
  await page.getByTestId('random-machine').first().waitFor();
  return page;
}

async function pick(page: Page, orderNumber: string) {
  await page.locator(`[data-testid="random-machine"][data-order-number="${orderNumber}"]`).click();
  await expect.poll(() => page.getByTestId('random-files').getAttribute('data-order-number')).toBe(orderNumber);
  await expect.poll(() => page.getByTestId('random-file-row').count()).toBe(4);
}

describe('the random file page', () => {
  it("lists the customer's fleet, shows a machine's four documents and downloads a PDF", async () => {
    const page = await logInToRandomFiles('en');
    await expect.poll(() => page.getByTestId('random-machine').count()).toBe(FLEET.length);
    const listed = await page.getByTestId('random-machine').allTextContents();
    for (const m of FLEET) expect(listed.join(' ')).toContain(m.orderNumber);
    // The first machine is chosen and kept in the address.
    await page.waitForURL(new RegExp(`/app/random\\?order=${FLEET[0]!.orderNumber}$`));
    await pick(page, TUBE);
    expect(page.url()).toMatch(new RegExp(`\\?order=${TUBE}$`));
    const names = await page.getByTestId('random-file-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file-name')));
    expect(names.sort()).toEqual(
      ['certificate-of-conformity', 'electrical-schematic', 'factory-test-report', 'packing-list'].map((slug) => `${TUBE}-${slug}.pdf`),
    );
    const row = page.locator(`[data-testid="random-file-row"][data-file-name="${TUBE}-packing-list.pdf"]`);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('random-file-download').click()]);
    expect(download.suggestedFilename()).toBe(`${TUBE}-packing-list.pdf`);
    const bytes = await downloaded(download);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(Order number: ${TUBE})`);
  });

  it('views a document in a new tab', async () => {
    // In Chromium's PDF viewer: the worker's headless shell has none and saves the file instead.
    const viewer = await launchChromiumWithPdfViewer();
    onTestFinished(() => viewer.close());
    const { page } = await openPage(viewer, { lang: 'en' });
    await logIn(page, CUSTOMER);
    await page.goto(portalUrl(`/app/random?order=${SHEET}`));
    await expect.poll(() => page.getByTestId('random-files').getAttribute('data-order-number')).toBe(SHEET);
    await expect.poll(() => page.getByTestId('random-file-row').count()).toBe(4);
    const row = page.locator(`[data-testid="random-file-row"][data-file-name="${SHEET}-certificate-of-conformity.pdf"]`);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('random-file-view').click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    // The tab shows the same bytes the server sent.
    const head = await tab.evaluate(async (url) => new TextDecoder('latin1').decode((await (await fetch(url)).arrayBuffer()).slice(0, 8)), tab.url());
    expect(head).toBe('%PDF-1.4');
  });

  it('narrows the list with the order-number search and opens the only match', async () => {
    const page = await logInToRandomFiles('zh');
    await page.getByTestId('random-search-input').fill(SHEET.slice(0, 5).toLowerCase());
    await expect.poll(() => page.getByTestId('random-machine').count()).toBe(1);
    await page.getByTestId('random-search-input').press('Enter');
    await expect.poll(() => page.getByTestId('random-files').getAttribute('data-order-number')).toBe(SHEET);
    await page.getByTestId('page-back').click();
    await page.waitForURL(/\/app\/index\/use$/);
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`looks right in ${lang} at ${width} px`, async () => {
        const page = await logInToRandomFiles(lang, width);
        await pick(page, width === 375 ? SHEET : TUBE);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(1);
        const tableOverflow = await page.getByTestId('random-files-table').evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
        expect(tableOverflow, 'every column and action of the file table in view').toBeLessThanOrEqual(1);
        for (const action of ['random-file-view', 'random-file-download']) {
          const box = await page.getByTestId(action).first().boundingBox();
          expect(box!.x + box!.width, `${action} inside the window`).toBeLessThanOrEqual(width);
        }
        const text = await page.getByTestId('random-page').innerText();
        expect(text, 'no message ids on the page').not.toMatch(/\brandomFiles\.[a-z]+/);
        await screenshot(page, `e2e-random-files-${lang}-${width}`);
      });
    }
  }
});
