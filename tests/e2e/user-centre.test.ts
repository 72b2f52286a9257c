import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, api, codeFromOutbox, launchBrowser, logIn, openPage, portalUrl, screenshot, tokenOf } from '../support/browser';
import { pageProblems } from '../support/route-walk';
import { sharedPages } from '../support/shared-pages';
import { PNG_1PX } from '../support/multipart';
import { XSS_CORPUS } from '../support/xss-corpus';

// The user centre and the feedback forms in Chromium (issue 14): the customer edits the profile,
// changes the e-mail with the code from the outbox, sends a user feedback with both files, sees
// it in the question list, marks it urgent; staff answer it; the customer reads the answer.

const { customer, staff } = await accountsOf('user-centre');
const STAMP = Date.now().toString(36);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The customer's tests share one signed-in page (the staff's answer has its own context).
const pages = sharedPages(() => browser);

async function openCentre(lang: 'zh' | 'en', width = 1280): Promise<Page> {
  const page = await pages.page(customer, lang, width);
  await page.goto(portalUrl('/app/usercenter'));
  await page.getByTestId('uc-profile').waitFor();
  return page;
}

describe('the user centre', () => {
  it('saves the profile and changes the e-mail with the code from the outbox', async () => {
    const page = await openCentre('en');
    const name = page.locator('input[name="realName"]');
    await name.fill('');
    await page.getByTestId('uc-profile-save').click();
    await page.getByText('Please enter your name').waitFor();
    await name.fill(`E2E Customer ${STAMP}`);
    await page.getByTestId('uc-profile-save').click();
    await expect.poll(() => page.getByTestId('uc-about-name').textContent()).toBe(`E2E Customer ${STAMP}`);

    const email = `uc-${STAMP}@example.com`;
    await page.getByTestId('uc-change-email').click();
    const dialog = page.getByTestId('uc-email-dialog');
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.getByTestId('code-button').click();
    await expect.poll(() => dialog.locator('input[name="email"]').isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByTestId('code-button').textContent()).toMatch(/\d+/);
    await dialog.locator('input[name="code"]').fill(await codeFromOutbox(email));
    await dialog.getByTestId('uc-email-submit').click();
    await expect.poll(() => page.getByTestId('uc-about-email').textContent()).toContain(email);
    await screenshot(page, 'user-centre-en-1280');
  });

  it('sends a user feedback with both files, marks it urgent, and shows the staff answer', async () => {
    const page = await pages.page(customer, 'en', 1280);
    await page.goto(portalUrl('/app/userReport'));
    await page.getByTestId('fb-product').waitFor();
    await expect.poll(() => page.locator('input[name="userName"]').inputValue()).not.toBe('');
    expect(await page.locator('input[name="userName"]').isDisabled()).toBe(true);
    await page.getByTestId('fb-product').selectOption('1');
    await page.locator('input[name="version"]').fill('1.5.2');
    const title = `Import hangs ${STAMP}`;
    await page.locator('input[name="title"]').fill(title);
    const editor = page.getByTestId('rich-text-content');
    await editor.click();
    await page.keyboard.type('1. Open Nest Tube 2. Import the STEP file');
    await page.getByTestId('fb-input-main').setInputFiles({ name: 'part.bnt', mimeType: 'application/octet-stream', buffer: Buffer.from('BNT project\n') });
    await expect.poll(() => page.getByTestId('fb-file-main').textContent()).toBe('part.bnt');
    await page.getByTestId('fb-input-other').setInputFiles({ name: 'part.STEP', mimeType: 'application/octet-stream', buffer: Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\n') });
    await expect.poll(() => page.getByTestId('fb-file-other').textContent()).toBe('part.STEP');
    await screenshot(page, 'user-report-en-1280');
    await page.getByTestId('fb-submit').click();
    // Success resets the form.
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).toBe('');

    await page.goto(portalUrl('/app/usercenter'));
    const row = page.locator('[data-testid^="uc-question-"]', { hasText: title });
    await row.waitFor();
    await row.getByTestId('uc-question-urge').click();
    await row.getByText('Urgented').waitFor();
    expect(await row.getByTestId('uc-question-urge').count()).toBe(0);

    const token = await tokenOf(staff!);
    const list = await api('Cam/GetAllProblemFeedbacks', { ProcessingStatus: 0, Title: title }, token);
    const id = list.ReturnData[0].Id;
    expect(list.ReturnData[0]).toMatchObject({ IsComplaint: 1, BntFileName: 'part.bnt', OtherFileName: 'part.STEP' });
    // Staff answer it on their page.
    const { page: staffPage } = await openPage(browser, { lang: 'en', width: 1280 });
    await logIn(staffPage, staff!);
    await staffPage.goto(portalUrl('/app/staff/questions'));
    const card = staffPage.getByTestId(`sq-question-${id}`);
    await card.waitFor();
    await card.getByTestId('sq-answer-text').fill(`Please update to 1.5.3 (${STAMP})`);
    await card.getByTestId('sq-answer').click();
    await card.getByText(`Please update to 1.5.3 (${STAMP})`).waitFor();
    await screenshot(staffPage, 'staff-questions-en-1280');
    await staffPage.context().close();

    await page.reload();
    await row.getByTestId('uc-question-view').click();
    const drawer = page.getByTestId('uc-question-drawer');
    await drawer.getByText(`Please update to 1.5.3 (${STAMP})`).waitFor();
    await drawer.getByText('Customer file, cannot be changed: download only').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('uc-file-main').click()]);
    expect(download.suggestedFilename()).toBe('part.bnt');
    await screenshot(page, 'user-centre-drawer-en-1280');
  });

  it(`renders ${XSS_CORPUS.length} stored XSS payloads in the drawer without running any`, async () => {
    const token = await tokenOf(customer);
    const ids: number[] = [];
    for (let i = 0; i < XSS_CORPUS.length; i += 100) {
      const html = XSS_CORPUS.slice(i, i + 100).map((p, j) => `<p>case ${i + j}</p>${p.replace(/alert\(1\)/g, 'window.__xss=1')}`).join('\n');
      const sent = await api('Cam/ProblemFeedbackSave', { Product: 0, Version: '1', Title: `xss-${STAMP}-${i}`, HtmlContent: html, ExProcessingTime: new Date(Date.now() + 86_400_000).toISOString() }, token);
      expect(sent.code, sent.info).toBe(200);
      ids.push(sent.ReturnData.Id);
    }
    const page = await openCentre('en');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByTestId('uc-questions-search').fill(`xss-${STAMP}`);
    await page.getByTestId('uc-questions-search').press('Enter');
    await expect.poll(() => page.getByTestId('uc-question-view').count()).toBe(ids.length);
    for (let i = 0; i < ids.length; i++) {
      await page.locator(`[data-testid="uc-question-${ids[i]}"]`).getByTestId('uc-question-view').click();
      const steps = page.getByTestId('uc-question-steps');
      await steps.waitFor();
      await steps.hover();
      await page.waitForTimeout(150);
      expect(await steps.locator('script, iframe, object, embed, svg, form').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByTestId('uc-question-drawer').waitFor({ state: 'detached' });
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it('shows the loyalty level from the points ledger after a staff grant', async () => {
    const token = await tokenOf(staff!);
    const me = await api('User/GetUsers', {}, await tokenOf(customer));
    const granted = await api('User/ChangePoints', { TargetUserId: me.ReturnData[0].UserId, Delta: 10001, Reason: `Purchase ${STAMP}`, Source: 'purchase', IdempotencyKey: `e2e-${STAMP}` }, token);
    expect(granted.code, granted.info).toBe(200);
    const page = await openCentre('en');
    await expect.poll(() => page.getByTestId('uc-loyalty-level').getAttribute('data-level')).toBe('3');
    expect(await page.getByTestId('uc-loyalty-level').textContent()).toBe('Gold');
    expect(await page.getByTestId('uc-loyalty-next').textContent()).toBe('10,000 more points to the next level (above 20,000 points)');
    expect(await page.getByTestId('uc-loyalty-history').textContent()).toContain(`Purchase ${STAMP}`);
    // The history's green and red amounts are legible (axe colour contrast).
    expect(await pageProblems(page, 'en')).toEqual([]);
  });

  it('shows the pages in Chinese at 1280 and 375 px', async () => {
    // A purchase booked by staff, so the points history has a row whichever test ran first.
    const me = await api('User/GetUsers', {}, await tokenOf(customer));
    const booked = await api('User/ChangePoints', { TargetUserId: me.ReturnData[0].UserId, Delta: 50, Reason: `PO-${STAMP}`, Source: 'purchase', IdempotencyKey: `e2e-zh-${STAMP}` }, await tokenOf(staff!));
    expect(booked.code, booked.info).toBe(200);
    for (const width of [1280, 375]) {
      const page = await openCentre('zh', width);
      await page.getByTestId('uc-questions').getByText('我的问题').waitFor();
      await screenshot(page, `user-centre-zh-${width}`);
      if (width === 1280) {
        // The points history names each change's source in Chinese (the customer's welcome points, and any grant).
        await page.getByTestId('uc-loyalty-history').waitFor();
        expect(await page.getByTestId('uc-loyalty-history').innerText()).toContain(`购买 · PO-${STAMP}`);
        expect(await pageProblems(page, 'zh')).toEqual([]);
        // A refusal of the server reads in the page's language.
        await page.getByTestId('uc-change-email').click();
        const dialog = page.getByTestId('uc-email-dialog');
        const email = `zh-${STAMP}@example.com`;
        await dialog.locator('input[name="email"]').fill(email);
        await dialog.getByTestId('code-button').click();
        await expect.poll(() => dialog.locator('input[name="email"]').isDisabled()).toBe(true);
        const code = await codeFromOutbox(email);
        await dialog.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000');
        await dialog.getByTestId('uc-email-submit').click();
        expect(await dialog.getByTestId('uc-email-error').textContent()).toBe('验证码错误！');
        await screenshot(page, 'user-centre-email-zh-1280');
        await page.keyboard.press('Escape');
      }
      await page.goto(portalUrl('/app/userReport'));
      await page.getByTestId('fb-product').waitFor();
      await screenshot(page, `user-report-zh-${width}`);
    }
  });

  // An avatar near the 2 MB limit (a 1 px PNG with bytes after its end, which browsers ignore), and the
  // area cascade of registration in the profile: typed, chosen by keyboard, saved through User/Save.
  const bigAvatar = Buffer.concat([PNG_1PX, Buffer.alloc(1_900_000, 0x20)]);
  const chooseArea = async (page: Page, level: string, typed: string, option: RegExp) => {
    const input = page.getByTestId(`uc-area-${level}`).locator('input');
    await expect.poll(() => input.isDisabled()).toBe(false);
    await input.focus();
    await page.keyboard.type(typed);
    await page.getByRole('listbox').getByRole('option', { name: option }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toMatch(option);
  };

  for (const [lang, width] of [['en', 1280], ['zh', 375]] as const) {
    it(`shows the avatar upload's progress and saves a region chosen in the area cascade (${lang}, ${width})`, async () => {
      const page = await openCentre(lang, width);
      // Every progress value the page shows, recorded in the page as it renders them.
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { avatarSeen: number[] }).avatarSeen = seen;
        new MutationObserver(() => {
          const el = document.querySelector('[data-testid="uc-avatar-progress"]');
          if (el) seen.push(Number(el.getAttribute('data-value')));
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
      await page.getByTestId('uc-avatar-input').setInputFiles({ name: `me-${lang}.png`, mimeType: 'image/png', buffer: bigAvatar });
      const progress = page.getByTestId('uc-avatar-progress');
      await progress.waitFor();
      await expect.poll(async () => Number(await progress.getAttribute('data-value'))).toBeGreaterThan(0);
      await screenshot(page, `user-centre-avatar-progress-${lang}-${width}`);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await page.getByText(lang === 'en' ? 'Avatar updated' : '头像已更新').waitFor();
      await progress.waitFor({ state: 'detached' });
      const seen = await page.evaluate(() => (window as unknown as { avatarSeen: number[] }).avatarSeen);
      expect(seen.some((v) => v > 0 && v < 100), `progress values seen: ${[...new Set(seen)].join(',')}`).toBe(true);
      await expect.poll(() => page.getByTestId('uc-avatar-image').getAttribute('src')).toMatch(/^\/api\/User\/Avatar\/[0-9a-f]{32}\/avatar\.png$/);

      // The region: nation, province and city, each named in the page's language.
      const area = page.getByTestId('uc-profile-area');
      await area.scrollIntoViewIfNeeded();
      // The cascade's "show suggestions" buttons are 24 px targets at least (WCAG 2.5.8).
      const triggers = await area.getByRole('button', { name: lang === 'en' ? 'Show suggestions' : '显示选项' }).all();
      expect(triggers.length).toBeGreaterThan(0);
      for (const trigger of triggers) {
        const box = (await trigger.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      }
      if (lang === 'en') {
        await chooseArea(page, 'nation', 'Chin', /^China$/);
        await chooseArea(page, 'province', 'Shand', /^Shandong$/);
        await chooseArea(page, 'city', 'Jin', /^Jinan$/);
      } else {
        await chooseArea(page, 'nation', '中国', /^中国$/);
        await chooseArea(page, 'province', '山东', /^山东省$/);
        await chooseArea(page, 'city', '济南', /^济南市$/);
      }
      await screenshot(page, `user-centre-area-${lang}-${width}`);
      await page.getByTestId('uc-profile-save').click();
      const expected = lang === 'en' ? 'China/Shandong/Jinan' : '中国/山东省/济南市';
      await expect.poll(() => page.getByTestId('uc-profile-area-current').textContent()).toContain(expected);
      const me = await api('User/GetUsers', {}, await tokenOf(customer));
      // The wire's FullPathName is the spec's text as first saved (seen: the same region saved again from the zh page kept the en spelling); the page shows its own language's names.
      expect(me.ReturnData[0].FullPathId).toBe('44-37-3701');
      expect(['China/Shandong/Jinan', '中国/山东省/济南市']).toContain(me.ReturnData[0].FullPathName);
      const body = await page.locator('body').innerText();
      if (lang === 'en') expect(body).not.toMatch(/[\u4e00-\u9fff]/);
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }

  it('sends the CAM form back to the start page without Product and Version', async () => {
    const { page } = await openPage(browser, { lang: 'en', width: 375 });
    await page.goto(portalUrl('/app/camReport'));
    await page.waitForURL(/\/app\/?$/);
    await page.goto(portalUrl('/app/camReport?Product=1&Version=1.5'));
    await page.getByTestId('fb-product').waitFor();
    expect(await page.getByTestId('fb-product').inputValue()).toBe('1');
    await screenshot(page, 'cam-report-en-375');
    await page.context().close();
  });
});
