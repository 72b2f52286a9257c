import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/app';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Fuzzing of every POST /api route's body, read from the app's own route table and OpenAPI
// document (ARCHITECTURE "Tests"): whatever arrives, anonymously, as a customer or as staff, the
// server never answers 5xx, always answers the envelope, and a refused call changes nothing stored.

const portal: TestPortal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
afterAll(() => portal.close());

const NUM_RUNS = Number(process.env.FUZZ_RUNS || 50);
// Fixed in CI so a red run replays; random locally. fast-check prints the seed of any failure.
const SEED = process.env.CI ? Number(process.env.FC_SEED ?? 20240601) : undefined;
const fcParams = (offset: number) => ({ numRuns: NUM_RUNS, ...(SEED === undefined ? {} : { seed: SEED + offset }) });

// A caller the route's access refuses (anonymous on a closed route, a customer on a staff route)
// is answered by the auth hook before the body is read (auth.plugin.ts, onRequest): any body meets
// the same refusal there, so such a pair takes a few bodies, each checked to be that refusal, and
// the bodies that reach code go to the pairs whose calls read them.
const UNREAD_RUNS = 5;
function refusedUnread(route: RouteEntry, role: Role): 401 | 403 | null {
  // Only the broker, with the hook secret, which no fuzzing caller holds.
  if (route.access === 'broker') return 403;
  if (role === 'anonymous' && (route.access === 'customer' || route.access === 'staff')) return 401;
  if (role === 'customer' && route.access === 'staff') return 403;
  return null;
}

