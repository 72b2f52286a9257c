import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startProcess, type ServerProcess } from './processes';

// What the landing-page benchmarks share: the built portal in its own process, and Debian's
// Chromium with the suite's flags (tests/support/chromium.ts) plus two flags that keep every
// request on this machine.

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

/**
 * Nothing leaves the loopback interface: host names other than localhost resolve to nothing, and
 * every non-loopback address (IP literals too) goes to a proxy port where nobody listens. Chromium
 * never sends loopback through a proxy, so the portal itself is reached directly.
 */
export const LOOPBACK_ONLY_FLAGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  '--proxy-server=http://127.0.0.1:9',
];

/** Debian's Chromium driven by playwright-core, loopback only. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...LOOPBACK_ONLY_FLAGS] });
}

const PORTAL_READY = /portal ready at http:\/\/localhost:(\d+)/;

/** The portal as `npm start` runs it (the SPA in dist/ must be built), on a free port with demo data. */
export async function startBuiltPortal(work: string): Promise<ServerProcess & { url: string }> {
  const portal = await startProcess(
    'src/server/server.ts',
    // MQTT_PORT 0: the machines' listener on a free port, so two benches (or a running portal) do not clash on 1884.
    { PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'info', SEED_DEMO: 'true', SMTP_URL: '' },
    PORTAL_READY,
    path.join(work, 'portal.log'),
  );
  return { ...portal, url: `http://127.0.0.1:${portal.port}` };
}
