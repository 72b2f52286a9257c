import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives under /app/ and talks to the API on the same origin; `npm run dev` proxies /api.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/mqtt': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
