import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { LABEL_PATH_PREFIX } from '../services/machine-label.service';
import { pageCsp } from './csp';
import { firstScreenPage, ROOT, sentOnce, sentPage, type SentPage } from './first-screen-page';
import { FIRST_SCREEN_FILE_PATTERN, FIRST_SCREEN_PAGES, firstScreenFile, firstScreenOf, type FirstScreenKey } from './first-screen-pages';
import { registerMiniProgramQr } from './mini-program-qr';
import { personalPageHtml, personalPageOf, type PersonalPagesDeps } from '../first-screens';

// Every answer has no MIME sniffing (app.ts); pages add the framing and referrer rules, which mean
// nothing on JSON.
const PAGE_HEADERS = { 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' };

const ASSET_FILE = /\.(m?js|css|map|svg|png|jpe?g|gif|webp|avif|ico|json|txt|xml|webmanifest|woff2?|ttf|otf|mp4|webm|wasm)$/i;

/**
 * Serves the built SPA under /app/ with history fallback; the page carries the brand settings, and
 * the landing, login and visitor software pages also their prerendered first screen
 * (docs/adr/0008-landing-first-screen.md, 0023), with the mini program's QR code their dialogs show.
 */
export function registerSpa(app: FastifyInstance, distDir: string, config: Config, personal?: Omit<PersonalPagesDeps, 'brand'>): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  const indexHtml = hasSpa
    ? readFileSync(indexFile, 'utf8').replace(
        '</head>',
        // A function, not a replacement string: a brand's text may hold `$&` or `$'`.
        () => `<script>window.__BRAND__=${JSON.stringify(config.brand).replace(/</g, '\\u003c')}</script></head>`,
      )
    : '';
  // Each page's policy names the hashes of its own inline scripts, as they are sent (issue 21, item 6).
  const indexPage = { page: sentPage(indexHtml), csp: pageCsp(indexHtml) };
  const firstScreens = new Map<FirstScreenKey, { page: SentPage; csp: string }>();
  for (const { key } of hasSpa ? FIRST_SCREEN_PAGES : []) {
    const fragmentFile = path.join(distDir, firstScreenFile(key));
    const page = firstScreenPage(indexHtml, existsSync(fragmentFile) ? readFileSync(fragmentFile, 'utf8') : null, config.brand);
    if (page) firstScreens.set(key, { page, csp: pageCsp(page.html) });
  }
  registerMiniProgramQr(app, config.brand);
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: distDir,
      prefix: '/app/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz next to each text asset (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      // A fragment is part of its page, not a page of its own.
      allowedPath: (pathName) => !FIRST_SCREEN_FILE_PATTERN.test(pathName),
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // Videos (public/videos) keep their names across builds: a day, then revalidated by ETag.
        else if (file.includes(`${path.sep}videos${path.sep}`)) reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  const send = (request: FastifyRequest, reply: FastifyReply, page: SentPage, csp: string, vary = 'accept-encoding') => {
    reply.header('content-security-policy', csp);
    // Some 50 KB with Chakra's global CSS, 100 KB with a first screen: sent compressed.
    reply.header('vary', vary);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    reply.code(200).type('text/html; charset=utf-8').headers(PAGE_HEADERS);
    // The fleet and the task page painted with the caller's data (ADR 0026): made for this request
    // and this caller only, so neither kept by a cache nor compressed ahead.
    const personalPage = personal ? personalPageOf(url) : null;
    if (personalPage) {
      const painted = await personalPageHtml(request, personalPage, indexHtml, ROOT, { ...personal!, brand: config.brand }).catch((error: Error) => {
        request.log.warn({ err: error.message, page: personalPage }, 'the page is sent without its painted first screen');
        return null;
      });
      if (painted) return send(request, reply.header('cache-control', 'private, no-store'), sentOnce(painted.html), painted.csp, 'accept-encoding, cookie');
    }
    const key = firstScreenOf(url);
    const { page, csp } = (key && firstScreens.get(key)) || indexPage;
    // Compressed once at start.
    return send(request, reply.header('cache-control', 'no-cache'), page, csp);
  };

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) => reply.redirect('/app/'));
  // A QR label's short link (machine-label.service.ts): short, so the code stays small; the scan page is the app's.
  app.get<{ Params: { label: string } }>(`${LABEL_PATH_PREFIX}:label`, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
    reply.redirect(`/app${LABEL_PATH_PREFIX}${encodeURIComponent(request.params.label)}`),
  );
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // Routes such as /app/nestdown1.0 have dots too: only a known file ending marks a missing asset.
    // Nothing under /app/assets/ is a page: a folder asked with Accept-Encoding (every browser) reaches here, not the 403 (issue 21, item 10).
    const isPage = request.method === 'GET' && (url === '/app' || url.startsWith('/app/')) && !ASSET_FILE.test(url) && !url.startsWith('/app/assets/');
    if (hasSpa && isPage) return sendPage(request, reply);
    return reply.code(404).send({ code: 404, info: `No such call: ${request.method} ${url}`, ReturnData: null });
  });
}
