/** The portal's own GET routes beside the calls: the probes a load balancer sends, and their answers. */

/** `GET /api/health`: the process answers. */
export const HEALTH_ANSWER = {
  type: 'object',
  required: ['code', 'info', 'ReturnData'],
  additionalProperties: false,
  properties: {
    code: { const: 200 },
    info: { const: 'ok' },
    ReturnData: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { const: 'up' } } },
  },
} as const;

const readiness = (code: 200 | 503, info: string, database: boolean) =>
  ({
    type: 'object',
    required: ['code', 'info', 'ReturnData'],
    additionalProperties: false,
    properties: {
      code: { const: code },
      info: { const: info },
      ReturnData: { type: 'object', required: ['database'], additionalProperties: false, properties: { database: { const: database } } },
    },
  }) as const;

/** `GET /api/ready`: 200 when the database answers, 503 when it does not. */
export const READY_ANSWER = readiness(200, 'ready', true);
export const NOT_READY_ANSWER = readiness(503, 'database unavailable', false);

/**
 * `GET /api/ready` of a portal handing over (SIGTERM, issue 24): 503 so the balancer takes it out
 * while it finishes what it holds; the database may still answer.
 */
export const DRAINING_ANSWER = {
  type: 'object',
  required: ['code', 'info', 'ReturnData'],
  additionalProperties: false,
  properties: {
    code: { const: 503 },
    info: { const: 'draining' },
    ReturnData: { type: 'object', required: ['database', 'draining'], additionalProperties: false, properties: { database: { type: 'boolean' }, draining: { const: true } } },
  },
} as const;

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of the portal API. */
export const OPENAPI_ANSWER = { type: 'object', required: ['openapi', 'info', 'paths'] } as const;
