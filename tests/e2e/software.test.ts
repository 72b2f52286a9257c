import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, portalUrl, screenshot, staffOf, tokenOf } from '../support/browser';
import { sharedPages } from '../support/shared-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The visitor's tests share one page for the file.
const pages = sharedPages(() => browser);

/** Downloads recorded per release, as this file's staff account sees them. */
async function downloadCounts(): Promise<Map<string, number>> {
  const staff = await tokenOf(await staffOf('software'));
  const list = (await api('Cam/GetDownloads', {}, staff)).ReturnData as Array<{ id: string; total: number }>;
  return new Map(list.map((r) => [r.id, r.total]));
}

describe('software pages in the browser', () => {
  const cards = [
    { key: 'nestTube10', type: '0' },
    { key: 'nest20', type: '1' },
    { key: 'nestTube15', type: '2' },
    { key: 'nest15', type: '3' },
    { key: 'nest10', type: '4' },
  ];
  for (const card of cards) {
    it(`the ${card.key} card leads to its page, which downloads the latest file and records it`, async () => {
      const latest = (await api('Cam/GetCamAssistant', { ProductType: card.type })).ReturnData[0];
      const before = (await downloadCounts()).get(latest.id) ?? 0;
      const page = await pages.page(null, 'en', 1280);
      await page.goto(portalUrl('/app/'));
      await page.getByTestId(`cam-card-${card.key}`).getByTestId('cam-download').click();
      await page.getByTestId('download-button').waitFor();
      expect(await page.getByTestId('software-download').textContent()).toContain(latest.versionnumber);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-button').click()]);
      expect(download.suggestedFilename()).toBe(latest.filename);
      expect((await downloadCounts()).get(latest.id)).toBe(before + 1);
    });
  }

  it('the information form shows its errors, then saves', async () => {
    const page = await pages.page(null, 'en', 375);
    await page.goto(portalUrl('/app/Information'));
    await page.getByTestId('information-submit').click();
    await page.getByTestId('information-summary').waitFor();
    await screenshot(page, 'e2e-information-errors-en-375');
    const fill = (name: string, value: string) => page.getByTestId('information-form').locator(`[name="${name}"]`).fill(value);
    await fill('userName', 'Zhao Lei');
    await fill('phone', '13800138000');
    await fill('email', 'not-an-email');
    await fill('companyName', 'Jinan Steel Works');
    await fill('address', '8 Harbour Road');
    await page.getByTestId('information-submit').click();
    await expect.poll(() => page.getByTestId('information-form').textContent()).toMatch(/email/i);
    await fill('email', 'zhao@example.com');
    await page.getByTestId('information-submit').click();
    await page.getByTestId('information-success').waitFor();
  });

  it('the warranty policy switches between its two machine types', async () => {
    const page = await pages.page(null, 'zh', 1280);
    await page.goto(portalUrl('/app/policy'));
    await page.getByTestId('policy-rule').first().waitFor();
    const first = await page.getByTestId('policy-title').textContent();
    await page.getByTestId('policy-tab-1').click();
    await expect.poll(() => page.getByTestId('policy-title').textContent()).not.toBe(first);
    await screenshot(page, 'e2e-policy-zh-1280');
  });

  it('a visitor reaches the software tab from the login page, opens a download page and comes back', async () => {
    const page = await pages.page(null, 'en', 1280);
    await page.goto(portalUrl('/app/Login'));
    await page.getByTestId('login-visitor').click();
    await page.waitForURL(/\/app\/visitor\/software$/);
    await page.getByTestId('software-info-nest').click();
    await page.waitForURL(/\/app\/bodornest\/true$/);
    await page.getByTestId('page-back').click();
    await page.waitForURL(/\/app\/visitor\/software$/);
    expect(await page.evaluate(() => localStorage.getItem('isVisitor'))).toBe('true');
  });
});
