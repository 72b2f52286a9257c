import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, animationsSettled, api, launchBrowser, logIn, openPage, portalUrl, screenshot, staffOf, tokenOf, downloaded } from '../support/browser';
import { sharedPages } from '../support/shared-pages';

// Issue 19 in Chromium: staff log in on /service (the modal stays for a customer in the standard
// language), find a machine, open its drawer and its random files; approve a pending registration
// in the staff console, which then logs in; the audit log shows the approval. Both languages,
// 1280 and 375 px.

const STAFF = await staffOf('staff');
const CUSTOMER = (await accountsOf('staff')).customer;
const MACHINE = CUSTOMER.fleet[0]!.orderNumber;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The staff's tests share one signed-in page; the service login and a customer's view open their own.
const pages = sharedPages(() => browser);

async function loginOnService(page: Page, who: { account: string; password: string }) {
  await page.getByTestId('service-account').fill(who.account);
  await page.getByTestId('service-password').fill(who.password);
  await page.getByTestId('service-login-submit').click();
}

async function findMachine(page: Page) {
  await page.getByTestId('service-machine-row').first().waitFor();
  await page.getByTestId('service-search').fill(MACHINE);
  await page.getByTestId('service-search-submit').click();
  // The search narrows the table to order numbers holding the text (another file's G3015-STAFFCONSOLE holds it too).
  await expect
    .poll(() => page.getByTestId('service-machine-row').evaluateAll((rows, text) => rows.every((r) => r.getAttribute('data-order-number')?.includes(text)) && rows.map((r) => r.getAttribute('data-order-number')), MACHINE))
    .toContain(MACHINE);
  await page.locator(`[data-testid="service-machine-row"][data-order-number="${MACHINE}"]`).getByTestId('service-open-drawer').click();
  await page.getByTestId('service-drawer').waitFor();
  await expect.poll(() => page.locator('[data-field="OrderNumber"]').textContent()).toBe(MACHINE);
  await expect.poll(() => page.locator('[data-field="Owner"]').textContent()).toBe(CUSTOMER.account);
  await expect.poll(() => page.getByTestId('service-file-row').count()).toBe(4);
}

describe('the internal service page', () => {
  it('zh: the modal stays for a customer, opens for staff; the table, the drawer and the files', async () => {
    const { page, context } = await openPage(browser, { lang: 'zh', width: 1280 });
    await page.goto(portalUrl('/app/service'));
    await page.getByTestId('service-login').waitFor();
    await animationsSettled(page); // the modal has finished its entrance animation
    await screenshot(page, 'staff-service-login-zh-1280');
    // Escape does not close it, and the table stays hidden.
    await page.keyboard.press('Escape');
    await loginOnService(page, CUSTOMER);
    await expect.poll(() => page.getByTestId('service-login-error').textContent()).toBe('该账号不是公司账号，无权访问');
    expect(await page.getByTestId('service-machines').count()).toBe(0);
    await loginOnService(page, STAFF);
    await page.getByTestId('service-login').waitFor({ state: 'detached' });
    await findMachine(page);
    await animationsSettled(page);
    await screenshot(page, 'staff-service-drawer-zh-1280');
    await page.keyboard.press('Escape');
    await page.getByTestId('service-drawer').waitFor({ state: 'detached' });
    await screenshot(page, 'staff-service-table-zh-1280');
    expect(await page.getByTestId('service-machines-pager-page').textContent()).toMatch(/^第 1 \/ \d+ 页$/);
    await context.close();
  });

  it('en at 375 px: staff log in, find the machine and its files', async () => {
    const { page, context } = await openPage(browser, { lang: 'en', width: 375 });
    await page.goto(portalUrl('/app/service?lang=en'));
    await page.getByTestId('service-login').waitFor();
    await loginOnService(page, STAFF);
    await findMachine(page);
    await animationsSettled(page);
    await screenshot(page, 'staff-service-drawer-en-375');
    await context.close();
  });

  it('the lifecycle mode looks a machine up by order number, and says no data for an unknown one', async () => {
    const { page, context } = await openPage(browser, { lang: 'en', width: 1280 });
    await page.goto(portalUrl('/app/service?lang=plm'));
    await loginOnService(page, STAFF);
    await page.getByTestId('lifecycle-order-number').fill('NO-SUCH-1');
    await page.getByTestId('lifecycle-submit').click();
    await expect.poll(() => page.getByTestId('lifecycle-no-data').textContent()).toBe('No data found');
    await page.getByTestId('lifecycle-order-number').fill(MACHINE);
    await page.getByTestId('lifecycle-submit').click();
    await expect.poll(() => page.getByTestId('service-file-row').count()).toBe(4);
    await context.close();
  });
});

