import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Renders the landing page's first screen to HTML per language once the bundle is written
 * (scripts/prerender-landing.tsx; docs/adr/0008-landing-first-screen.md). A child process, because
 * the render needs the app's TSX modules under Node rather than in the bundle.
 */
export function prerenderLanding(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'portal:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender-landing.tsx', outDir], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    },
  };
}
