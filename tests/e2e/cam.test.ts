import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, api, codeFromOutbox, launchBrowser, logIn, openPage, portalUrl, screenshot, tokenOf } from '../support/browser';
import { sharedPages } from '../support/shared-pages';
import { pageProblems } from '../support/route-walk';

// The CAM page in Chromium on the shared e2e portal. Each language's customer has the demo
// customer's licences (Nest expiring in 5 days, Nest Tube in 40, one expired) and 6200 points,
// and exchanges the 5-day licence for 300 points.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// One signed-in page per customer for the file.
const pages = sharedPages(() => browser);

const HAN = /[\u4e00-\u9fff]/;

async function openCam(file: 'cam' | 'cam-zh', lang: 'zh' | 'en', width = 1280): Promise<Page> {
  const page = await pages.page((await accountsOf(file)).customer, lang, width);
  await page.goto(portalUrl('/app/index/cam'));
  await page.getByTestId('cam-licence-row').first().waitFor();
  return page;
}

for (const [file, lang] of [
  ['cam', 'en'],
  ['cam-zh', 'zh'],
] as const) {
  describe(`the CAM page in ${lang}`, () => {
    it('exchanges points for the licence that expires in 5 days and shows the new balance and expiry', async () => {
      const page = await openCam(file, lang);
      await expect.poll(() => page.getByTestId('cam-licence-row').count()).toBe(3);
      await expect.poll(() => page.getByTestId('cam-points-value').textContent()).toMatch(/6,?200/);
      // Two offered licences in the exchange table: only the one in its 7-day window can be pressed.
      const rows = page.getByTestId('cam-exchange-row');
      await expect.poll(() => rows.count()).toBe(3);
      const buttons = page.getByTestId('cam-exchange-button');
      const enabled = await buttons.evaluateAll((bs) => bs.filter((b) => !(b as HTMLButtonElement).disabled).length);
      expect(enabled).toBe(1);
      expect(await page.getByTestId('cam-exchange-cost').first().textContent()).toMatch(/300/);
      // The exchange table with its struck-through full prices, axe- and language-clean.
      expect(await pageProblems(page, lang)).toEqual([]);
      await screenshot(page, `cam-${lang}-1280-before`);

      const token = await tokenOf((await accountsOf(file)).customer);
      const before = (await api('Cam/USERWEBgetuserdogPageList', {}, token)).ReturnData as Array<{ licenseId: string; expiredTime: number }>;
      const soon = before.reduce((a, b) => (Math.abs(a.expiredTime - Date.now() / 1000 - 5 * 86400) < Math.abs(b.expiredTime - Date.now() / 1000 - 5 * 86400) ? a : b));

      // A double click is one exchange.
      const button = page.locator(`[data-testid="cam-exchange-row"][data-licence="${soon.licenseId}"]`).getByTestId('cam-exchange-button');
      await button.dblclick();
      await page.getByTestId('cam-exchanged').waitFor();
      await expect.poll(() => page.getByTestId('cam-points-value').textContent()).toMatch(/5,?900/);
      const after = (await api('Cam/USERWEBgetuserdogPageList', {}, token)).ReturnData as Array<{ licenseId: string; expiredTime: number }>;
      const extended = after.find((l) => l.licenseId === soon.licenseId)!;
      expect(extended.expiredTime - soon.expiredTime).toBe(365 * 86400);
      expect((await api('User/GetMallPoints', {}, token)).ReturnData).toBe(5900);
      // The new expiry is on the page, and the licence's button is now disabled.
      const expiry = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(
        extended.expiredTime * 1000,
      );
      expect(await page.getByTestId('cam-exchanged').textContent()).toContain(expiry);
      expect(await page.locator(`[data-testid="cam-licence-row"][data-licence="${soon.licenseId}"]`).textContent()).toContain(expiry);
      expect(await button.isDisabled()).toBe(true);

      // Nothing of the other language on the page.
      const text = (await page.getByTestId('cam-page').innerText()).replace(/Nest( Tube)?( V\d\.\d)?|[\w.-]+@[\w.-]+|[A-Z]\w{9}/g, '');
      if (lang === 'en') expect(text).not.toMatch(HAN);
      else expect(text).not.toMatch(/\b(?:the|points|licence|exchange|download|video)\b/i);
      await screenshot(page, `cam-${lang}-1280-after`);

      // Video buttons: the nest card opens the tutorials, the tube cards say there is no video yet.
      await page.getByTestId('cam-video-tube10').click();
      await expect.poll(() => page.getByText(lang === 'zh' ? '暂无视频' : 'no video yet').count()).toBeGreaterThan(0);
      await page.getByTestId('cam-video-nest').click();
      await page.waitForURL(/\/app\/nestvideo/);
    });

    it('downloads the newest Nest release from its card', async () => {
      const page = await openCam(file, lang);
      const button = page.getByTestId('cam-download-nest');
      await expect.poll(() => button.isEnabled()).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/\.(zip|exe|msi)$/i);
    });

    it('fits a 375 px screen', async () => {
      const page = await openCam(file, lang, 375);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The licence table scrolls sideways here: its region takes keyboard focus (axe scrollable-region-focusable).
      expect(await pageProblems(page, lang)).toEqual([]);
      await screenshot(page, `cam-${lang}-375`);
    });
  });
}

/** A new account in the default internal domain (CAM_INTERNAL_DOMAINS: laser.internal), registered as a user would. */
async function internalAccount(tag: string) {
  const email = `${tag}-${Date.now().toString(36)}@laser.internal`;
  expect((await api('User/RegisterEmlie', { Email: email })).code).toBe(200);
  const EmailCode = await codeFromOutbox(email);
  const password = 'internal-pass-1';
  const saved = await api('User/SaveUser', {
    Account: email,
    Email: email,
    RealName: 'Li Lei',
    FullPathId: '44',
    FullPathName: '中国',
    Address: 'Jinan',
    Password: password,
    IsDomestic: '0',
    CreateOrigin: '0',
    EmailCode,
  });
  expect(saved.code, saved.info).toBe(200);
  return { account: email, password };
}

for (const [lang, width] of [
  ['zh', 1280],
  ['en', 375],
] as const) {
  it(`an internal-domain user confirms name and account in the drawer before the exchange table shows (${lang}, ${width} px)`, async () => {
    const who = await internalAccount(`cam-${lang}`);
    const { page } = await openPage(browser, { lang, width });
    await logIn(page, who);
    await page.goto(portalUrl('/app/index/cam'));
    const drawer = page.getByTestId('cam-confirm-drawer');
    await drawer.waitFor();
    expect(await page.getByTestId('cam-exchange').count()).toBe(0);
    await page.getByTestId('cam-confirm-submit').click();
    await page.getByTestId('cam-confirm-joberr').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `cam-confirm-${lang}-${width}`);
    await page.locator('input[name="realName"]').fill('Li Lei');
    await page.locator('input[name="account"]').fill('someone-else@laser.internal');
    await page.getByTestId('cam-confirm-submit').click();
    await page.getByTestId('cam-confirm-refused').waitFor();
    await page.locator('input[name="account"]').fill(who.account);
    await page.getByTestId('cam-confirm-submit').click();
    await page.getByTestId('cam-exchange').waitFor();
    // Remembered by the server: a fresh load shows the table without the drawer.
    await page.reload();
    await page.getByTestId('cam-exchange').waitFor();
    expect(await drawer.count()).toBe(0);
    await screenshot(page, `cam-confirmed-${lang}-${width}`);
    await page.context().close();
  });
}