describe('the staff console', () => {
  it('approves a pending registration that then logs in; the audit log shows it (zh and en)', async () => {
    for (const [lang, width] of [['zh', 1280], ['en', 375]] as const) {
      const email = `pending-${lang}-${Date.now()}@example.com`;
      const saved = await api('User/SaveEmailErrorUser', {
        Account: email, RealName: 'Zhao Lei', Mobile: '', Email: email, FullPathId: '44-370000', FullPathName: '中国/山东省',
        Address: '3 Industrial Road', Password: 'secret-pass-1', IsDomestic: '0', CreateOrigin: '0',
      });
      expect(saved.code).toBe(200);
      expect((await api('Login/UserLogin', { Account: email, Password: 'secret-pass-1' })).code).toBe(403);
      const page = await pages.page(STAFF, lang, width);
      await page.goto(portalUrl('/app/staff'));
      await page.waitForURL(/\/app\/staff\/registrations$/);
      const row = page.locator(`[data-testid="registration-row"][data-account="${email}"]`);
      await row.waitFor();
      await screenshot(page, `staff-registrations-${lang}-${width}`);
      await row.getByTestId('registration-approve').click();
      await row.waitFor({ state: 'detached' });
      expect((await api('Login/UserLogin', { Account: email, Password: 'secret-pass-1' })).code).toBe(200);
      await page.getByTestId('staff-tab-audit').click();
      // Typed at once, as a person does: a filter sent while the tab's first list is loading
      // replaces that load (paged-list.machine.ts; it was once dropped under load).
      await page.getByTestId('audit-action').fill('User/ReviewUser');
      await page.getByTestId('audit-filter').click();
      await expect.poll(() => page.getByTestId('audit-row').first().getAttribute('data-action')).toBe('User/ReviewUser');
      expect(await page.getByTestId('audit-row').first().textContent()).toContain('pending_review');
      await screenshot(page, `staff-audit-${lang}-${width}`);
    }
  });

  it('reads the contact leads and exports them as CSV', async () => {
    const name = `Lead ${Date.now()}`;
    const saved = await api('Home/SaveContact', { Name: name, Phone: '13700000000', Email: 'lead@example.com', Company: 'Lead Co', Message: '=1+1 please call', lang: 'en' });
    expect(saved.code, saved.info).toBe(200);
    const page = await pages.page(STAFF, 'zh', 1280);
    await page.goto(portalUrl('/app/staff/leads'));
    await expect.poll(() => page.getByTestId('lead-row').allTextContents().then((rows) => rows.some((r) => r.includes(name)))).toBe(true);
    await screenshot(page, 'staff-leads-zh-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('leads-export').click()]);
    expect(download.suggestedFilename()).toBe('leads-contact.csv');
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv.startsWith('\ufeff"时间","姓名"')).toBe(true);
    expect(csv).toContain(`"${name}"`);
    expect(csv).toContain(`"'=1+1 please call"`);
  });

  it('shows the downloads per release as a chart and a table (en, 375 px)', async () => {
    const page = await pages.page(STAFF, 'en', 375);
    await page.goto(portalUrl('/app/staff/downloads'));
    await expect.poll(() => page.getByTestId('downloads-row').count()).toBeGreaterThan(0);
    const releases = await api('Cam/GetDownloads', {}, await tokenOf(STAFF));
    expect(await page.getByTestId('downloads-row').count()).toBe(releases.ReturnData.length);
    await page.locator('[data-testid="downloads-chart"] canvas').waitFor();
    await screenshot(page, 'staff-downloads-en-375');
  });

  it('a customer sees the staff-only note; a visitor is sent to log in', async () => {
    const { page, context } = await openPage(browser, { lang: 'en', width: 1280 });
    await page.goto(portalUrl('/app/staff/audit'));
    await page.waitForURL(/\/app\/(Login|login)/);
    await logIn(page, CUSTOMER);
    // The note comes without a call the server must refuse: no 403 in the console, no tab's table.
    const refused: string[] = [];
    page.on('response', (response) => response.status() === 403 && refused.push(response.url()));
    page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));
    for (const path of ['/app/staff', '/app/staff/audit', '/app/staff/work-orders']) {
      await page.goto(portalUrl(path));
      await page.getByTestId('staff-only').waitFor();
      expect(await page.getByTestId('staff-tabs').count()).toBe(0);
    }
    expect(refused).toEqual([]);
    await context.close();
  });
});
