import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
const BIG = 'export const data = ' + JSON.stringify(Array.from({ length: 500 }, (_, i) => `line ${i}`)) + ';';
const dist = mkdtempSync(path.join(tmpdir(), 'spa-'));
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'big-456.js'), BIG);
  writeFileSync(path.join(dist, 'assets', 'big-456.js.br'), brotliCompressSync(BIG));
  writeFileSync(path.join(dist, 'assets', 'big-456.js.gz'), gzipSync(BIG));
  portal = await createTestPortal({ BRAND_NAME: 'Acme</script><b>' }, { distDir: dist });
});
afterAll(async () => {
  await portal.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the SPA under /app/', () => {
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

  it('sends / to /app/', async () => {
    const res = await portal.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });
});
