import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenFile } from '../../src/server/spa/first-screen-pages';
import { launchBrowser } from '../support/chromium';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 21, item 6: every page of the app carries a strict CSP. A page built like the real one (an
// inline boot script that loads the app's module from /app/assets, the first screen's inline
// language script) still works in Chromium, and a script slipped into the page is refused.
let portal: TestPortal;
let browser: Browser;
let base: string;
const dist = mkdtempSync(path.join(tmpdir(), 'csp-'));
const BOOT = `(function(){var s=document.createElement('script');s.type='module';s.src='/app/assets/app-1.js';document.head.appendChild(s)})()`;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>t</title></head><body><div id="root"></div>\n<script>${BOOT}</script></body></html>`,
  );
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), `window.appRan = true; window.brandSeen = window.__BRAND__.name; fetch('/api/health').then(r => r.json()).then(b => { window.apiCode = b.code; });
const ws = new WebSocket(location.origin.replace('http', 'ws') + '/mqtt', 'mqtt'); ws.onopen = () => { window.mqttOpen = true; ws.close(); };`);
  writeFileSync(path.join(dist, firstScreenFile('landing')), `<div id="first-screen"><p id="lang"></p></div><script>document.getElementById('lang').textContent = 'zh';</script>`);
  portal = await createTestPortal({}, { distDir: dist });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(portal.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the Content-Security-Policy of the pages', () => {
  it('is sent on every page: hashes for the inline scripts, no unsafe-inline script, connections to the portal only', async () => {
    for (const url of ['/app/', '/app/Login', '/app/index/device']) {
      const csp = (await portal.app.inject({ url })).headers['content-security-policy'] as string;
      expect(csp, url).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('lets the page work in Chromium and refuses an injected inline script and event handler', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
    await page.goto(`${base}/app/`);
    await page.waitForFunction(() => (window as any).apiCode === 200 && (window as any).mqttOpen === true, null, { timeout: 10_000 });
    expect(await page.evaluate(() => [(window as any).appRan, (window as any).brandSeen, document.getElementById('lang')?.textContent])).toEqual([true, 'Laser', 'zh']);
    // What a stored XSS would do: an inline script and an inline event handler put into the page.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.pwnedScript = true';
      document.body.appendChild(s);
      document.getElementById('root')!.innerHTML = '<img src="/nope.png" onerror="window.pwnedHandler = true">';
    });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => [(window as any).pwnedScript, (window as any).pwnedHandler])).toEqual([undefined, undefined]);
    expect(violations.join('\n')).toMatch(/Content Security Policy/);
    await page.close();
  });
});
