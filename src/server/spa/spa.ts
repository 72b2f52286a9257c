import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { FIRST_SCREEN_FILE } from './first-screen-file';
import { pageCsp } from './csp';
import { landingPage } from './landing-page';

// Every answer has no MIME sniffing (app.ts); pages add the framing and referrer rules, which mean
// nothing on JSON.
const PAGE_HEADERS = { 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' };

const ASSET_FILE = /\.(m?js|css|map|svg|png|jpe?g|gif|webp|avif|ico|json|txt|xml|webmanifest|woff2?|ttf|otf|mp4|webm|wasm)$/i;

/** The landing route of the app (`/` below the basename). */
const isLandingPath = (url: string) => url === '/app' || url === '/app/';

/**
 * Serves the built SPA under /app/ with history fallback; the page carries the brand settings, and
 * the landing page also its prerendered first screen (docs/adr/0008-landing-first-screen.md).
 */
export function registerSpa(app: FastifyInstance, distDir: string, config: Config): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  const indexHtml = hasSpa
    ? readFileSync(indexFile, 'utf8').replace(
        '</head>',
        `<script>window.__BRAND__=${JSON.stringify(config.brand).replace(/</g, '\\u003c')}</script></head>`,
      )
    : '';
  const fragmentFile = path.join(distDir, FIRST_SCREEN_FILE);
  const landing = hasSpa ? landingPage(indexHtml, existsSync(fragmentFile) ? readFileSync(fragmentFile, 'utf8') : null, config.brand) : null;
  // Each page's policy names the hashes of its own inline scripts, as they are sent (issue 21, item 6).
  const indexCsp = pageCsp(indexHtml);
  const landingCsp = landing ? pageCsp(landing.html) : indexCsp;
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: distDir,
      prefix: '/app/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz next to each text asset (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      // The fragment is part of the landing page, not a page of its own.
      allowedPath: (pathName) => !pathName.endsWith(FIRST_SCREEN_FILE),
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // Videos (public/videos) keep their names across builds: a day, then revalidated by ETag.
        else if (file.includes(`${path.sep}videos${path.sep}`)) reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').headers(PAGE_HEADERS);
    if (!landing || !isLandingPath(request.url.split('?')[0])) return reply.header('content-security-policy', indexCsp).send(indexHtml);
    reply.header('content-security-policy', landingCsp);
    // The landing page is some 100 KB with its styles: sent compressed, compressed once at start.
    reply.header('vary', 'accept-encoding');
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (!encoding) return reply.send(landing.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? landing.br : landing.gzip);
  };

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) => reply.redirect('/app/'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // Routes such as /app/nestdown1.0 have dots too: only a known file ending marks a missing asset.
    // Nothing under /app/assets/ is a page: a folder asked with Accept-Encoding (every browser) reaches here, not the 403 (issue 21, item 10).
    const isPage = request.method === 'GET' && (url === '/app' || url.startsWith('/app/')) && !ASSET_FILE.test(url) && !url.startsWith('/app/assets/');
    if (hasSpa && isPage) return sendPage(request, reply);
    return reply.code(404).send({ code: 404, info: `No such call: ${request.method} ${url}`, ReturnData: null });
  });
}
