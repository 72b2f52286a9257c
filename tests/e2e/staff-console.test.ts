import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, animationsSettled, api, codeFromOutbox, launchBrowser, logIn, openPage, portalUrl, screenshot, staffOf, tokenOf } from '../support/browser';
import { pageProblems } from '../support/route-walk';
import { sharedPages } from '../support/shared-pages';

// Issue 19 in Chromium: the staff console's machine registry (edit, unbind with a reason, add),
// its work-order tab (a move the customer then sees) and its release tab (a publish with its
// progress bar that the landing page then shows), and its site videos tab (a replacement the
// standards page then plays). zh and en, 1280 and 375 px.

const STAFF = await staffOf('staff-console');
const CUSTOMER = (await accountsOf('staff-console')).customer;
const FLEET = CUSTOMER.fleet.map((m) => m.orderNumber);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
// The staff's tests share one signed-in page; a customer's view opens its own.
const pages = sharedPages(() => browser);

async function staffPage(lang: 'zh' | 'en', width: number, tab: string): Promise<Page> {
  const page = await pages.page(STAFF, lang, width);
  await page.goto(portalUrl(`/app/staff/${tab}`));
  return page;
}

/**
 * Notes whether an element shows at any moment from now (an upload's progress bar: on a quiet
 * machine the bytes leave in a moment and the bar is gone before a locator polls); answers the check.
 */
