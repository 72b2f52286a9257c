import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

// The landing page's JavaScript, two ways:
// - first load: what the browser must fetch before it can show the first screen, i.e. the entry
//   and the landing route's chunk with everything they import statically (Vite preloads exactly
//   these), read from dist/.vite/manifest.json. Issue 3's budget applies to this figure.
// - after it settles: every script the page fetched in Chromium until the network was quiet
//   (the sections below the first screen, the menus, the language machine, the app's services).
// Sizes are each file gzipped at level 9, as Vite's build report does. Used by `npm run bench`
// (bench/lighthouse.ts) and tests/e2e/landing-budget.test.ts; `tsx bench/landing-bundle.ts`
// builds the app, starts the portal and prints both lists.

/** Issue 3: the landing page's first-load JavaScript, gzip, in bytes (kB of 1000, as Vite reports). */
export const LANDING_JS_BUDGET_GZIP = 180_000;

/** The landing page's route module, as the manifest names it. */
export const LANDING_ROUTE_SOURCE = 'src/ui/landing/landing-screen.tsx';

/** Libraries that must never load on the landing page (issue 3), by the path of their package. */
export const HEAVY_LIBRARIES = /node_modules\/(mqtt|chart\.js|lexical|@lexical)\//;

export const DIST_DIR = path.resolve('dist');

/**
 * Builds the app for production into `outDir`. NODE_ENV is set on purpose: under vitest it is
 * `test`, and Vite would then bundle React's development build (about 40% more JavaScript).
 */
/** `extra`: more flags for vite (bench/long-tasks.ts builds without minifying, so profiles name functions). */
export function buildProduction(outDir = DIST_DIR, extra: readonly string[] = []): string {
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return outDir;
}

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface ScriptSize {
  /** The file under dist/, `assets/index-abc.js`. */
  file: string;
  bytes: number;
  gzip: number;
}

export interface ScriptList {
  scripts: ScriptSize[];
  totalBytes: number;
  totalGzip: number;
}

function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of `keys` and everything they import statically. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

function sizeOf(distDir: string, file: string): ScriptSize {
  const body = readFileSync(path.join(distDir, file));
  return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

export function listOf(scripts: ScriptSize[]): ScriptList {
  const sorted = [...scripts].sort((a, b) => b.gzip - a.gzip);
  return { scripts: sorted, totalBytes: sorted.reduce((n, s) => n + s.bytes, 0), totalGzip: sorted.reduce((n, s) => n + s.gzip, 0) };
}

/** The scripts the browser needs before it shows the landing page's first screen. */
export function landingFirstLoad(distDir = DIST_DIR): ScriptList {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the manifest: build with build.manifest');
  if (!manifest[LANDING_ROUTE_SOURCE]) throw new Error(`${LANDING_ROUTE_SOURCE} is not a chunk of its own any more`);
  const files = [...staticClosure(manifest, [entry, LANDING_ROUTE_SOURCE])].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  return listOf(files.map((file) => sizeOf(distDir, file)));
}

/** The chunks of the heavy libraries (each is imported dynamically where it is used). */
export function heavyLibraryFiles(distDir = DIST_DIR): string[] {
  const manifest = readManifest(distDir);
  return Object.keys(manifest)
    .filter((key) => HEAVY_LIBRARIES.test(manifest[key].src ?? key))
    .map((key) => manifest[key].file);
}

/** Opens `url` in a fresh context and lists every script it fetched until the network was quiet. */
export async function measureLoadedScripts(browser: Browser, url: string, lang: 'zh' | 'en' = 'zh'): Promise<ScriptList> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  try {
    const page = await context.newPage();
    const bodies: Array<Promise<ScriptSize | null>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const file = new URL(response.url()).pathname.replace(/^\/app\//, '');
      bodies.push(
        response.body().then(
          (body) => ({ file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('#contact').waitFor();
    await page.waitForLoadState('networkidle');
    return listOf((await Promise.all(bodies)).filter((s): s is ScriptSize => s !== null));
  } finally {
    await context.close();
  }
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** A plain-text table of the scripts, largest first. */
export function describeScripts(list: ScriptList, title: string): string {
  const lines = list.scripts.map((s) => `${kB(s.gzip).padStart(8)} kB gzip ${kB(s.bytes).padStart(8)} kB  ${s.file}`);
  lines.push(`${kB(list.totalGzip).padStart(8)} kB gzip ${kB(list.totalBytes).padStart(8)} kB  ${title}, ${list.scripts.length} files`);
  return lines.join('\n');
}

async function main() {
  const { chmodSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { launchChromium, startBuiltPortal } = await import('./landing-portal');

  buildProduction();
  const first = landingFirstLoad();
  console.log(`${describeScripts(first, 'first load')}\nbudget ${kB(LANDING_JS_BUDGET_GZIP)} kB gzip: ${first.totalGzip <= LANDING_JS_BUDGET_GZIP ? 'within' : 'OVER'}`);
  const work = mkdtempSync(path.join(tmpdir(), 'portal-landing-'));
  chmodSync(work, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const portal = await startBuiltPortal(work);
  const browser = await launchChromium();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const loaded = await measureLoadedScripts(browser, `${portal.url}/app/?lan=${lang}`, lang);
      console.log(`\n/app/?lan=${lang} in Chromium\n${describeScripts(loaded, 'after the page settles')}`);
    }
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