const routes: RouteEntry[] = [...portal.app.routeTable];
const postRoutes = routes.filter((r) => r.method === 'POST' && r.url.startsWith('/api/'));
const openapi = portal.app.swagger() as { paths: Record<string, Record<string, any>> };
const bodySchemaOf = (r: RouteEntry): Record<string, any> =>
  openapi.paths[r.url]?.[r.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema ?? { type: 'object' };
const label = (r: RouteEntry) => `${r.method} ${r.url}`;

type Role = 'anonymous' | 'customer' | 'staff';
const ROLES: Role[] = ['anonymous', 'customer', 'staff'];
const DEMO = { customer: ['demo@example.com', 'demo1234'], staff: ['staff@example.com', 'staff1234'] } as const;
const demoIds = await portal.services.database.pool
  .query<{ id: string }>(`select id from users where account in ('demo@example.com', 'staff@example.com')`)
  .then((r) => r.rows.map((row) => row.id));

// ---------------------------------------------------------------------------------------------
// Callers: the demo customer and the demo staff. Fuzzing may log them out (UserLogout) or lock
// them (wrong passwords for a demo account), so each call checks its token first.

const tokens: Partial<Record<Role, string>> = {};
// Only an accepted call can end a session (a refused one that did would fail the snapshot check).
let acceptedSinceCheck = true;
async function tokenFor(role: Role): Promise<string | null> {
  if (role === 'anonymous') return null;
  const held = tokens[role];
  if (held && !acceptedSinceCheck) return held;
  acceptedSinceCheck = false;
  stored = null; // a check or a login may write a session
  if (held && (await portal.services.sessions.authenticate(held))) return held;
  const [account, password] = DEMO[role];
  let res = await portal.call('Login/UserLogin', { Account: account, Password: password });
  if (res.body.code === 429) {
    await portal.services.database.pool.query('delete from login_throttle where account = $1', [account]);
    res = await portal.call('Login/UserLogin', { Account: account, Password: password });
  }
  if (res.body.code !== 200) throw new Error(`the fuzzing could not log the ${role} in: ${res.body.info}`);
  tokens[role] = res.body.ReturnData.Token as string;
  return tokens[role]!;
}

// ---------------------------------------------------------------------------------------------
// What is stored, before and after a call: every committed change to a user or a session row is
// counted by triggers of this file's own database (a row inserted or deleted, or updated to other
// values: what a digest of every row would see), so the check costs one small query however many
// sessions the fuzzing has made. A digest of every row grew with the sessions table: the checks
// took most of this file's time.

await portal.services.database.pool.query(`
  create table fuzz_writes (tbl text primary key, n bigint not null);
  insert into fuzz_writes values ('users', 0), ('sessions', 0);
  create function fuzz_count_write() returns trigger language plpgsql as $$
    begin update fuzz_writes set n = n + 1 where tbl = tg_table_name; return null; end $$;
  create trigger fuzz_users_written after insert or delete on users for each row execute function fuzz_count_write();
  create trigger fuzz_users_changed after update on users for each row when (old.* is distinct from new.*) execute function fuzz_count_write();
  create trigger fuzz_sessions_written after insert or delete on sessions for each row execute function fuzz_count_write();
  create trigger fuzz_sessions_changed after update on sessions for each row when (old.* is distinct from new.*) execute function fuzz_count_write();
  create trigger fuzz_users_truncated after truncate on users for each statement execute function fuzz_count_write();
  create trigger fuzz_sessions_truncated after truncate on sessions for each statement execute function fuzz_count_write();`);

async function snapshot() {
  const { rows } = await portal.services.database.pool.query<{ tbl: string; n: string }>('select tbl, n from fuzz_writes order by tbl');
  return Object.fromEntries(rows.map((r) => [`${r.tbl} rows written`, Number(r.n)]));
}

/**
 * The count after the last refused call, which is the count before the next one while nothing
 * else has run (an accepted call or a token check forget it): a query a call less.
 */
let stored: Awaited<ReturnType<typeof snapshot>> | null = null;

/** The demo users as stored, to read beside a failure. */
async function demoUsers() {
  const { rows } = await portal.services.database.pool.query(
    `select account, password_hash as hash, status, email, cam_email as cam, is_staff as staff from users where account in ('demo@example.com', 'staff@example.com') order by account`,
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Answers.

interface Sent {
  payload: string | Buffer | undefined;
  contentType?: string;
}

async function send(route: RouteEntry, sent: Sent, token: string | null) {
  return portal.app.inject({
    method: route.method as 'POST',
    url: route.url.replace(/:\w+/g, 'x').replace(/\*/g, 'x'),
    headers: { ...(sent.contentType ? { 'content-type': sent.contentType } : {}), ...(token ? { token } : {}) },
    ...(sent.payload === undefined ? {} : { payload: sent.payload }),
  });
}

/** What is wrong with an answer, or null: never 5xx, always `{code:number, info:string, ReturnData}`. */
function envelopeProblem(status: number, text: string, mustBeEnvelope: boolean): string | null {
  if (status >= 500) return `HTTP ${status}`;
  if (!mustBeEnvelope && status < 400) return null;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the answer is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the answer is not an object';
  if (typeof body.code !== 'number') return 'code is not a number';
  if (typeof body.info !== 'string') return 'info is not a string';
  if (!('ReturnData' in body)) return 'ReturnData is missing';
  if (body.code >= 500) return `envelope code ${body.code}`;
  if (body.code !== 200 && body.info.trim() === '') return `code ${body.code} with an empty info`;
  return null;
}

/** What is wrong with an event stream, or null: every `data:` line JSON or the end marker, which comes last. */
function streamProblem(text: string): string | null {
  const data = text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
  if (data.at(-1) !== '[DONE]') return 'the stream does not end with data: [DONE]';
  for (const d of data.slice(0, -1)) {
    try {
      JSON.parse(d);
    } catch {
      return `a data line is not JSON: ${d.slice(0, 80)}`;
    }
  }
  return null;
}

const brief = (s: string | Buffer | undefined) => {
  const t = s === undefined ? '<no body>' : typeof s === 'string' ? s : `<bytes ${s.toString('hex').slice(0, 80)}>`;
  return t.length > 300 ? `${t.slice(0, 300)}... (${t.length} chars)` : t;
};

// How the calls were answered, printed with FUZZ_STATS=1 to see how deep the bodies reach.
const answerCounts = new Map<string, number>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  const total = [...answerCounts.values()].reduce((a, b) => a + b, 0);
  console.info(`${total} calls\n${[...answerCounts].sort().map(([k, n]) => `${k}: ${n}`).join('\n')}`);
});

/** One call and every check on it; throws a message naming the route, role, body and answer. Answers the envelope's code, or null. */
async function checkCall(route: RouteEntry, role: Role, sent: Sent): Promise<number | null> {
  const token = await tokenFor(role);
  const before = stored ?? (await snapshot());
  stored = null;
  const res = await send(route, sent, token);
  const where = `${label(route)} as ${role} with ${brief(sent.payload)} [${sent.contentType ?? 'no content-type'}]`;
  // The chat's answer is a server-sent stream, not an envelope: it must be well formed and end with the marker.
  const streamed = res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  const problem = streamed ? streamProblem(res.body) : envelopeProblem(res.statusCode, res.body, route.url.startsWith('/api/') && route.method === 'POST');
  if (problem) throw new Error(`${where}: ${problem}; answered HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  let code: number | null = null;
  try {
    code = JSON.parse(res.body).code;
  } catch {
    /* a page or a document, not an envelope */
  }
  if (code === 200 || code === null) acceptedSinceCheck = true;
  const key = `${label(route)} ${role} ${code ?? `HTTP ${res.statusCode}`}`;
  answerCounts.set(key, (answerCounts.get(key) ?? 0) + 1);
  if (code !== null && code !== 200) {
    const after = await snapshot();
    stored = after;
    try {
      expect(after).toEqual(before);
    } catch (error) {
      throw new Error(`${where}: the call was refused (code ${code}) but changed what is stored:\n${(error as Error).message}\ndemo users now: ${JSON.stringify(await demoUsers())}`);
    }
  }
  return code;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const HOSTILE = [
  // SQL
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(5)--",
  '" OR 1=1 --',
  "%' --",
  "demo@example.com' --",
  '\\',
  // HTML and templates
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  // paths
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/dev/null',
  '%2e%2e%2f%2e%2e%2f',
  'file:///etc/passwd',
  // characters
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '𝕏😀👨‍👩‍👧',
  'مرحبا',
  '中文测试',
  '\u202Etxt.exe',
  '\r\n\r\nX-Injected: 1',
  '\t',
  ' ',
  '',
  // keys and values with meaning elsewhere
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'true',
  'false',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '9007199254740993',
  // known to the portal
  'demo@example.com',
  'DEMO@EXAMPLE.COM',
  ' staff@example.com ',
  'demo1234',
  'staff1234',
  'demo1234demo1234',
  '13800138000',
  '123456',
  '000000',
  '1',
  '2',
  '3',
  '4',
  '44',
  'zh',
  'en',
  '00000000-0000-0000-0000-000000000000',
  ...demoIds,
  // long
  'x'.repeat(201),
  'é'.repeat(201),
  '😀'.repeat(101),
  'a@b.'.repeat(60) + 'cn',
];
const HUGE = ['x'.repeat(300_000), '中'.repeat(100_000)];

const str = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{6}$/) },
  { weight: 1, arbitrary: fc.string({ minLength: 190, maxLength: 260 }) },
);

const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deep(depth - 1), b: [deep(0)] });

const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: str },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 1e308, -1, Number.MAX_SAFE_INTEGER + 2, 44, 1, 4) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(str, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(str, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(deep(40), deep(3)) },
);

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'UserId', 'userId', 'isStaff', 'IsStaff', 'status', 'passwordHash', 'Token', 'id'];

// Own properties only, so a key named __proto__ is sent as such rather than setting a prototype.
const own = (entries: Array<[string, unknown]>) => {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true });
  return o;
};

const RAW_POISON = [
  '{"__proto__":{"isStaff":true,"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"Email":"a@b.cn","Password":"x","__proto__":{"polluted":1}}',
  '{"UserId":{"__proto__":{"polluted":1}}}',
  '{"Account":"demo@example.com","Password":"demo1234","constructor":{"prototype":{"isStaff":true}}}',
];

/** Bodies for one route: shaped like its schema with random types, or strings, or anything at all. */
function bodiesFor(route: RouteEntry): fc.Arbitrary<string> {
  const schema = bodySchemaOf(route);
  const keys = Object.keys(schema.properties ?? {});
  const required: string[] = schema.required ?? [];
  const record = (value: fc.Arbitrary<unknown>, requiredKeys: string[]) =>
    keys.length ? fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys }) : fc.constant({});
  const extra = fc.array(fc.tuple(fc.constantFrom(...DANGEROUS_KEYS), anything), { maxLength: 3 });
  return fc.oneof(
    // Schema keys with values of any type, any of them missing.
    { weight: 3, arbitrary: record(anything, []).map((v) => JSON.stringify(v)) },
    // Schema keys with hostile strings, required ones present: these reach the handlers.
    { weight: 4, arbitrary: record(str, required).map((v) => JSON.stringify(v)) },
    // The same plus keys that mean something elsewhere (prototype, identity, role).
    {
      weight: 2,
      arbitrary: fc.tuple(record(str, required), extra).map(([v, more]) => JSON.stringify(own([...Object.entries(v), ...more]))),
    },
    // Any JSON value at all: arrays, numbers, null, strings, nested objects.
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_POISON) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE).map((h) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, h])))) },
  );
}

// ---------------------------------------------------------------------------------------------

describe('the check of what is stored', () => {
  it('sees a user or a session written, and not a row rewritten with its own values', async () => {
    const pool = portal.services.database.pool;
    const start = await snapshot();
    await pool.query(`update users set real_name = real_name where account = 'demo@example.com'`);
    await pool.query(`update sessions set revoked_at = revoked_at`);
    expect(await snapshot()).toEqual(start);
    await pool.query(`update users set real_name = real_name || '.' where account = 'demo@example.com'`);
    await pool.query(`update users set real_name = left(real_name, -1) where account = 'demo@example.com'`);
    expect(await snapshot()).toEqual({ ...start, 'users rows written': start['users rows written'] + 2 });
    const before = (await snapshot())['sessions rows written'];
    await portal.call('Login/UserLogin', { Account: 'demo@example.com', Password: 'demo1234' });
    expect((await snapshot())['sessions rows written']).toBeGreaterThan(before);
  });
});

describe('fuzzing every POST /api body', () => {
  it('has routes to fuzz', () => {
    expect(postRoutes.length).toBeGreaterThan(0);
  });

  postRoutes.forEach((route, i) => {
    ROLES.forEach((role, j) => {
      const unread = refusedUnread(route, role);
      it(`${label(route)} [${route.access}] as ${role}${unread ? ` (refused before the body is read: ${unread})` : ''}`, async () => {
        await fc.assert(
          fc.asyncProperty(bodiesFor(route), async (payload) => {
            const code = await checkCall(route, role, { payload, contentType: 'application/json' });
            if (unread) expect(code, `${label(route)} as ${role} with ${brief(payload)}`).toBe(unread);
          }),
          { ...fcParams(i * ROLES.length + j), ...(unread ? { numRuns: UNREAD_RUNS } : {}) },
        );
      });
    });
  });
});

// Raw bodies that JSON reads (or no body): they reach the route's own validation and code.
const RAW_READ: Array<string | Buffer | undefined> = [
  undefined,
  '',
  'null',
  '[]',
  '"a string"',
  '12345',
  'true',
  '\uFEFF{}',
  // Invalid UTF-8 inside a string: decoded to a replacement character, then read.
  Buffer.from([0x7b, 0x22, 0x45, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  ...RAW_POISON,
];
// Raw bodies JSON refuses, and content types the portal has no parser for: Fastify refuses them
// before any code of the route runs (the same answer on every route); the routes that read
// multipart bodies have parsers of their own.
const RAW_UNREAD: Array<string | Buffer> = ['not json', '{', '{"Email":', '}{', "{'single':'quotes'}", '{"a":1,}', Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d])];
const CONTENT_TYPES: Array<string | undefined> = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  undefined,
];

/**
 * The routes that meet every raw body and content type: those that read multipart bodies, and for
 * the refusals that come before a route's code, the first route of each access and method (those
 * refusals pass the same hooks and error handler on every route).
 */
const everyRawBody = new Set(
  routes.filter((r, i, all) => r.multipart || all.findIndex((o) => o.access === r.access && o.method === r.method) === i).map(label),
);

describe('raw invalid bodies on every route', () => {
  for (const route of routes.filter((r) => r.access !== null)) {
    const every = everyRawBody.has(label(route));
    it(`${label(route)} [${route.access}]${every ? ' (every raw body and content type)' : ''}`, async () => {
      const roles: Role[] = route.method === 'POST' ? ['anonymous', 'customer'] : ['anonymous'];
      for (const role of roles) {
        // The bodies that are read, as JSON and with no content type; a few as text, which
        // Fastify's text/plain parser hands to the route as a string.
        for (const payload of RAW_READ) {
          for (const contentType of ['application/json', undefined]) await checkCall(route, role, { payload, contentType });
        }
        for (const payload of ['{}', 'not json', '', RAW_POISON[0]]) await checkCall(route, role, { payload, contentType: 'text/plain' });
        if (!every) continue;
        for (const payload of RAW_UNREAD) {
          for (const contentType of ['application/json', undefined]) await checkCall(route, role, { payload, contentType });
        }
        for (const contentType of CONTENT_TYPES.filter((type) => type !== 'text/plain')) {
          for (const payload of ['{}', 'not json', '', RAW_POISON[0]]) await checkCall(route, role, { payload, contentType });
        }
      }
    });
  }
});

describe('after the fuzzing', () => {
  it('left no prototype polluted in the server process', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isStaff).toBeUndefined();
  });

  it('still logs the demo users in and serves them', async () => {
    for (const role of ['customer', 'staff'] as const) {
      const token = await tokenFor(role);
      const me = await portal.call('User/GetUserInfo', {}, token);
      expect(me.body.code).toBe(200);
      expect(me.body.ReturnData.Account).toBe(DEMO[role][0]);
      expect(me.body.ReturnData.IsStaff).toBe(role === 'staff' ? 1 : 0);
    }
  });
});