async function watchFor(page: Page, testId: string): Promise<() => Promise<boolean>> {
  await page.evaluate((id) => {
    const seen = window as unknown as { shown?: Record<string, boolean> };
    seen.shown ??= {};
    new MutationObserver(() => {
      if (document.querySelector(`[data-testid="${id}"]`)) seen.shown![id] = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, testId);
  return () => page.evaluate((id) => (window as unknown as { shown?: Record<string, boolean> }).shown?.[id] === true, testId);
}

const registryRow = (page: Page, order: string) => page.locator(`[data-testid="registry-row"][data-order="${order}"]`);

describe('the machine registry tab', () => {
  it('zh 1280: finds a customer machine, edits its spec 3 fields, unbinds it with a reason; the customer loses it', async () => {
    const machine = FLEET[0]!;
    const page = await staffPage('zh', 1280, 'registry');
    await page.getByTestId('registry-search').fill(machine);
    await page.getByTestId('registry-search-go').click();
    const row = registryRow(page, machine);
    await row.waitFor();
    expect(await row.getByTestId('registry-owner').innerText()).toBe(CUSTOMER.account);
    await row.getByTestId('registry-edit').click();
    await page.getByTestId('registry-dialog').waitFor();
    await page.getByTestId('registry-detail-Voltage').fill('380 V');
    await page.getByTestId('registry-detail-FLC').fill('32 A');
    await animationsSettled(page); // the dialog has finished its entrance animation
    await screenshot(page, 'staff-registry-edit-zh-1280');
    await page.getByTestId('registry-submit').click();
    await page.getByTestId('registry-dialog').waitFor({ state: 'detached' });
    // The service page's drawer now answers the fields from the registry.
    const staffToken = await tokenOf(STAFF);
    const table = await api('Machine/GetMachineTables', { OrderNumber: machine, PrevPageNums: 0, TopNums: 10 }, staffToken);
    expect(table.ReturnData[0]).toMatchObject({ Voltage: '380 V', FLC: '32 A' });

    // Staff withdraw the machine's QR labels (issue 39): confirmed in a dialog, audited with the revisions.
    await row.getByTestId('registry-withdraw-labels').click();
    await page.getByTestId('registry-dialog').waitFor();
    expect(await page.getByTestId('registry-dialog').innerText()).toContain(machine);
    await page.getByTestId('registry-submit').click();
    await page.getByTestId('registry-dialog').waitFor({ state: 'detached' });
    const withdrawn = await api('Staff/GetAuditLog', { Action: 'Staff/WithdrawMachineLabels', Object: machine }, staffToken);
    expect(withdrawn.ReturnData[0]).toMatchObject({ Result: 'done', After: { LabelRevision: withdrawn.ReturnData[0].Before.LabelRevision + 1 } });

    await row.getByTestId('registry-unbind').click();
    await page.getByTestId('registry-submit').click();
    await expect.poll(() => page.getByTestId('registry-error').innerText()).toBe('请填写解绑原因');
    await page.getByTestId('registry-reason').fill('设备已转售给其他公司');
    await animationsSettled(page); // the dialog has finished its entrance animation
    await screenshot(page, 'staff-registry-unbind-zh-1280');
    await page.getByTestId('registry-submit').click();
    await page.getByTestId('registry-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('registry-owner').innerText()).toBe('未绑定');
    await screenshot(page, 'staff-registry-zh-1280');
    const customerToken = await tokenOf(CUSTOMER);
    const mine = await api('Machine/GetMyMachine', {}, customerToken);
    expect((Array.isArray(mine.ReturnData) ? mine.ReturnData : []).map((m: { ordernumber: string }) => m.ordernumber)).not.toContain(machine);
    const audit = await api('Staff/GetAuditLog', { Action: 'Staff/UnbindMachine', Object: machine }, staffToken);
    expect(audit.ReturnData[0]).toMatchObject({ Result: 'done', Request: { Reason: '设备已转售给其他公司' } });
  });

  it('en 375: registers a machine, which the list then shows unbound', async () => {
    const order = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const page = await staffPage('en', 375, 'registry');
    await page.getByTestId('registry-row').first().waitFor();
    await screenshot(page, 'staff-registry-en-375');
    await page.getByTestId('registry-add').click();
    await page.getByTestId('registry-field-orderNumber').fill(order);
    await page.getByTestId('registry-submit').click();
    await expect.poll(() => page.getByTestId('registry-error').innerText()).toBe('Please enter the name');
    await page.getByTestId('registry-field-name').fill('G3015 Fiber Laser 6 kW');
    await page.getByTestId('registry-field-seriesName').fill('G');
    await page.getByTestId('registry-field-power').fill('6');
    await page.getByTestId('registry-detail-Warranty').fill('2028-01-01');
    await animationsSettled(page); // the dialog has finished its entrance animation
    await screenshot(page, 'staff-registry-add-en-375');
    await page.getByTestId('registry-submit').click();
    await page.getByTestId('registry-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('registry-search').fill(order);
    await page.getByTestId('registry-search-go').click();
    await expect.poll(() => registryRow(page, order).getByTestId('registry-owner').innerText()).toBe('Not bound');
    // The tab strip stays reachable at 375 px (no horizontal page overflow).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
});

describe('the work-order tab', () => {
  it("zh 375: a request raised from a machine's QR label is marked as such in staff's queue", async () => {
    // FLEET[0] is unbound by the registry test; FLEET[1] stays the customer's.
    const label = await api('Machine/GetMachineLabel', { OrderNumber: FLEET[1]! }, await tokenOf(CUSTOMER));
    const printed = (label.ReturnData.LabelPath as string).slice('/m/'.length);
    const contact = `scan-staff-${Date.now()}@factory.example`;
    expect((await api('Machine/SendLabelRequestCode', { Label: printed, Contact: contact })).code).toBe(200);
    const sent = await api('Machine/RequestRepairByLabel', { Label: printed, Contact: contact, Code: await codeFromOutbox(contact), Name: 'Li Lei', Content: 'E512 chiller' });
    expect(sent.code, sent.info).toBe(200);
    const page = await staffPage('zh', 375, 'work-orders');
    await page.getByTestId('work-orders-search').fill(sent.ReturnData.EventNum);
    await page.getByTestId('work-orders-search-go').click();
    const row = page.locator(`[data-testid="work-order-row"][data-event="${sent.ReturnData.EventNum}"]`);
    await row.waitFor();
    expect(await row.getByTestId('staff-order-from-label').innerText()).toBe('扫码报修');
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'staff-work-order-from-label-zh-375');
  });

  it('en 1280: staff move a customer order to in progress with a note; the customer sees the new step', async () => {
    const customerToken = await tokenOf(CUSTOMER);
    const parts = await api('Component/GetList', { lang: 'en' }, customerToken);
    const saved = await api(
      'CSSAPI/SaveWorkOrder',
      { OrderNumber: FLEET[1]!, Phone: '+86 531 8888 0000', Email: CUSTOMER.account, Company: 'Jinan Sheet Metal Co.', Province: '370000', City: '370100', ComponentId: parts.ReturnData[0].Id, Content: 'Nozzle collision' },
      customerToken,
    );
    expect(saved.code).toBe(200);
    const eventNum = saved.ReturnData.data as string;
    const page = await staffPage('en', 1280, 'work-orders');
    await page.getByTestId('work-orders-search').fill(eventNum);
    await page.getByTestId('work-orders-search-go').click();
    const row = page.locator(`[data-testid="work-order-row"][data-event="${eventNum}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-step')).toBe('0');
    await row.getByTestId('work-order-move').click();
    await page.getByTestId('work-order-note').fill('Engineer on the way');
    await animationsSettled(page); // the dialog has finished its entrance animation
    await screenshot(page, 'staff-work-order-move-en-1280');
    await page.getByTestId('work-order-confirm').click();
    await page.getByTestId('work-order-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getAttribute('data-step')).toBe('1');
    await page.getByTestId('work-orders-step').selectOption('1');
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(page, 'staff-work-orders-en-1280');

    const { page: customer } = await openPage(browser, { lang: 'en', width: 1280 });
    await logIn(customer, CUSTOMER);
    await customer.goto(portalUrl('/app/click'));
    const listed = customer.locator(`[data-testid="order-row"][data-event="${eventNum}"]`);
    await listed.waitFor();
    await expect.poll(() => listed.getByTestId('order-step').getAttribute('data-step')).toBe('1');
    await customer.context().close();
  });

  it('zh 375: the tab lists orders', async () => {
    const page = await staffPage('zh', 375, 'work-orders');
    await page.getByTestId('work-order-row').first().waitFor();
    await screenshot(page, 'staff-work-orders-zh-375');
  });
});

describe('the release tab', () => {
  it('zh 1280: publishes a release with a progress bar; the landing page shows the version (en 375 form too)', async () => {
    const version = `1.5.${Date.now() % 100000}`;
    const page = await staffPage('zh', 1280, 'releases');
    await page.getByTestId('release-product').selectOption('3');
    await page.getByTestId('release-publish').click();
    await expect.poll(() => page.getByTestId('release-error').innerText()).toBe('请输入版本号');
    await page.getByTestId('release-version').fill(version);
    await page.getByTestId('release-remark').fill('修复了套料的若干问题');
    await page.getByTestId('release-remark-en').fill('Fixes to nesting');
    // 8 MB, so the progress bar is seen while the bytes leave the browser.
    await page.getByTestId('release-file').setInputFiles({ name: `nest-${version}.exe`, mimeType: 'application/octet-stream', buffer: Buffer.alloc(8 * 1024 * 1024, 7) });
    const progressShown = await watchFor(page, 'release-progress');
    await page.getByTestId('release-publish').click();
    await page.getByTestId('release-published').waitFor({ timeout: 60_000 });
    expect(await progressShown()).toBe(true);
    expect(await page.getByTestId('release-published').innerText()).toContain(version);
    await screenshot(page, 'staff-releases-zh-1280');

    const { page: landing } = await openPage(browser, { lang: 'en', width: 1280 });
    await landing.goto(portalUrl('/'));
    await expect.poll(() => landing.getByTestId('cam-card-nest15').getByTestId('cam-version').innerText()).toContain(version);
    await landing.context().close();

    const narrow = await staffPage('en', 375, 'releases');
    await narrow.getByTestId('release-version').waitFor();
    await screenshot(narrow, 'staff-releases-en-375');
  });
});

describe('the site videos tab', () => {
  it('zh 375: replaces a standards video with upload progress; the standards page then plays it (en 1280 list too)', async () => {
    const page = await staffPage('zh', 375, 'videos');
    await page.locator('[data-testid="site-video-row"][data-video="standards-2"]').waitFor();
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await page.getByTestId('video-choice').selectOption('standards-2');
    // A nest lesson (10 s) in place of the standards' 12 s video: the page's player tells them apart.
    const lesson = readFileSync(path.resolve('public/videos/nest/lesson-01.mp4'));
    await page.getByTestId('video-file').setInputFiles({ name: 'network.mp4', mimeType: 'video/mp4', buffer: lesson });
    const progressShown = await watchFor(page, 'video-progress');
    await page.getByTestId('video-replace').click();
    await page.getByTestId('video-replaced').waitFor({ timeout: 60_000 });
    expect(await progressShown()).toBe(true);
    expect(await page.locator('[data-testid="site-video-row"][data-video="standards-2"]').getAttribute('data-replaced')).toBe('true');
    await screenshot(page, 'staff-videos-zh-375');

    const { page: visitor } = await openPage(browser, { lang: 'en', width: 1280 });
    await visitor.goto(portalUrl('/app/standards'));
    const duration = (n: number) =>
      visitor.getByTestId(`standards-video-${n}`).locator('video').evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            if (v.readyState >= 1) resolve(v.duration);
            else v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
            v.load();
          }),
      );
    expect(await duration(2)).toBeCloseTo(10, 0);
    expect(await duration(1)).toBeCloseTo(12, 0);
    await visitor.context().close();

    const wide = await staffPage('en', 1280, 'videos');
    await wide.locator('[data-testid="site-video-row"][data-replaced="true"]').first().waitFor();
    await screenshot(wide, 'staff-videos-en-1280');
  });
});

describe('the companies tab and the delivery log (issues 37, 39)', () => {
  it("zh 1280: finds the customer's company, sees its members and machines, moves a machine to another company (en 375 too)", async () => {
    const machine = FLEET[2]!;
    const staffToken = await tokenOf(STAFF);
    const customerToken = await tokenOf(CUSTOMER);
    const page = await staffPage('zh', 1280, 'companies');
    await page.getByTestId('companies-search').fill(CUSTOMER.account);
    await page.getByTestId('companies-search-go').click();
    const row = page.locator(`[data-testid="company-row"][data-owner="${CUSTOMER.account}"]`);
    // The unfiltered first page may show the row too: wait for the search's answer.
    await expect.poll(() => page.getByTestId('company-row').count()).toBe(1);
    await row.waitFor();
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await row.getByTestId('company-open').click();
    await page.locator(`[data-testid="company-machine-row"][data-order="${machine}"]`).waitFor();
    expect(await page.locator(`[data-testid="company-member-row"][data-account="${CUSTOMER.account}"]`).getAttribute('data-role')).toBe('owner');
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'staff-company-zh-1280');

    await page.locator(`[data-testid="company-machine-row"][data-order="${machine}"]`).getByTestId('company-machine-move').click();
    await page.getByTestId('company-move-dialog').waitFor();
    await page.getByTestId('company-move-confirm').click();
    await expect.poll(() => page.getByTestId('company-move-error').innerText()).toBe('请先查找并选择接收公司');
    // The staff account's own company takes it.
    await page.getByTestId('company-move-search').fill(STAFF.account);
    await page.getByTestId('company-move-find').click();
    await page.getByTestId('company-move-target').first().check();
    await animationsSettled(page);
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'staff-company-move-zh-1280');
    await page.getByTestId('company-move-confirm').click();
    await page.getByTestId('company-move-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('company-moved').waitFor();
    await expect.poll(() => page.locator(`[data-testid="company-machine-row"][data-order="${machine}"]`).count()).toBe(0);

    const mine = await api('Machine/GetMyMachine', {}, customerToken);
    expect((Array.isArray(mine.ReturnData) ? mine.ReturnData : []).map((m: { ordernumber: string }) => m.ordernumber)).not.toContain(machine);
    const audit = await api('Staff/GetAuditLog', { Action: 'Staff/MoveMachine', Object: machine }, staffToken);
    expect(audit.ReturnData).toHaveLength(1);
    expect(audit.ReturnData[0]).toMatchObject({ Result: 'done', Before: { OrderNumber: machine }, After: { OrderNumber: machine } });
    expect(audit.ReturnData[0].Before.CompanyId).not.toBe(audit.ReturnData[0].After.CompanyId);
    // The company's own delivery log, one link away (the label request of the work-order tab's test told its owner).
    await page.getByTestId('company-deliveries').click();
    await page.getByTestId('deliveries-company').waitFor();
    await page.getByTestId('delivery-row').first().waitFor();
    expect(await page.locator(`[data-testid="delivery-row"]:not([data-order="${FLEET[1]}"])`).count()).toBe(0);
    expect(await pageProblems(page, 'zh')).toEqual([]);

    const narrow = await staffPage('en', 375, 'companies');
    await narrow.getByTestId('company-row').first().waitFor();
    expect(await pageProblems(narrow, 'en')).toEqual([]);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(narrow, 'staff-companies-en-375');
  });

  it("en 375: the delivery log shows the label request's notifications of the customer's machine, filtered by channel (zh 1280 too)", async () => {
    // The work-order tab's test raised a repair request from FLEET[1]'s label: the owner's bell and e-mail were told.
    const page = await staffPage('en', 375, 'deliveries');
    await page.getByTestId('deliveries-search').fill(FLEET[1]!);
    await page.getByTestId('deliveries-search-go').click();
    const rows = page.locator(`[data-testid="delivery-row"][data-order="${FLEET[1]}"]`);
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().innerText()).toContain('Repair request from the QR label');
    await page.getByTestId('deliveries-channel').selectOption('bell');
    await expect.poll(() => page.locator('[data-testid="delivery-row"]:not([data-channel="bell"])').count()).toBe(0);
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await pageProblems(page, 'en')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'staff-deliveries-en-375');

    const wide = await staffPage('zh', 1280, 'deliveries');
    await wide.getByTestId('delivery-row').first().waitFor();
    expect(await pageProblems(wide, 'zh')).toEqual([]);
    await screenshot(wide, 'staff-deliveries-zh-1280');
  });
});
