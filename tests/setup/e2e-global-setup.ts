import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { startPortal } from '../../src/server/start';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the SPA if stale and starts the real portal (embedded PostgreSQL, outbox) for the browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests need Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SMTP_URL: '',
    RATE_LIMIT_SCALE: '20',
  });
  const portal = await startPortal(config);
  project.provide('portalUrl', portal.url.replace('localhost', '127.0.0.1'));
  return async () => {
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
