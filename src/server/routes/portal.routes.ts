import { DRAINING_ANSWER, HEALTH_ANSWER, NOT_READY_ANSWER, OPENAPI_ANSWER, READY_ANSWER } from '../../contract/portal';
import type { DatabaseHealthPort } from '../../ports/database-health.port';
import type { GetRoute } from '../route-kit';

/**
 * The portal's own GET routes: liveness, readiness (the database answers and the portal is not
 * handing over) and the OpenAPI document.
 */
export function portalRoutes(deps: { databaseHealth: DatabaseHealthPort; draining: () => boolean }): GetRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/openapi.json',
      access: 'public',
      summary: 'The OpenAPI document',
      hide: true,
      response: { 200: OPENAPI_ANSWER },
      handle: async (request) => request.server.swagger(),
    },
    {
      method: 'GET',
      url: '/api/health',
      access: 'public',
      summary: 'Liveness',
      response: { 200: HEALTH_ANSWER },
      handle: async () => ({ code: 200, info: 'ok', ReturnData: { status: 'up' } }),
    },
    {
      method: 'GET',
      url: '/api/ready',
      access: 'public',
      summary: 'Readiness: the database answers and the portal is not handing over',
      response: { 200: READY_ANSWER, 503: { oneOf: [NOT_READY_ANSWER, DRAINING_ANSWER] } },
      async handle(_request, reply) {
        // A draining portal (SIGTERM) says so first: the balancer must stop sending before it closes.
        if (deps.draining()) return reply.code(503).send({ code: 503, info: 'draining', ReturnData: { database: await deps.databaseHealth.ping(), draining: true } });
        const ready = await deps.databaseHealth.ping();
        return reply
          .code(ready ? 200 : 503)
          .send({ code: ready ? 200 : 503, info: ready ? 'ready' : 'database unavailable', ReturnData: { database: ready } });
      },
    },
  ];
}
