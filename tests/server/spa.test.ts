import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_PLACEHOLDERS, FIRST_SCREEN_PAGES, firstScreenFile } from '../../src/server/spa/first-screen-pages';
import QRCode from 'qrcode';
import { miniProgramQrSrc } from '../../src/ui/common/mini-program-qr';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
const BIG = 'export const data = ' + JSON.stringify(Array.from({ length: 500 }, (_, i) => `line ${i}`)) + ';';
// What scripts/prerender-first-screens.tsx writes, in small: brand placeholders in text and in an attribute, the page's name.
const fragment = (page: string) =>
  `<template id="first-screen-zh"><h1 data-page="${page}">${BRAND_PLACEHOLDERS.name}</h1><a href="${BRAND_PLACEHOLDERS.officialSite}">site</a><p>${BRAND_PLACEHOLDERS.hotline} · ${BRAND_PLACEHOLDERS.mailbox}</p></template><div id="first-screen"></div><script>paint()</script>`;
const dist = mkdtempSync(path.join(tmpdir(), 'spa-'));
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'big-456.js'), BIG);
  writeFileSync(path.join(dist, 'assets', 'big-456.js.br'), brotliCompressSync(BIG));
  writeFileSync(path.join(dist, 'assets', 'big-456.js.gz'), gzipSync(BIG));
  for (const { key } of FIRST_SCREEN_PAGES) writeFileSync(path.join(dist, firstScreenFile(key)), fragment(key));
  portal = await createTestPortal({ BRAND_NAME: 'Acme</script><b>', BRAND_HOTLINE: '400-1<2 $&', BRAND_MINI_PROGRAM_ZH: 'https://example.com/zh-app', BRAND_MINI_PROGRAM_EN: 'https://example.com/en-app' }, { distDir: dist });
});
afterAll(async () => {
  await portal.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the SPA under /app/', () => {
  it('answers a folder of the build (GET /app/assets/) 404 in the envelope, not 400 "Forbidden" (issue 21, item 10)', async () => {
    for (const url of ['/app/assets/', '/app/assets/../assets/']) {
      const res = await portal.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 404 });
      // As a browser asks (the outside probe's repeat found the app page answered 200 then).
      const browser = await portal.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' } });
      expect(browser.statusCode, url).toBe(404);
    }
  });

  it('answers every page route with index.html carrying the brand, escaped', async () => {
    for (const url of ['/app/', '/app/Login', '/app/index/device', '/app/nestdown1.0', '/app/bodornest1.5/true', '/app/deviceInfo/A1/sheet']) {
      const res = await portal.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('window.__BRAND__=');
      expect(res.body).not.toContain('</script><b>');
    }
  });

  it('sends the precompressed copy the browser accepts, and the plain file otherwise', async () => {
    const br = await portal.app.inject({ url: '/app/assets/big-456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    const gz = await portal.app.inject({ url: '/app/assets/big-456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await portal.app.inject({ url: '/app/assets/big-456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it('serves assets with a long cache and answers a missing asset with a 404 envelope', async () => {
    const asset = await portal.app.inject({ url: '/app/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const missing = await portal.app.inject({ url: '/app/assets/gone-1.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(404);
  });

  it('sends every page compressed to browsers that accept it (each carries Chakra\'s global CSS from the build, ADR 0024)', async () => {
    for (const url of ['/app/Register', '/app/index/device', '/app/deviceInfo/A1/sheet']) {
      const plain = (await portal.app.inject({ url })).body;
      const br = await portal.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain);
      const gz = await portal.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain);
    }
  });

  it('sends / to /app/', async () => {
    const res = await portal.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });
});

describe('the pages with a first screen from the build (ADR 0008, 0023)', () => {
  const firstScreen = (body: string) => body.match(/<template id="first-screen-zh">.*?<\/template>/)?.[0];
  const PAGES: Record<string, string[]> = {
    landing: ['/app/', '/app', '/app/?lan=en'],
    login: ['/app/Login', '/app/login?lan=zh', '/app/LOGIN/'],
    'visitor-software': ['/app/visitor/software', '/app/visitor', '/app/visitor/software/?lan=en'],
  };

  it('carry their own prerendered first screen after the root, the brand filled in and escaped', async () => {
    for (const [page, urls] of Object.entries(PAGES)) {
      for (const url of urls) {
        const res = await portal.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(firstScreen(res.body), url).toBe(
          `<template id="first-screen-zh"><h1 data-page="${page}">Acme&lt;/script&gt;&lt;b&gt;</h1><a href="https://example.com">site</a><p>400-1&lt;2 $&amp; · service@example.com</p></template>`,
        );
        expect(res.body.indexOf('<div id="root"></div>'), 'the copy is laid over the root').toBeLessThan(res.body.indexOf('<div id="first-screen">'));
        expect(res.body).not.toContain('@@brand');
      }
    }
  });

  it('are sent compressed to browsers that accept them, the same page once unpacked', async () => {
    for (const url of ['/app/', '/app/Login', '/app/visitor/software']) {
      const plain = (await portal.app.inject({ url })).body;
      const br = await portal.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
      const gz = await portal.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    }
  });

  it('are only those pages: other pages and the fragment files themselves do not carry or serve one', async () => {
    for (const url of ['/app/Register', '/app/index', '/app/visitor/knowledge', '/app/loginx', ...FIRST_SCREEN_PAGES.map(({ key }) => `/app/${firstScreenFile(key)}`)]) {
      const res = await portal.app.inject({ url });
      expect(res.body, url).not.toContain('first-screen');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('paint from the app alone when the brand has a logo of its own, which the build cannot know', async () => {
    const withLogo = await createTestPortal({ BRAND_LOGO_URL: '/logo.png' }, { distDir: dist });
    try {
      for (const url of ['/app/', '/app/Login', '/app/visitor/software']) {
        const res = await withLogo.app.inject({ url });
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(res.body, url).not.toContain('first-screen');
      }
    } finally {
      await withLogo.close();
    }
  });
});

describe('the mini program QR code', () => {
  it('is an SVG image per language at the address the pages ask for, made from the brand\'s addresses', async () => {
    const images: string[] = [];
    for (const language of ['zh', 'en'] as const) {
      const res = await portal.app.inject({ url: miniProgramQrSrc(language) });
      expect(res.statusCode, language).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg [^>]*width="220" height="220"/);
      expect(res.body).toBe(await QRCode.toString(`https://example.com/${language}-app`, { type: 'svg', margin: 1, width: 220, color: { dark: '#1e3a8a', light: '#ffffff' } }));
      images.push(res.body);
    }
    expect(images[0]).not.toBe(images[1]);
  });
});
