import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Access } from '../domain/shared/access';
import { AnswerMismatch, answerSerializerCompiler } from './answer-check';
import { AuditTrail } from './audit-trail';
import { registerAuth } from './auth.plugin';
import { limitCallsInFlight } from './calls-in-flight';
import type { Config } from './config';
import type { AreaRuntime } from './areas/server-area';
import type { Services } from './compose';
import { devOutboxPlugin } from './dev-outbox.plugin';
import { devSimulatorPlugin, type DemoSimulatorHandle } from './dev-simulator.plugin';
import { registerSpa } from './spa/spa';
import { CopyRenderer } from './first-screens';
import { isDatabaseUnavailable, Overloaded, PROBES, RETRY_AFTER_SECONDS } from './unavailable';
import { shedOnSustainedDelay } from './load-shedding';
import { warmUp } from './warm-up';
import { registerRoutes, type Needs, type RouteTableEntry } from './route-kit';
import { RATE_LIMITED_ID } from '../contract/envelope';
import { REFUSED_SCHEMA } from '../contract/call';
import { mqttHookRoutes } from './routes/mqtt-hooks.routes';
import { portalRoutes } from './routes/portal.routes';
import { telemetryRoutes } from './routes/telemetry.routes';
import { Telemetry } from './telemetry/telemetry';

export interface AppOptions {
  config: Config;
  services: Services;
  /** Folder of the built SPA; the SPA is not served when it is missing (API-only tests). */
  distDir?: string;
  /** pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** Check every answer against its call's contract (tests): a mismatch answers 500 naming it. */
  checkAnswers?: boolean;
  /**
   * Start the render worker of the painted pages (ADR 0026) once the portal is ready, rather than
   * on the first such page, which would wait some 2 s for it. The portal's own start does; the
   * server tests, which seldom paint, do not.
   */
  warmCopyRenderer?: boolean;
  /** The portal's own demo fleet simulator, for `/dev/simulator/fail` (start.ts fills it once it runs). */
  demoSimulator?: DemoSimulatorHandle;
}

/** A route as registered, with its declared access (null only for the static files of the SPA). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | null;
  /** True when the route writes an audit row for staff callers (every staff route does). */
  audited: boolean;
  /** True when the route reads multipart bodies (an upload's context registers the parser). */
  multipart: boolean;
  /** What a customer route needs of the caller's company role (ADR 0030); null for the others. */
  needs: Needs | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    telemetry: Telemetry;
  }
}

export const DIST_DIR = path.resolve(import.meta.dirname, '../../dist');

/**
 * The route table: every route of the portal API, JSON calls, GET routes (files, probes) and the
 * calls that take multipart bodies, registered in one place (`registerRoutes`). The OpenAPI
 * document, the authorization matrix and the fuzzing read what it registered (`app.routeTable`).
 */
export function portalRouteTable({ config, services }: AppOptions, telemetry: Telemetry): RouteTableEntry[] {
  return [
    ...portalRoutes({ databaseHealth: services.databaseHealth, draining: () => telemetry.draining }),
    ...telemetryRoutes({ telemetry }),
    ...mqttHookRoutes({ hooks: telemetry.hooks }),
    // Each area's own (areas/<area>.area.ts), in the order portal-areas.ts lists them.
    ...services.portalAreas.flatMap((area) => area.routes(services, config)),
  ];
}

