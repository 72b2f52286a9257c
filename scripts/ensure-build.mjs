// Builds the SPA and the server bundle before `npm start` when either is missing or older than its
// sources, so a fresh clone needs only `npm install && npm start`, and a second start skips both.
//
// One build at a time: callers that meet (the browser tests' pool and the restart harness both ask
// at the start of `npm test`) wait for the build under way, then find it fresh. Two vite builds in
// one dist/ at once emptied it under each other (a clean clone's CI run, 2026-12-02).
import { execSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const LOCK = path.join(root, 'build', '.ensure-build.lock');
/** Far beyond a build on the slowest machine seen (about 2 minutes). */
const STALE_MS = 15 * 60_000;

/** Takes the build lock (a file holding the builder's pid); a lock whose process is gone is taken over. */
async function lock() {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(LOCK, 'wx');
      writeSync(fd, String(process.pid));
      return fd;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = 0;
    let age = 0;
    try {
      holder = Number(readFileSync(LOCK, 'utf8').trim() || 0);
      age = Date.now() - statSync(LOCK).mtimeMs;
    } catch (error) {
      if (error.code === 'ENOENT') continue; // released meanwhile: try again at once
      throw error;
    }
    // A holder that is gone, or a lock older than any build (its pid since taken by another process), is taken over.
    if ((holder && !alive(holder)) || age > STALE_MS) {
      try {
        unlinkSync(LOCK);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
      continue;
    }
    await sleep(200);
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const held = await lock();
try {
  await ensureBuilt();
} finally {
  closeSync(held);
  unlinkSync(LOCK);
}

async function ensureBuilt() {
  const sources = Math.max(
    newest(path.join(root, 'src', 'ui')),
    newest(path.join(root, 'src', 'app')),
    newest(path.join(root, 'src', 'domain')),
    newest(path.join(root, 'src', 'ports')),
    newest(path.join(root, 'src', 'adapters')),
    newest(path.join(root, 'public')), // copied into dist/ as is (the tutorial videos among them)
    statSync(path.join(root, 'index.html')).mtimeMs,
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
    newest(path.join(root, 'scripts', 'vite')), // the build's own plugins
    statSync(path.join(root, 'scripts', 'prerender-first-screens.tsx')).mtimeMs,
    newest(path.join(root, 'src', 'server', 'first-screens')), // the prerender renders through these
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log('Building the browser app (dist/ is missing or older than the sources)...');
    // Always a production build: under vitest NODE_ENV is `test`, which would give React's development build.
    execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }

  // The server's bundle (scripts/build-server.mjs): everything of src/ but the command-line tools
  // (src/cli), the browser's views and machines too, which paint the pages the server sends with
  // the caller's data (ADR 0026), and the demo's seed data (src/seed) that a start writes.
  const serverSources = Math.max(
    ...['server', 'seed', 'adapters', 'domain', 'contract', 'ports', 'ui', 'app'].map((dir) => newest(path.join(root, 'src', dir))),
    statSync(path.join(root, 'scripts', 'build-server.mjs')).mtimeMs,
    statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  if (!existsSync(SERVER_BUNDLE) || statSync(SERVER_BUNDLE).mtimeMs < serverSources) {
    console.log('Bundling the server (build/server/ is missing or older than the sources)...');
    await buildServer();
  }
}

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}
