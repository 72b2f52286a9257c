import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, portalUrl, screenshot } from '../support/browser';
import { sharedPages } from '../support/shared-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The visitor's tests share one page for the file.
const pages = sharedPages(() => browser);

const CARDS = ['nestTube10', 'nest20', 'nestTube15', 'nest15', 'nest10'];

/** Waits until every CAM card shows a release, the server's message or a failure. */
async function releasesSettled(page: Page) {
  await page.getByTestId('contact-form').waitFor();
  for (const key of CARDS) {
    await page.getByTestId(`cam-card-${key}`).locator('[data-testid=cam-version], [data-testid=cam-empty], button:has-text("Try again"), button:has-text("重试")').first().waitFor();
  }
}

describe('landing page in the browser', () => {
  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`renders every section in ${lang} at ${width} px without sideways scrolling`, async () => {
        const page = await pages.page(null, lang, width);
        await page.goto(portalUrl(`/app/?lan=${lang}`));
        await releasesSettled(page);
        const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id));
        expect(ids).toEqual(['top', 'platform', 'industries', 'mes', '', 'hub', 'partners', 'cam', 'contact']);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await page.getByTestId('landing-login').isVisible()).toBe(width > 767);
        expect(await page.getByTestId('landing-qr').isVisible()).toBe(width <= 767);
        expect(await page.getByTestId('industry-card').count()).toBe(width >= 1200 ? 5 : 1);
        await screenshot(page, `landing-${lang}-${width}`);
      });
    }
  }

  it('scrolls to a section 40 px below the top, shows the QR dialog on a phone', async () => {
    const page = await pages.page(null, 'en', 375);
    await page.goto(portalUrl('/app/'));
    await page.getByTestId('contact-form').waitFor();
    await page.getByTestId('landing-menu').click();
    await page.getByRole('menuitem', { name: 'HUB', exact: true }).click();
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('hub')!.getBoundingClientRect().top))).toBe(40);
    await page.getByTestId('landing-qr').click();
    await expect.poll(() => page.getByTestId('mini-program-dialog').locator('img').count()).toBe(1);
  });

  it('opens the download and video pages from the CAM cards', async () => {
    const page = await pages.page(null, 'en', 1280);
    await page.goto(portalUrl('/app/'));
    await releasesSettled(page);
    const tube = page.getByTestId('cam-card-nestTube10');
    await tube.getByTestId('cam-video').click();
    // The spec's message, as a toast (not text in the card).
    await page.getByText('no video yet', { exact: true }).first().waitFor();
    expect(await tube.getByText('no video yet').count()).toBe(0);
    await page.getByTestId('cam-card-nest20').getByTestId('cam-video').click();
    await page.waitForURL(/\/app\/nestvideo$/);
    await page.goBack();
    await page.getByTestId('cam-card-nest20').getByTestId('cam-download').click();
    await page.waitForURL(/\/app\/bodornest\/true$/);
  });

  it('sends the contact form as a lead', async () => {
    const page = await pages.page(null, 'zh', 1280);
    await page.goto(portalUrl('/app/'));
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    await page.getByTestId('contact-submit').click();
    expect(await form.getByText('电话不能为空').count()).toBe(1);
    await form.locator('input[name="name"]').fill('王芳');
    await form.locator('input[name="phone"]').fill('13800138000');
    await form.locator('input[name="company"]').fill('苏州精工钣金');
    await form.locator('textarea[name="message"]').fill('想了解 MES 报价，车间有 6 台激光设备。');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
  });
});