/** Builds the Fastify app: envelope, access control, routes, OpenAPI, SPA. `server.ts` only listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, services } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
      stream: logDestination(),
    },
    bodyLimit: config.bodyLimit,
    genReqId: nextRequestId,
    logController: new OneLineLogController(),
    ajv: { customOptions: { allErrors: false, coerceTypes: true, removeAdditional: false, allowUnionTypes: true, strictNumbers: true } },
    routerOptions: { ignoreTrailingSlash: true },
    // request.ip is the client's behind the proxies TRUST_PROXY names, never the proxy's loopback (issue 21, item 8).
    // Fastify takes a boolean, a hop count or addresses; the cast only picks its HTTP/1 overload.
    trustProxy: config.trustProxy as boolean,
  });

  app.setSerializerCompiler(answerSerializerCompiler(options.checkAnswers ?? false));

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // A function, not an arrow: `this` is the context the route is registered in, whose parsers it has.
  app.addHook('onRoute', function (route) {
    const multipart = this.hasContentTypeParser('multipart/form-data');
    for (const method of [route.method].flat()) {
      const config = route.config as { access?: Access; audited?: boolean; needs?: Needs } | undefined;
      routeTable.push({ method, url: route.url, access: config?.access ?? null, audited: config?.audited === true, multipart, needs: config?.needs ?? null });
    }
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
    done();
  });

  registerErrorHandling(app);
  // Sheds while the event loop's delay lasts, never for one spike (load-shedding.ts, issue 35 item 14).
  if (config.loadShedDelayMs > 0) shedOnSustainedDelay(app, { maxDelayMs: config.loadShedDelayMs });
  if (config.maxCallsInFlight > 0) limitCallsInFlight(app, config.maxCallsInFlight);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in Redis when several portals share the load (REDIS_URL); a Redis that does not
    // answer lets calls through rather than failing them.
    ...(services.infrastructure.redis ? { redis: services.infrastructure.redis, nameSpace: `${config.redisPrefix}rate:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 429,
      info: `Too many requests, please try again in ${ctx.after}`,
      // The browser says it in the page's language from the id and the seconds (issue 23).
      Refused: { id: RATE_LIMITED_ID, values: { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) } },
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.brand.name} service portal API`,
        version: '1.0.0',
        description: 'Every call is POST /api/<Controller>/<Action> with a JSON body and answers the envelope {code, info, ReturnData}. Send the session token in the `token` header.',
        license: { name: 'Proprietary', url: config.brand.officialSite },
      },
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'The session token of UserLogin' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token as Authorization: Bearer' },
          hookSecret: { type: 'apiKey', in: 'header', name: 'x-hook-secret', description: 'MQTT_HOOK_SECRET: the external broker only' },
        },
      },
    },
    // Every operation says who may call it, has an id and a 4xx answer (Redocly's recommended rules, issue 21 item 10).
    transform: ({ schema, url, route }) => {
      const s = { ...(schema as Record<string, unknown>) };
      const access = s['x-access'];
      s.security = access === 'public' ? [] : access === 'broker' ? [{ hookSecret: [] }] : [{ token: [] }, { bearer: [] }];
      const method = [route.method].flat()[0] ?? 'GET';
      s.operationId ??= operationIdOf(method, url);
      // A contract call's answers by HTTP status (route-kit's answerResponses) in place of the
      // `default` schema the answer check reads: 200 typed, the mirrored refusals under 4XX and 5XX.
      const documented = s['x-responses'] as Record<string, unknown> | undefined;
      delete s['x-responses'];
      const response = { ...((documented ?? (s.response as Record<string, unknown> | undefined)) ?? {}) };
      // A file route answers bytes: say so, so every operation names its success.
      if (!Object.keys(response).some((k) => k === 'default' || k.startsWith('2'))) {
        response['200'] = { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
      }
      response['4XX'] ??= { description: 'Refused: the envelope with the refusal in code and info', ...ENVELOPE_SCHEMA };
      s.response = response;
      return { schema: s as never, url };
    },
  });

  // The broker and the data service live as long as the app; their sockets close before the HTTP server does.
  const telemetry = await Telemetry.create({
    config,
    broker: services.infrastructure.broker,
    deviceKey: services.deviceKey,
    sessions: services.sessions,
    devices: services.devices,
    events: services.machineEvents,
    log: app.log,
  });
  app.decorate('telemetry', telemetry);
  const runtime: AreaRuntime = { telemetry, log: app.log, onClose: (stop) => app.addHook('onClose', () => stop()) };
  for (const area of services.portalAreas) area.attach?.(services, runtime);
  telemetry.attach(app.server);
  app.addHook('preClose', () => telemetry.close());

  // Old session rows and stale failed-login counters are purged hourly (and once at start), on every server: the delete is idempotent (issue 21, item 9).
  const purge = () => void services.sessions.purgeOldSessions().catch((error: Error) => app.log.warn({ err: error.message }, 'session purge failed'));
  const purgeTimer = setInterval(purge, 3600_000);
  purgeTimer.unref();
  app.addHook('onReady', (done) => (purge(), done()));
  // Ready means ready: the hash and the pool's connections the first calls need are warm before the portal listens.
  app.addHook('onReady', () => warmUp({ hasher: services.hasher, pool: services.infrastructure.database.pool }));
  app.addHook('onClose', (_app, done) => (clearInterval(purgeTimer), done()));

  registerAuth(app, services.sessions, { hookSecret: config.mqttHookSecret });
  registerRoutes(app, portalRouteTable(options, telemetry), config.rateLimitScale, new AuditTrail(services.auditLog, services.clock));

  const outboxPage = services.infrastructure.outboxPage;
  if (outboxPage) await app.register(devOutboxPlugin, { outbox: outboxPage });
  await app.register(devSimulatorPlugin, { handle: options.demoSimulator ?? { current: null } });
  // The fleet and task pages painted with the caller's data (ADR 0026) render in a worker thread.
  const copyRenderer = new CopyRenderer();
  app.addHook('onClose', () => copyRenderer.close());
  if (options.warmCopyRenderer && existsSync(path.join(options.distDir ?? DIST_DIR, 'index.html'))) {
    app.addHook('onReady', (done) => (copyRenderer.warmUp(), done()));
  }
  registerSpa(app, options.distDir ?? DIST_DIR, config, { app, sessions: services.sessions, users: services.users, renderer: copyRenderer });
  return app;
}

/**
 * Log lines are buffered and written in batches: one write per request costs about a quarter of
 * the throughput of a small call. A line waits at most half a second; pino flushes at exit.
 */
