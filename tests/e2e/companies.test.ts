import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, api, launchBrowser, portalUrl, releaseAccounts, screenshot, tokenOf } from '../support/browser';
import { pageProblems } from '../support/route-walk';
import { sharedPages } from '../support/shared-pages';

// Issue 37 in the browser: two companies. The owner of one invites the other customer by e-mail
// (en, 1280 px); the invitee opens the mail's link, accepts, works in the new company and switches
// back to their own in the avatar menu (zh, 375 px); the owner changes the member's role and
// removes them, which ends their session. axe and the language check on each screen, dialogs open.

const OWNER = (await accountsOf('companies')).customer;
const MEMBER = (await accountsOf('companies-member')).customer;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await releaseAccounts('companies');
  await releaseAccounts('companies-member');
});
const pages = sharedPages(() => browser);

/** The path of the newest invitation mailed to an address (`/app/invitation?code=...`). */
async function invitationLink(address: string): Promise<string> {
  const res = await fetch(portalUrl('/dev/outbox.json'));
  const body = (await res.json()) as { ReturnData: Array<{ to: string; text: string }> };
  const link = body.ReturnData.find((e) => e.to === address.toLowerCase())?.text.match(/https?:\/\/\S+\/app\/invitation\?code=\S+/)?.[0];
  if (!link) throw new Error(`no invitation in the outbox for ${address}`);
  return new URL(link).pathname + new URL(link).search;
}

const fleetNames = (page: Page) => page.locator('[data-testid="fleet-tile"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-order-number')));

describe('company accounts', () => {
  it('invites by e-mail from the company page (en, 1280 px)', async () => {
    const page = await pages.page(OWNER, 'en');
    await page.goto(portalUrl('/app/usercenter'));
    await page.getByTestId('uc-company').click();
    await page.getByTestId('company-page').waitFor();
    expect(await page.getByTestId('company-page').getAttribute('data-role')).toBe('owner');
    // A company of one: its owner cannot leave it, and names it.
    expect(await page.getByTestId('company-leave').count()).toBe(0);
    await page.getByTestId('company-rename').click();
    await page.getByTestId('company-name-input').fill('  Jinan Sheet Metal Works ');
    await page.getByTestId('company-name-save').click();
    await page.getByTestId('company-name').filter({ hasText: /^Jinan Sheet Metal Works$/ }).waitFor();
    await page.getByTestId('company-invite-send').click();
    await page.getByTestId('company-problem').filter({ hasText: 'Please enter an e-mail address' }).waitFor();
    await page.getByTestId('company-invite-email').fill(MEMBER.account);
    await page.getByTestId('company-invite-role').selectOption('engineer');
    await page.getByTestId('company-invite-send').click();
    await page.getByTestId('company-notice').filter({ hasText: `Invitation sent to ${MEMBER.account}` }).waitFor();
    await page.getByTestId('company-invitation').filter({ hasText: MEMBER.account }).waitFor();
    expect(await pageProblems(page, 'en')).toEqual([]);
    await screenshot(page, 'company-owner-en');
  });

  it('joins by the link, works in the company and switches back in the avatar menu (zh, 375 px)', async () => {
    const link = await invitationLink(MEMBER.account);
    // A visitor is asked to log in first; the link survives the login.
    const visitor = await pages.page(null, 'zh', 375);
    await visitor.goto(portalUrl(link));
    await visitor.getByTestId('invitation-login').waitFor();
    expect(await pageProblems(visitor, 'zh')).toEqual([]);
    expect(decodeURIComponent(await visitor.getByTestId('invitation-login').getAttribute('href') ?? '')).toBe(`/app/Login?redirect=${link.slice('/app'.length)}`);

    const page = await pages.page(MEMBER, 'zh', 375);
    await page.goto(portalUrl(link));
    await page.getByTestId('invitation-accept').click();
    await page.getByTestId('invitation-joined').filter({ hasText: '您已以“工程师”身份加入 Jinan Sheet Metal Works' }).waitFor();
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'company-invitation-zh-375');
    await page.getByTestId('invitation-open').click();
    await page.waitForURL(/\/app\/index\/device/);
    await page.locator('[data-testid="fleet-tile"]').first().waitFor();
    expect((await fleetNames(page)).sort()).toEqual(OWNER.fleet.map((m) => m.orderNumber).sort());

    // The link once used answers that it is spent.
    await page.goto(portalUrl(link));
    await page.getByTestId('invitation-accept').click();
    await page.getByTestId('invitation-refused').filter({ hasText: '该邀请已失效' }).waitFor();

    // The company page as an engineer: members, no invitations, leaving offered.
    await page.goto(portalUrl('/app/company'));
    await page.getByTestId('company-page').waitFor();
    expect(await page.getByTestId('company-page').getAttribute('data-role')).toBe('engineer');
    expect(await page.getByTestId('company-invite').count()).toBe(0);
    expect(await page.getByTestId('company-member').count()).toBe(2);
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'company-engineer-zh-375');

    await page.goto(portalUrl('/app/index/device'));
    await page.getByTestId('account-menu').click();
    await page.getByTestId('menu-current-company').filter({ hasText: 'Jinan Sheet Metal Works' }).waitFor();
    await page.getByTestId('switch-company').waitFor();
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'company-switcher-zh-375');
    await page.getByTestId('switch-company').click();
    await page.waitForURL(/\/app\/index\/device/);
    await page.waitForFunction((own) => [...document.querySelectorAll('[data-testid="fleet-tile"]')].some((c) => c.getAttribute('data-order-number') === own), MEMBER.fleet[0].orderNumber);
    expect((await fleetNames(page)).sort()).toEqual(MEMBER.fleet.map((m) => m.orderNumber).sort());
  });

  it("changes the member's role and removes them, which ends their session (en)", async () => {
    const memberToken = await tokenOf(MEMBER);
    const page = await pages.page(OWNER, 'en', 375);
    await page.goto(portalUrl('/app/company'));
    const row = page.getByTestId('company-member').filter({ hasText: MEMBER.account });
    await row.getByTestId('company-member-role').selectOption('viewer');
    await page.getByTestId('company-notice').filter({ hasText: 'Role changed' }).waitFor();
    await row.and(page.locator('[data-role="viewer"]')).waitFor();
    await row.getByTestId('company-member-remove').click();
    await page.getByTestId('company-remove-dialog').waitFor();
    expect(await pageProblems(page, 'en')).toEqual([]);
    await page.getByTestId('company-remove-dialog-confirm').click();
    await page.getByTestId('company-notice').filter({ hasText: 'Member removed' }).waitFor();
    expect(await page.getByTestId('company-member').count()).toBe(1);
    await screenshot(page, 'company-removed-en-375');
    // Every session of the removed member ended with the removal.
    expect((await api('Company/GetCompanies', {}, memberToken)).code).not.toBe(200);
  });
});
