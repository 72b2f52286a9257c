import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Renders the first screens of the landing, login and visitor software pages to HTML per language
 * once the bundle is written (scripts/prerender-first-screens.tsx; docs/adr/0008-landing-first-screen.md,
 * 0023). A child process, because the render needs the app's TSX modules under Node rather than in the bundle.
 */
export function prerenderFirstScreens(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'portal:prerender-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender-first-screens.tsx', outDir], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    },
  };
}
