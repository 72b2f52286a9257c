import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Every core, and the e2e files beside the others: Vitest's default for a run (cores - 1) gave
// this 2-core machine one worker, and files waiting on a browser or a portal left the cores idle.
const WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

// Three projects, all run by `npm test`:
// - unit: domain, adapters, app and UI (UI files opt into jsdom with `// @vitest-environment jsdom`);
// - server: Fastify `inject` on one real PostgreSQL per run (embedded, or DATABASE_URL);
// - e2e: the built app served by the real portal, driven in Debian's Chromium; a portal and a
//   Chromium per test worker (tests/support/e2e-pool.ts), so e2e files run in parallel too.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: false,
    environment: 'node',
    setupFiles: ['tests/setup/fast-check.ts', 'tests/setup/cpu-meta.ts'],
    // The JSON report feeds scripts/test-times.mjs (time per project, the slowest files).
    reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }]],
    maxWorkers: WORKERS,
    testTimeout: 15_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{domain,adapters,app,ui}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/ui-setup.ts'],
          // A worker imports React, Chakra and the domain once for all its files, not once per
          // file (half the project's CPU time). Files share module state, so a file leaves none
          // behind (docs/TESTING.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/pg-global-setup.ts'],
          // The server's modules once per worker; each file still builds its own portal on its own database.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-global-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
