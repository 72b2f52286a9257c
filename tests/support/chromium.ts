import { chromium, type Browser, type Page } from 'playwright-core';
import type { Login } from './customers';

// Kept free of vitest, so the fault harnesses under scripts/faults drive Chromium the same way.

/** Debian's Chromium, and the flags every headless run here uses (tests, fault harnesses, benches). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium driven by playwright-core (no downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * Logs in on the login page of the portal at `base` and waits for the page the login lands on (a
 * customer's: the fleet). If the login page does not render, says which errors the page threw.
 */
export async function logInAt(page: Page, who: Login, base: string, landing: RegExp = /\/app\/index\/device$/): Promise<void> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  await page.goto(new URL('/app/Login', base).toString());
  const account = page.locator('input[name="account"]');
  await account.waitFor({ timeout: 15_000 }).catch((error: unknown) => {
    throw new Error(`the login page did not render; page errors: ${errors.join(' | ') || 'none'}`, { cause: error });
  });
  page.off('pageerror', onError);
  await account.fill(who.account);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}
