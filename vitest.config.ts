import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongestFirst from './tests/setup/sequencer';

// Every core, and the e2e files beside the others: Vitest's default for a run (cores - 1) gave
// this 2-core machine one worker, and files waiting on a browser or a portal left the cores idle.
const WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

/** The test files under `dir` with a line `// @<marker>: <why>`. */
const marked = (dir: string, marker: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && new RegExp(`^// @${marker}: \\S`, 'm').test(readFileSync(`${dir}/${file}`, 'utf8')))
    .map((file) => `${dir}/${file}`);

/**
 * The fault harnesses' short runs (a portal of their own killed or restarted under load, in a
 * child process): `.ci/run` runs them after `npm test`, as project `faults`. They cost npm test
 * some 500 s of wall on this 2-core machine for what one failure of theirs tells in a change that
 * does not touch start-up, storage or reconnecting, which the outage and restart tests of `server`
 * and `e2e` cover at their cheaper level (docs/TESTING.md, "The fault harnesses").
 */
const FAULT_FILES = ['tests/server/crash-consistency.test.ts', 'tests/e2e/restarts.test.ts'];

/** The server files that run again in the store run. */
const STORE_FILES = marked('tests/server', 'store');
/** The unit files that need a module graph of their own (the rest share their worker's). */
const ISOLATED_FILES = ['tests/domain', 'tests/adapters', 'tests/app', 'tests/ui'].flatMap((dir) => marked(dir, 'isolated'));

// Three projects, all run by `npm test` (scripts/test.mjs: unit and server in one Vitest process,
// e2e in another beside it):
// - unit: domain, adapters, app and UI (UI files opt into jsdom with `// @vitest-environment jsdom`);
// - server: Fastify `inject` on one real PostgreSQL per run (embedded, or DATABASE_URL);
// - e2e: the built app served by the real portal, driven in Debian's Chromium; a portal and a
//   Chromium per test worker (tests/support/e2e-pool.ts, tests/support/browser.ts), so e2e files run in parallel too.
// In CI a server or browser test that fails is run once more before the run is red. Each full run
// on this 2-core machine under the suite's own load met one or two tests that waited on timing
// (docs/TESTING.md lists them, each to be fixed to wait on its event); a test that fails twice
// fails the run, and Vitest's report marks the ones that passed on the second try as flaky.
const CI_RETRY = process.env.CI ? 1 : 0;

export default defineConfig({
  plugins: [react()],
  test: {
    globals: false,
    environment: 'node',
    setupFiles: ['tests/setup/fast-check.ts', 'tests/setup/cpu-meta.ts'],
    // The JSON report feeds scripts/test-times.mjs (time per project, the slowest files).
    // TEST_REPORT names it (scripts/test.mjs gives each of its Vitest processes one).
    reporters: ['default', ['json', { outputFile: process.env.TEST_REPORT || 'test-output/vitest.json' }]],
    // Longest files first, a project's and an environment's files together (tests/file-times.json).
    sequence: { sequencer: LongestFirst },
    maxWorkers: WORKERS,
    // Timeouts are guards against a test that hangs, never a pace a passing test must keep: the
    // same suite costs three times the CPU on some machines of this kind as on others (a run of
    // 750 s on one took 2,490 s on another, every process slower alike), and a guard set near a
    // fast machine's times failed tests there that were only waiting their turn for a core.
    testTimeout: 60_000,
    hookTimeout: 240_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{domain,adapters,app,ui}/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_FILES,
          setupFiles: ['tests/setup/ui-setup.ts'],
          // A worker imports React, Chakra and the domain once for all its files, not once per
          // file (two thirds of the project's CPU time). Files share module state and jsdom's
          // document, so a file leaves none behind (ui-setup.ts resets the document), and one
          // that cannot says why with `// @isolated:` and runs in unit-isolated (docs/TESTING.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: ISOLATED_FILES,
          setupFiles: ['tests/setup/ui-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: FAULT_FILES,
          globalSetup: ['tests/setup/pg-global-setup.ts'],
          // Records every statement sent, for the store run's check on another PostgreSQL.
          setupFiles: ['tests/setup/sql-record.ts'],
          // The server's modules once per worker; each file still builds its own portal on its own database.
          isolate: false,
          testTimeout: 120_000,
          retry: CI_RETRY,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: FAULT_FILES,
          globalSetup: ['tests/setup/e2e-global-setup.ts'],
          setupFiles: ['tests/setup/e2e-cpu-meta.ts'],
          // A worker keeps its modules (Playwright, the support code) for all its files: a fresh
          // process per file cost 2.3 CPU-s a file before its first test. The files keep no module
          // state of their own between them (their pages, contexts and hooks are the file's).
          isolate: false,
          testTimeout: 240_000,
          // expect.poll gives up after 1 s by default: a page on a busy machine can take longer
          // to show what it will show. A poll ends as soon as its value is there.
          expect: { poll: { timeout: 30_000 } },
          retry: CI_RETRY,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: FAULT_FILES,
          // Each harness starts its portals itself (the restart harness builds the app first).
          testTimeout: 900_000,
          retry: CI_RETRY,
        },
      },
      // The store run (.ci/run: STORE_TESTS=1 with DATABASE_URL, after npm test): what differs
      // between the embedded PostgreSQL and another server. Every recorded statement, and the
      // server files that say why they must also pass there (a `// @store:` line).
      ...(process.env.STORE_TESTS
        ? [
            {
              extends: true as const,
              test: {
                name: 'store',
                include: ['tests/store/**/*.test.ts', ...STORE_FILES],
                globalSetup: ['tests/setup/pg-global-setup.ts'],
                isolate: false,
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
