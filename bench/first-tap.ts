import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProduction } from './landing-bundle';
import { launchChromium, startBuiltPortal } from './landing-portal';

// `npm run bench:first-tap [-- --keep-build] [--rate=10] [--rounds=5]`: how long a visitor's tap
// on the landing page's menu button waits for the menu (ADR 0025), on a phone-sized window with
// the CPU throttled (10x: what the calibrated Lighthouse runs apply here). Two cases: tapped
// 300 ms after the first paint (the app has not started, or is starting), and tapped once the app
// has taken over. A tap whose menu never opens (within 20 s) counts as -1.

const args = process.argv.slice(2);
const rate = Number(args.find((arg) => arg.startsWith('--rate='))?.slice(7) ?? 10);
const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 5);

async function main(): Promise<void> {
  if (!args.includes('--keep-build')) buildProduction();
  const work = mkdtempSync(path.join(tmpdir(), 'portal-first-tap-'));
  chmodSync(work, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const portal = await startBuiltPortal(work);
  const browser = await launchChromium();
  const waits: Record<'early' | 'late', number[]> = { early: [], late: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const when of ['early', 'late'] as const) {
        const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${portal.url}/app/?lan=en`, { waitUntil: 'commit' });
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
        if (when === 'early') await page.waitForTimeout(300);
        else {
          await page.waitForFunction(() => !document.getElementById('first-screen'), null, { timeout: 60_000 });
          await page.waitForTimeout(8_000); // the menus' chunk and the services have come
        }
        const tapped = Date.now();
        await page.locator('button[aria-label="Menu"]').first().click();
        const opened = await page.getByRole('menu').waitFor({ state: 'visible', timeout: 20_000 }).then(
          () => true,
          () => false,
        );
        waits[when].push(opened ? Date.now() - tapped : -1);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`CPU ${rate}x, ${rounds} rounds; ms from the tap to the open menu (-1: never opened)`);
  console.log(`tapped 300 ms after the first paint: ${waits.early.join(', ')}`);
  console.log(`tapped once the app has taken over: ${waits.late.join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
