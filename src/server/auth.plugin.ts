import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_EXPIRED_INFO } from '../domain/shared/envelope';
import type { SessionService } from './services/session.service';

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
export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('caller', null);

  // onRequest, before the body is read: an anonymous caller of a closed route learns nothing but 401.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = tokenOf(request);
    request.caller = token ? await sessions.authenticate(token) : null;
    if (access === 'public') return;
    if (!request.caller) return reply.code(401).send({ code: 401, info: LOGIN_EXPIRED_INFO, ReturnData: null });
    if (access === 'staff' && !request.caller.isStaff) {
      return reply.code(403).send({ code: 403, info: 'This action is for service staff only', ReturnData: null });
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    const caller = request.caller;
    // Staff calls name other users on purpose (reviews); everyone else may only name themselves.
    if (!caller || request.routeOptions.config?.access === 'staff') return;
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return;
    for (const key of ['UserId', 'userId']) {
      const claimed = body[key];
      if (claimed !== undefined && claimed !== null && claimed !== '' && String(claimed) !== caller.userId) {
        return reply.code(403).send({ code: 403, info: 'You can only act for your own account', ReturnData: null });
      }
    }
  });
}
