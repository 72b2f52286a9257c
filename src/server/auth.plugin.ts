import { allows } from '../domain/companies/company-roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_EXPIRED_INFO, STAFF_ONLY_INFO } from '../contract/envelope';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SessionService } from './services/session.service';
import { isWebClient, sessionCookieOf } from './session-cookie';

const EXPIRED = { code: 401, info: LOGIN_EXPIRED_INFO, ReturnData: null };
const STAFF_ONLY = { code: 403, info: STAFF_ONLY_INFO, ReturnData: null };
const NOT_YOURS = { code: 403, info: 'You can only act for your own account', ReturnData: null };
const ROLE_REFUSED = { code: 403, info: 'Your role in this company does not allow this', ReturnData: null };
const BROKER_ONLY = { code: 403, info: 'This hook answers the MQTT broker only', ReturnData: null };
const CSRF_REFUSED = { code: 403, info: 'A session cookie is only taken from the portal web app (X-Portal-Client header)', ReturnData: null };

/** Reads the token from the `token` header or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || null;
  return null;
}

/**
 * Identity from the token, never from the body: resolves the caller, enforces each route's
 * declared access, and refuses a body `UserId`/`userId` that names someone else (DECISIONS 2).
 */
export function registerAuth(app: FastifyInstance, sessions: SessionService, options: { hookSecret: string | null }): void {
  app.decorateRequest('caller', null);

  // onRequest, before the body is read: an anonymous caller of a closed route learns nothing but 401.
  // Callback-style hooks: these run on every call, and a promise per hook is measurable.
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access) return done();
    if (access === 'broker') {
      // Only with the secret: a loopback caller may be anyone behind a reverse proxy on this host (issue 21, item 8).
      const trusted = options.hookSecret !== null && sameSecret(request.headers['x-hook-secret'], options.hookSecret);
      return trusted ? done() : void reply.code(403).send(BROKER_ONLY);
    }
    // The token header first (API clients); else the web app's cookie, only with its custom
    // header: a cross-site form or link carries the cookie at most, never the header (CSRF; ADR 0014).
    const cookie = tokenOf(request) ? null : sessionCookieOf(request.headers.cookie);
    if (cookie && !isWebClient(request.headers) && access !== 'public') return void reply.code(403).send(CSRF_REFUSED);
    const token = tokenOf(request) ?? (cookie && isWebClient(request.headers) ? cookie : null);
    if (!token) return access === 'public' ? done() : void reply.code(401).send(EXPIRED);
    sessions.authenticate(token).then((caller) => {
      request.caller = caller;
      if (access === 'public') return done();
      if (!caller) return void reply.code(401).send(EXPIRED);
      if (access === 'staff' && !caller.isStaff) return void reply.code(403).send(STAFF_ONLY);
      // The caller's role in the company they work in (ADR 0030): checked here, once, for every call that names what it needs.
      const needs = request.routeOptions.config?.needs;
      if (needs && needs !== 'self' && !allows(caller.role, needs)) return void reply.code(403).send(ROLE_REFUSED);
      done();
    }, done);
  });

  app.addHook('preHandler', (request, reply, done) => {
    const caller = request.caller;
    const body = request.body as Record<string, unknown> | null;
    // Staff calls name other users on purpose (reviews); everyone else may only name themselves.
    if (caller && request.routeOptions.config?.access !== 'staff' && body && typeof body === 'object') {
      for (const key of ['UserId', 'userId']) {
        const claimed = body[key];
        if (claimed === undefined || claimed === null || claimed === '') continue;
        // Only a string or a number can name the caller; anything else (an object whose toString is no function) names nobody.
        const named = typeof claimed === 'string' || typeof claimed === 'number' ? String(claimed) : null;
        if (named !== caller.userId) {
          return void reply.code(403).send(NOT_YOURS);
        }
      }
    }
    done();
  });
}

/** Compares a sent secret with the configured one in constant time. */
function sameSecret(sent: string | string[] | undefined, secret: string): boolean {
  if (typeof sent !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}