function logDestination() {
  const destination = pino.destination({ sync: false, minLength: 8192 });
  setInterval(() => destination.flush(), 500).unref();
  return destination;
}

/** The answer of a GET route's refusal in the OpenAPI document: the envelope, code the HTTP status (a call's are route-kit's answerResponses). */
const ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['code', 'info', 'ReturnData'],
  properties: { code: { type: 'integer', minimum: 400, maximum: 499 }, info: { type: 'string' }, ReturnData: { type: 'null' }, Refused: REFUSED_SCHEMA },
} as const;

/** `POST /api/Cam/PublishRelease` is `Cam_PublishRelease`; a GET route is named by its method and path. */
export function operationIdOf(method: string, url: string): string {
  const api = /^\/api\/([A-Za-z0-9]+)\/([A-Za-z0-9]+)$/.exec(url);
  if (api && method === 'POST') return `${api[1]}_${api[2]}`;
  return `${method.toLowerCase()}_${url.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
}

// Request ids: a random prefix per process and a counter, unique across servers and cheaper than a UUID each.
const REQUEST_ID_PREFIX = randomBytes(4).toString('hex');
let requestCounter = 0;
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestCounter).toString(36)}`;

/** One log line per request, when it completes, instead of Fastify's two. */
class OneLineLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode < 400 && PROBES.has(request.url)) return;
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { info?: string }, request, reply) => {
    if (error.validation) {
      const first = error.validation[0];
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'body';
      const info = missing ? `${missing} is required` : `${field} ${first?.message ?? 'is invalid'}`;
      return reply.code(400).send({ code: 400, info, ReturnData: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ code: 413, info: 'The request body is too large', ReturnData: null });
    // A range past the end of a static file (@fastify/static): keep the status and the size it names.
    if (status === 416) {
      const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
      if (range) reply.header('content-range', range);
      return reply.code(416).send({ code: 416, info: 'The requested range is outside the file', ReturnData: null });
    }
    // A folder of the built SPA (@fastify/static answers 403 for a directory): not found, like any missing file.
    if (status === 403 || status === 404) return reply.code(404).send({ code: 404, info: 'No such file', ReturnData: null });
    if (status === 415) return reply.code(415).send({ code: 415, info: 'Send the body as application/json', ReturnData: null });
    if (status === 429) {
      const refused = (error as { Refused?: unknown }).Refused;
      return reply.code(429).send({ code: 429, info: error.info ?? error.message, ReturnData: null, ...(refused ? { Refused: refused } : {}) });
    }
    if (status >= 400 && status < 500) {
      const info = /^FST_ERR_CTP_(EMPTY|INVALID)_JSON/.test(error.code ?? '') || error instanceof SyntaxError ? 'The body must be valid JSON' : error.message;
      return reply.code(400).send({ code: 400, info, ReturnData: null });
    }
    if (error instanceof AnswerMismatch) return reply.code(500).send({ code: 500, info: error.message, ReturnData: null });
    if (error instanceof Overloaded)
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 503, info: error.message, ReturnData: null, Refused: { id: 'overloaded', values: { seconds: RETRY_AFTER_SECONDS } } });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          code: 503,
          info: `The service is briefly unavailable, please try again in ${RETRY_AFTER_SECONDS} seconds`,
          ReturnData: null,
          Refused: { id: 'unavailable', values: { seconds: RETRY_AFTER_SECONDS } },
        });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send({ code: 500, info: `Something went wrong on our side (request id ${request.id})`, ReturnData: null });
  });
}

