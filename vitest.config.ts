import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects, all run by `npm test`:
// - unit: domain, adapters, app and UI (UI files opt into jsdom with `// @vitest-environment jsdom`);
// - server: Fastify `inject` on one real PostgreSQL per run (embedded, or DATABASE_URL);
// - e2e: the built app served by the real portal, driven in Debian's Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: false,
    environment: 'node',
    setupFiles: ['tests/setup/fast-check.ts'],
    testTimeout: 15_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{domain,adapters,app,ui}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/ui-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/pg-global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
