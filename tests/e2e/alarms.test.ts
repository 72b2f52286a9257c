import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, failMachineNow, launchBrowser, portalUrl, releaseAccounts, screenshot } from '../support/browser';
import { pageProblems } from '../support/route-walk';
import { sharedPages } from '../support/shared-pages';

// Issue 39 item 1 in the browser: the customer chooses e-mail and a WeCom group robot on
// /notifications; one of their live machines fails on demand; the bell on the open page rings,
// the mail is in the outbox and the robot got one message, once for the episode.

const CUSTOMER = (await accountsOf('alarms')).customer;

/** A local group robot: keeps what it is sent. */
let robot: Server;
let robotUrl = '';
const received: { path: string; body: string }[] = [];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  robot = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}');
    });
  });
  await new Promise<void>((resolve) => robot.listen(0, '127.0.0.1', resolve));
  robotUrl = `http://127.0.0.1:${(robot.address() as { port: number }).port}/cgi-bin/webhook/send?key=e2e-robot-key`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => robot?.close(resolve));
  await releaseAccounts('alarms');
});
const pages = sharedPages(() => browser);

const mails = async (orderNumber: string) => {
  const res = await fetch(portalUrl('/dev/outbox.json'));
  const body = (await res.json()) as { ReturnData: Array<{ to: string; subject: string }> };
  return body.ReturnData.filter((e) => e.to === CUSTOMER.account.toLowerCase() && e.subject.includes(orderNumber));
};

describe('alarm notifications', () => {
  it('saves the choice and a group robot in zh at 375 px, and a failing machine rings the bell, mails and posts once', async () => {
    const page = await pages.page(CUSTOMER, 'zh', 375);
    await page.goto(portalUrl('/app/notifications'));
    await page.getByTestId('alarms-rule').waitFor();
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await page.getByTestId('alarms-rule-email').click();
    await page.getByTestId('alarms-rule-save').click();
    await page.getByTestId('alarms-notice').filter({ hasText: '通知设置已保存' }).waitFor();

    // A signed JSON webhook without a secret is refused under its own words.
    await page.getByTestId('alarms-hook-format').selectOption('json');
    await page.getByTestId('alarms-hook-url').fill('https://example.invalid/hook');
    await page.getByTestId('alarms-hook-add').click();
    await page.getByTestId('alarms-problem').filter({ hasText: '至少 16 位' }).waitFor();
    await page.getByTestId('alarms-hook-format').selectOption('wecom');
    await page.getByTestId('alarms-hook-url').fill(robotUrl);
    await page.getByTestId('alarms-hook-add').click();
    await page.getByTestId('alarms-hook').first().waitFor();
    // The robot's key is in its address: never shown back.
    expect(await page.getByTestId('alarms-hooks-table').innerText()).not.toContain('e2e-robot-key');
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'e2e-alarms-settings-zh-375');

    // On the fleet page, the bell; then a machine fails.
    await page.goto(portalUrl('/app/index/device'));
    await page.getByTestId('bell').waitFor();
    const failing = await failMachineNow('alarms');
    await page.getByTestId('bell-count').waitFor({ timeout: 15_000 });
    await page.getByTestId('bell').click();
    const item = page.locator(`[data-testid="bell-item"][data-order="${failing}"][data-event="raised"]`);
    await item.waitFor();
    expect(await item.innerText()).toMatch(/急停|报警停机/);
    expect(await pageProblems(page, 'zh')).toEqual([]);
    await screenshot(page, 'e2e-alarms-bell-zh-375');
    // Opened, the messages are read: no count is left.
    await page.getByTestId('bell-count').waitFor({ state: 'detached' });

    await expect.poll(async () => (await mails(failing)).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => received.filter((r) => r.body.includes(failing)).length, { timeout: 15_000 }).toBe(1);
    const posted = JSON.parse(received.find((r) => r.body.includes(failing))!.body);
    expect(posted.msgtype).toBe('markdown');
    expect(posted.markdown.content).toContain('设备报警');
  });

  it('shows the delivery log in English, with every message of the episode delivered', async () => {
    const page = await pages.page(CUSTOMER, 'en', 1280);
    await page.goto(portalUrl('/app/notifications'));
    await page.getByTestId('alarms-log-table').waitFor();
    const rows = page.getByTestId('alarms-log-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const text = await page.getByTestId('alarms-log-table').innerText();
    expect(text).toMatch(/Bell/);
    expect(text).toMatch(/E-mail/);
    expect(text).toMatch(/Webhook/);
    expect(text).not.toContain('e2e-robot-key');
    expect(await pageProblems(page, 'en')).toEqual([]);
    await screenshot(page, 'e2e-alarms-log-en-1280');
  });
});
