import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootApp } from './scripts/vite/boot-app.ts';
import { chakraLazyGlobal } from './scripts/vite/chakra-lazy-global.ts';
import { precompressAssets } from './scripts/vite/precompress-assets.ts';
import { prerenderFirstScreens } from './scripts/vite/prerender-first-screens.ts';

const BASE = '/app/';

// The SPA lives under /app/ and talks to the API on the same origin; `npm run dev` proxies /api.
export default defineConfig({
  base: BASE,
  plugins: [react(), chakraLazyGlobal(), bootApp(BASE), prerenderFirstScreens(), precompressAssets()],
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
      // The mini program's QR codes are made by the server (src/server/spa/mini-program-qr.ts).
      '/app/mini-program-qr': 'http://127.0.0.1:8080',
      '/mqtt': { target: 'ws://127.0.0.1:8080', ws: true },
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
