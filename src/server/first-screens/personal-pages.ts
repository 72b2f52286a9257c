import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_ANSWERS_ID, pageAnswersJson } from '../../contract/page-answers';
import { normalPath } from '../../domain/accounts/route-guard';
import type { UserRecord } from '../../ports/accounts-store.port';
import type { BrandConfig } from '../config';
import { pageCsp } from '../spa/csp';
import { InjectedPortalHttp } from './injected-portal-http';
import type { CopyRenderer } from './copy-renderer';
import { personalCopy, type PersonalPage } from './personal-copies';
import { profileOf } from '../routes/login.routes';
import type { SessionService } from '../services/session.service';
import { sessionCookieOf } from '../session-cookie';

// The pages the portal paints with the caller's data before the app has run (ADR 0026).

/** The addresses (inside the app, `normalPath`) painted with the caller's data, and their page. */
const PERSONAL_PATHS: Record<string, PersonalPage> = { '/index/device': 'device', '/index/task': 'task' };

/** The personal page an address under /app (without the query) shows, if any. */
export function personalPageOf(url: string): PersonalPage | null {
  const match = /^\/app(\/.*)$/.exec(url);
  return match ? (PERSONAL_PATHS[normalPath(match[1])] ?? null) : null;
}

export interface PersonalPagesDeps {
  app: FastifyInstance;
  sessions: Pick<SessionService, 'authenticate'>;
  users: { findById(id: string): Promise<UserRecord | null | undefined> };
  brand: BrandConfig;
  /** The render worker (React, Chakra and the views load there, on the first painted page). */
  renderer: CopyRenderer;
}

/**
 * The page's HTML painted with the caller's data, or null: no session cookie, a session that is
 * not live, a request from another site, or a call the copy needs that did not answer. The cookie
 * is SameSite=Strict, so another site's link never carries it; a browser that says the request is
 * cross-site (`Sec-Fetch-Site`) gets the plain page all the same. Identity comes from the cookie's
 * session only, as for the API (ADR 0014); every call goes through the API's own checks.
 */
export async function personalPageHtml(
  request: FastifyRequest,
  page: PersonalPage,
  indexHtml: string,
  root: string,
  deps: PersonalPagesDeps,
): Promise<{ html: string; csp: string } | null> {
  if (request.headers['sec-fetch-site'] === 'cross-site') return null;
  const token = sessionCookieOf(request.headers.cookie);
  if (!token) return null;
  const caller = await deps.sessions.authenticate(token);
  if (!caller) return null;
  const record = await deps.users.findById(caller.userId);
  if (!record) return null;
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const http = new InjectedPortalHttp(deps.app, token, request.ip);
  const copy = await personalCopy({ page, query, cookie: request.headers.cookie, http, user: { ...profileOf(record), UserId: caller.userId }, brand: deps.brand }, deps.renderer);
  if (!copy) return null;
  // Replaced by functions: a customer's text may hold `$&` or `$'`, which a replacement string would expand.
  const painted = indexHtml.replace(root, () => `${root}${copy.fragment}`);
  // The policy names the page's scripts; the answers are data (`application/json`), never run.
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${pageAnswersJson(copy.answers)}</script>`;
  return { html: indexHtml.replace(root, () => `${root}${copy.fragment}${answers}`), csp: pageCsp(painted) };
}
