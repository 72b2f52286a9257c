import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { answerSchema, infoOf, REFUSED_SCHEMA, refusalDataSchema, successDataSchema, type BodyOf, type CallContract, type DataOf, type RefusalOf } from '../contract/call';
import { NO_DATA, SUCCESS, type Envelope } from '../contract/envelope';
import type { Capability } from '../domain/companies/company-roles';
import type { Access } from '../domain/shared/access';
import type { Audit, AuditTrail } from './audit-trail';
import type { Outcome } from './outcome';
import type { Caller } from './services/session.service';

/** JSON schema of a call's body (it also feeds the OpenAPI document). */
export type BodySchema = Record<string, unknown>;

export interface CallContext<B> {
  body: B;
  /** Null only on public routes called without a valid token. */
  caller: Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One call of the portal API: POST /api/<controller>/<action>. */
export interface ApiRoute<B = any> {
  controller: string;
  action: string;
  access: Access;
  summary: string;
  body: BodySchema;
  /** JSON schema of the answer (the envelope), from the call's contract: what the answer check validates every answer against. */
  answer?: BodySchema;
  /** The same answers by HTTP status, as the OpenAPI document describes them (`answerResponses`). */
  responses?: Record<string, BodySchema>;
  /** Per-IP limit on top of the global one, for calls that cost or that guess. */
  rateLimit?: { max: number; timeWindow: number };
  /** Largest body in bytes when it differs from the app's (uploads sent as JSON). */
  bodyLimit?: number;
  /** The audit row a staff caller's call writes (audit-trail.ts); required when access is 'staff'. */
  audit?: Audit<B>;
  /** What the caller's role in their company must allow (ADR 0030); 'self' for a person's own things. */
  needs?: Needs;
  handle(ctx: CallContext<B>): Promise<Envelope | Serialized | RawAnswer>;
}

/**
 * What a customer call needs of its caller (issue 37, ADR 0030): a capability of their role in the
 * company they work in, or 'self' when it is about the person alone (profile, password, questions,
 * chat, their notification rule), which any member may do.
 */
export type Needs = Capability | 'self';

/**
 * A staff route declares its audit row; other routes may (then staff callers' calls are audited).
 * A customer route declares what it needs of the caller's role, so no call is left unclassified.
 */
export type Audited<A> = { access: 'staff'; audit: A; needs?: never } | { access: 'customer'; needs: Needs; audit?: A } | { access: 'public' | 'broker'; audit?: A; needs?: never };

/** An answer serialized once and sent again as is, for calls whose answer depends only on the body. */
export class Serialized {
  readonly json: string;
  constructor(readonly envelope: Envelope) {
    this.json = JSON.stringify(envelope);
  }
}

/** An answer that is not an envelope (a CSV download, the chat's event stream): sent with its own type and headers. */
export class RawAnswer {
  constructor(
    readonly contentType: string,
    readonly body: string | Buffer | Readable,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * Fields an answer carries beside the envelope's, for clients that read their own (the broker
 * hooks): their schemas, and how they follow from the envelope. From the call's contract.
 */
export interface ExtraFields {
  readonly properties: Readonly<Record<string, unknown>>;
  of(envelope: Envelope): Record<string, unknown>;
}

/** A route for a call of a contract (`src/contract/<controller>.ts`): who may call it, its limits, its audit row, and the service call. */
export type ContractRoute<C extends CallContract> = ContractSide<C> & Audited<Audit<BodyOf<NoInfer<C>>, DataOf<NoInfer<C>>>>;

interface ContractSide<C extends CallContract> {
  call: C;
  rateLimit?: ApiRoute['rateLimit'];
  bodyLimit?: number;
  extraFields?: ExtraFields;
  // NoInfer: the call alone decides C, the handler is checked against it.
  handle(ctx: CallContext<BodyOf<NoInfer<C>>>): Promise<Outcome<DataOf<NoInfer<C>>, RefusalOf<NoInfer<C>>> | Serialized | RawAnswer>;
}

/**
 * An API route. With `call`, the path, the body and answer schemas and the texts come from the
 * contract and the handler answers the service's outcome; the older form (controller, action,
 * body, an envelope from the handler) stays until every controller has its contract.
 */
export function defineRoute<C extends CallContract>(route: ContractRoute<C>): ApiRoute;
export function defineRoute<B>(route: Omit<ApiRoute<B>, 'access' | 'audit'> & Audited<Audit<B>>): ApiRoute<B>;
export function defineRoute(route: ContractRoute<CallContract> | ApiRoute): ApiRoute {
  return 'call' in route ? contractRoute(route.call, route as AnySide) : route;
}

/** A contract route with the types erased: what the route table keeps. */
interface AnySide {
  access: Access;
  audit?: Audit;
  needs?: Needs;
  rateLimit?: ApiRoute['rateLimit'];
  bodyLimit?: number;
  extraFields?: ExtraFields;
  handle(ctx: CallContext<any>): Promise<Outcome<unknown, string> | Serialized | RawAnswer>;
}

function contractRoute(call: CallContract, side: AnySide): ApiRoute {
  const [controller, action] = call.path.split('/');
  const extra = side.extraFields;
  const answer = answerSchema(call);
  return {
    controller,
    action,
    access: side.access,
    summary: call.summary,
    body: call.body as BodySchema,
    answer: extra ? { ...answer, properties: { ...(answer.properties as object), ...extra.properties } } : answer,
    responses: answerResponses(call, extra?.properties),
    rateLimit: side.rateLimit,
    bodyLimit: side.bodyLimit,
    audit: side.audit,
    needs: side.needs,
    async handle(ctx) {
      const outcome = await side.handle(ctx);
      if (outcome instanceof Serialized || outcome instanceof RawAnswer) return outcome;
      const envelope = envelopeOf(call, outcome);
      return extra ? { ...envelope, ...extra.of(envelope) } : envelope;
    },
  };
}

/** The one mapping from a service's outcome to the envelope, with the contract's texts (DECISIONS 1). */
export function envelopeOf(call: CallContract, outcome: Outcome<unknown, string>): Envelope {
  if (!outcome.ok) {
    const text = call.refusals[outcome.refusal];
    if (!text) throw new Error(`${call.path} has no refusal named ${outcome.refusal} in its contract`);
    const values = outcome.values ?? {};
    return { code: text.code, info: infoOf(text.info, values), ReturnData: outcome.data ?? null, ...(text.id ? { Refused: { id: text.id, values: { ...values } } } : {}) };
  }
  const { data, meta } = outcome;
  const success = infoOf(call.success ?? 'success', outcome.values);
  if (Array.isArray(data)) {
    const count = outcome.count ?? data.length;
    if (data.length === 0 && call.empty?.data === 'no-data') return { code: SUCCESS, info: NO_DATA, ReturnData: NO_DATA, ReturnCount: count, ...meta };
    const info = data.length === 0 && call.empty?.data === 'list' ? call.empty.info : success;
    return { code: SUCCESS, info, ReturnData: data, ReturnCount: count, ...meta };
  }
  const count = outcome.count === undefined ? {} : { ReturnCount: outcome.count };
  return { code: SUCCESS, info: success, ReturnData: data, ...count, ...meta };
}

/** The envelope codes that the HTTP status mirrors; other codes answer HTTP 200. */
const MIRRORED = new Set([401, 403, 404, 413, 415, 429, 500]);
export const httpStatusFor = (code: number) => (MIRRORED.has(code) ? code : 200);

/**
 * A call's answers by HTTP status, for the OpenAPI document (issue 34, item 6), so that a client
 * generated from it types ReturnData: `200` is the success envelope (code 200, the call's data)
 * or one of the call's refusals whose code the status does not mirror (answered with HTTP 200,
 * DECISIONS 1); `4XX` and `5XX` the envelope of a refusal the status mirrors. The route still
 * registers `answer` for every status, which the answer check reads; these only document.
 */
export function answerResponses(call: CallContract, extra: ExtraFields['properties'] = {}): Record<string, BodySchema> {
  const codes = [...new Set(Object.values(call.refusals).map((r) => r.code))].sort((a, b) => a - b);
  const at200 = codes.filter((code) => httpStatusFor(code) === 200);
  const own4xx = codes.filter((code) => code >= 400 && code < 500 && httpStatusFor(code) === code);
  const envelope = (description: string, required: string[], code: Record<string, unknown>, properties: Record<string, unknown>) => ({
    type: 'object',
    description,
    required,
    additionalProperties: false,
    properties: { code: { type: 'integer', ...code }, info: { type: 'string' }, ...properties, ...extra },
  });
  const refused = (code: Record<string, unknown>, data: Record<string, unknown>, description: string) =>
    envelope(description, ['code', 'info', 'ReturnData'], code, { ReturnData: data, Refused: REFUSED_SCHEMA });
  // A call that answers a file sends the success envelope only for an empty list (ExportCsv's 暂无数据).
  const success =
    !call.file || call.empty
      ? envelope("Done: code 200 and the call's ReturnData", ['code', 'info'], { const: SUCCESS }, {
          ReturnData: successDataSchema(call),
          ReturnCount: { type: 'integer', minimum: 0 },
          ReturnType: {},
          ReturnMsg: { type: 'string' },
        })
      : null;
  const refusedAt200 = at200.length ? refused({ enum: at200 }, refusalDataSchema(call, at200), `Refused: one of the call's refusals answered with HTTP 200 (code ${at200.join(', ')})`) : null;
  const branches = [success, refusedAt200].filter((b) => b !== null);
  const said = [success ? "the envelope with code 200 and the call's ReturnData" : null, refusedAt200 ? `a refusal in the envelope (code ${at200.join(', ')})` : null].filter(Boolean).join(', or ');
  const json = branches.length ? { 'application/json': { schema: branches.length === 1 ? branches[0] : { oneOf: branches } } } : {};
  const file = call.file ? { [call.file.mediaType]: { schema: { type: 'string', ...(call.file.mediaType.startsWith('text/') ? {} : { format: 'binary' }) } } } : {};
  const description = call.file ? `${call.file.description}${said ? `; otherwise ${said}` : ''}` : `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
  return {
    '200': { description, content: { ...file, ...json } },
    '4XX': {
      description:
        'Refused, with `code` the HTTP status: 400 a body that fails its schema or is not JSON, 401 no valid token (a call that needs one), ' +
        '403 a call the caller may not make, 413 a body over the limit, 415 a body that is not JSON, ' +
        `429 too many calls (a call with a limit of its own; Refused: rateLimited and its seconds)${own4xx.length ? `; the call's own refusals with code ${own4xx.join(', ')}` : ''}`,
      content: { 'application/json': { schema: refused({ minimum: 400, maximum: 499 }, refusalDataSchema(call, own4xx), 'Refused at the HTTP level: code is the HTTP status') } },
    },
    '5XX': {
      description: 'Not done: 503 (with Retry-After) while the portal is overloaded or its database does not answer, 500 an unexpected error naming its request id',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            description: 'Not done: code is the HTTP status',
            required: ['code', 'info', 'ReturnData'],
            additionalProperties: false,
            properties: { code: { type: 'integer', enum: [500, 503] }, info: { type: 'string' }, ReturnData: { type: 'null' }, Refused: REFUSED_SCHEMA },
          },
        },
      },
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** True when the route writes an audit row for staff callers. */
    audited?: boolean;
    /** What the caller's company role must allow (auth.plugin checks it). */
    needs?: Needs;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/**
 * A GET route of the API (a file to download, a probe): its path parameters, its answers'
 * schemas and a handler that answers through the reply (a stream, a status of its own).
 */
export interface GetRoute<P = unknown> {
  method: 'GET';
  url: string;
  access: Access;
  summary: string;
  tags?: string[];
  /** JSON schema of the path's parameters. */
  params?: BodySchema;
  /** Answer schemas by status (`default` for every status): the OpenAPI document and the answer check read them. */
  response?: Record<string, BodySchema>;
  /** Left out of the OpenAPI document (the document itself). */
  hide?: boolean;
  /** No HEAD twin (Fastify adds one to every GET): a file whose HEAD would have to open it. */
  noHead?: boolean;
  rateLimit?: ApiRoute['rateLimit'];
  handle(request: FastifyRequest<{ Params: P }>, reply: FastifyReply): Promise<unknown>;
}

/** Path parameters of a stored file's link, `<id>/<filename>`. */
export type FileParams = { id: string; filename: string };
export const FILE_PARAMS = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 }, filename: { type: 'string', maxLength: 400 } },
};

/**
 * Calls that take multipart bodies (uploads), registered in a Fastify context of their own with
 * @fastify/multipart and these limits, so every other route still answers a multipart body with 415.
 */
export interface MultipartRoutes {
  multipart: FastifyMultipartOptions;
  routes: ApiRoute[];
}

/** One entry of the portal's route table: a JSON call, a GET route, or calls that take multipart bodies. */
export type RouteTableEntry = ApiRoute | GetRoute<any> | MultipartRoutes;

/**
 * Registers the portal's route table: the one place routes reach Fastify. Access and identity are
 * enforced by the hooks in auth.plugin; every per-IP limit is multiplied by `rateLimitScale`;
 * staff callers' calls write their audit rows through `audit`.
 */
export function registerRoutes(app: FastifyInstance, table: readonly RouteTableEntry[], rateLimitScale: number, audit: AuditTrail): void {
  for (const entry of table) {
    if ('multipart' in entry) {
      app.register(async (scope) => {
        await scope.register(fastifyMultipart, entry.multipart);
        registerApiRoutes(scope, entry.routes, rateLimitScale, audit);
      });
    } else if ('method' in entry) registerGetRoute(app, entry, rateLimitScale);
    else registerApiRoutes(app, [entry], rateLimitScale, audit);
  }
}

const scaled = (limit: ApiRoute['rateLimit'], scale: number) => (limit ? { rateLimit: { ...limit, max: limit.max * scale } } : {});

function registerGetRoute(app: FastifyInstance, r: GetRoute<any>, rateLimitScale: number): void {
  // A GET route writes no audit row: staff calls are POST calls (a CSV export answers a RawAnswer).
  if (r.access === 'staff') throw new Error(`GET ${r.url}: staff routes are POST calls, which write their audit row`);
  app.route({
    method: 'GET',
    url: r.url,
    ...(r.noHead ? { exposeHeadRoute: false } : {}),
    schema: {
      summary: r.summary,
      ...(r.tags ? { tags: r.tags } : {}),
      ...(r.params ? { params: r.params } : {}),
      ...(r.response ? { response: r.response } : {}),
      ...(r.hide ? { hide: true } : {}),
    },
    config: { access: r.access, ...scaled(r.rateLimit, rateLimitScale) },
    handler: (request, reply) => r.handle(request as FastifyRequest<{ Params: unknown }>, reply),
  });
}

/** Registers JSON calls (POST /api/<controller>/<action>); access and identity are enforced by the hooks in auth.plugin. */
export function registerApiRoutes(app: FastifyInstance, routes: readonly ApiRoute[], rateLimitScale: number, audit: AuditTrail): void {
  for (const r of routes) {
    if (r.access === 'staff' && !r.audit) throw new Error(`${r.controller}/${r.action} is a staff call without its audit row (ARCHITECTURE "Staff calls are audited")`);
    const action = `${r.controller}/${r.action}`;
    app.route({
      method: 'POST',
      url: `/api/${r.controller}/${r.action}`,
      ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
      schema: {
        summary: r.summary,
        tags: [r.controller],
        body: r.body,
        ...(r.answer ? { response: { default: r.answer } } : {}),
        // Read by the OpenAPI document's transform in place of `response` (app.ts), never by Fastify.
        ...(r.responses ? { 'x-responses': r.responses } : {}),
        'x-access': r.access,
        ...(r.needs ? { 'x-needs': r.needs } : {}),
      } as Record<string, unknown>,
      config: { access: r.access, ...(r.needs ? { needs: r.needs } : {}), ...(r.audit ? { audited: true } : {}), ...scaled(r.rateLimit, rateLimitScale) },
      // PostgreSQL text cannot hold U+0000: refuse it here rather than answer 500 from the database.
      preValidation: (request, reply, done) => {
        if (hasNulCharacter(request.body)) return void reply.code(400).send(NUL_REFUSED);
        done();
      },
      // Ajv coerces "1e309" to Infinity and its minimum/maximum let that through: refuse it before a service or the database sees it.
      preHandler: (request, reply, done) => {
        if (hasNonFiniteNumber(request.body)) return void reply.code(400).send(NON_FINITE_REFUSED);
        done();
      },
      handler: async (request, reply) => {
        const ctx = { body: request.body, caller: request.caller, request, reply };
        const caller = request.caller;
        const answer = r.audit && caller?.isStaff ? await audit.around(action, r.audit, { ...ctx, caller }, () => r.handle(ctx)) : await r.handle(ctx);
        if (answer instanceof RawAnswer) return reply.code(200).type(answer.contentType).headers(answer.headers).send(answer.body);
        if (answer instanceof Serialized) {
          return reply.code(httpStatusFor(answer.envelope.code)).type('application/json; charset=utf-8').send(answer.json);
        }
        return reply.code(httpStatusFor(answer.code)).send(answer);
      },
    });
  }
}

const NUL_REFUSED = { code: 400, info: 'Text may not contain the NUL character (\\u0000)', ReturnData: null };

const NON_FINITE_REFUSED = { code: 400, info: 'Numbers must be finite', ReturnData: null };

/** True when a number anywhere in a validated body is Infinity or NaN (what coercion makes of "1e309"). */
export function hasNonFiniteNumber(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (!value || typeof value !== 'object' || depth > 64) return false;
  return (Array.isArray(value) ? value : Object.values(value)).some((v) => hasNonFiniteNumber(v, depth + 1));
}

/** True when a string anywhere in a parsed JSON body (keys included) contains U+0000. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulCharacter(v, depth + 1));
}

/** Object schema with string properties, all required unless listed as optional. */
export function stringBody(required: string[], optional: string[] = [], maxLength = 200): BodySchema {
  const properties: Record<string, unknown> = {};
  for (const k of [...required, ...optional]) properties[k] = { type: 'string', maxLength };
  return { type: 'object', required, properties };
}

/** `lang` as clients send it (zh, zh_cn, en, en-US...): English when it starts with "en", else Chinese. */
export const langOf = (value: unknown): 'zh' | 'en' => (typeof value === 'string' && /^en/i.test(value.trim()) ? 'en' : 'zh');

/** Paged lists: PrevPageNums = (page-1)*size, TopNums = size (DECISIONS 1). */
export const PAGING = {
  type: 'object',
  properties: {
    PrevPageNums: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    TopNums: { type: 'integer', minimum: 1, maximum: 100 },
  },
};
/** The page of a paged call; whatever slipped past the schema (a coerced "1e309" is Infinity) falls back to the first page. */
const whole = (value: unknown, fallback: number, max: number) => (Number.isSafeInteger(value) && (value as number) >= 0 ? Math.min(value as number, max) : fallback);
export const pageOf = (body: { PrevPageNums?: number; TopNums?: number }) => ({ offset: whole(body.PrevPageNums, 0, 1_000_000), limit: Math.max(1, whole(body.TopNums, 20, 100)) });
