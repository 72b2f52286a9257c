import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENS_DIR = path.resolve('test-output/screens');

/** Debian's Chromium driven by playwright-core (no downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
}

export const portalUrl = (pathName = '/app/') => new URL(pathName, inject('portalUrl')).toString();

/** A fresh context at a width, with the stored language set before any page script runs. */
export async function openPage(browser: Browser, options: { width?: number; lang?: 'zh' | 'en' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 860 },
    deviceScaleFactor: 1,
    locale: options.lang === 'en' ? 'en-US' : 'zh-CN',
  });
  if (options.lang) await context.addInitScript((lang) => localStorage.getItem('lang') ?? localStorage.setItem('lang', lang), options.lang);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under test-output/screens, to be looked at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The newest code the outbox holds for an address, read over HTTP as a user reads their mail. */
export async function codeFromOutbox(address: string): Promise<string> {
  const res = await fetch(portalUrl('/dev/outbox.json'));
  const body = (await res.json()) as { ReturnData: Array<{ to: string; text: string }> };
  const entry = body.ReturnData.find((e) => e.to === address.toLowerCase());
  const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${address}`);
  return code;
}
