import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BASE = '/app/';
const LANDING_ROUTE = 'src/ui/landing/landing-screen.tsx';

/**
 * On the landing page only, the browser fetches the landing route's chunk and its imports next
 * to the entry instead of after it has run (one round trip less before the first screen). The
 * other pages share index.html, hence the check of the path in the page.
 */
function preloadLandingChunks(): Plugin {
  return {
    name: 'portal:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk');
        const landing = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(LANDING_ROUTE));
        if (!landing) throw new Error(`${LANDING_ROUTE} is no chunk of its own: the landing preload needs it`);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string, seen = new Set<string>()) => {
          if (seen.has(start)) return seen;
          seen.add(start);
          for (const next of byFile.get(start)?.imports ?? []) closure(next, seen);
          return seen;
        };
        const inEntry = closure(entry.fileName);
        const files = [...closure(landing.fileName)].filter((file) => !inEntry.has(file)).map((file) => `${BASE}${file}`);
        const script =
          `/^${BASE.replace(/\//g, '\\/')}?$/.test(location.pathname)&&${JSON.stringify(files)}.forEach(function(f){` +
          `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Writes a `.br` and a `.gz` next to every text asset of the build, once, so the server sends
 * them compressed (@fastify/static `preCompressed`) without compressing on every request.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The SPA lives under /app/ and talks to the API on the same origin; `npm run dev` proxies /api.
export default defineConfig({
  base: BASE,
  plugins: [react(), preloadLandingChunks(), precompressAssets()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // The manifest lists each chunk's static imports: bench/landing-bundle.ts and the landing
    // budget test read the landing page's first load from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Chakra's layout and text primitives, used by nearly every page: one file instead
              // of a dozen tiny ones (over HTTP/1.1 each is a request waiting for a connection).
              name: 'ui-base',
              test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|button|flex|stack|link|container|grid|heading|simple-grid|center|spinner|text|icon|image|separator|badge|skeleton|group)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/mqtt': { target: 'ws://127.0.0.1:8080', ws: true },
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
