import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAuditLogRepository } from '../../src/adapters/postgres/pg-audit-log.repository';
import type { RouteEntry } from '../../src/server/app';
import { AuditTrail, forTheLog } from '../../src/server/audit-trail';
import { registerApiRoutes, type ApiRoute } from '../../src/server/route-kit';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// ARCHITECTURE "Staff calls are audited": every staff call writes its row (who, what, when, the
// object, before and after); staff read and filter the log; nothing changes or deletes a row.

const portal: TestPortal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
afterAll(() => portal.close());

const routes: RouteEntry[] = [...portal.app.routeTable];
const staffRoutes = routes.filter((r) => r.access === 'staff');
const openapi = portal.app.swagger() as { paths: Record<string, Record<string, any>> };

let staff: { token: string; userId: string };
beforeAll(async () => {
  staff = await portal.login('staff@example.com', 'staff1234');
});

type Schema = Record<string, any>;

/** The smallest body its schema accepts: the required fields with a plain value of their type. */
function minimal(schema: Schema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'string') {
    const plain = 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    return schema.pattern ? (['1', plain, 'a1'].find((v) => new RegExp(schema.pattern).test(v)) ?? plain) : plain;
  }
  const out: Record<string, unknown> = {};
  for (const k of (schema.required as string[] | undefined) ?? []) out[k] = minimal(schema.properties?.[k] ?? { type: 'string' });
  return out;
}

async function rowsOf(action: string) {
  return (await portal.services.auditLog.find({ action }, { offset: 0, limit: 100 })).rows.filter((r) => r.action === action);
}

describe('every staff call writes its audit row', () => {
  it('the route table has staff routes, and each of them declares its audit row', () => {
    expect(staffRoutes.length).toBeGreaterThan(10);
    expect(staffRoutes.filter((r) => !r.audited).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Staff calls are POST calls (GET routes write no row, and a staff GET route refuses to register).
    expect(staffRoutes.filter((r) => r.method !== 'POST').map((r) => r.url)).toEqual([]);
  });

  // A body its schema accepts, so the handler runs (a body the schema refuses reaches no handler and changes nothing).
  it.each(staffRoutes.map((r) => [r.url, r] as const))('%s, called by staff, leaves a row naming the call and the caller', async (url, route) => {
    const action = url.replace(/^\/api\//, '');
    const before = (await rowsOf(action)).length;
    const body = minimal(openapi.paths[url]?.post?.requestBody?.content?.['application/json']?.schema);
    const res = await portal.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', token: staff.token }, payload: JSON.stringify(body) });
    expect(res.statusCode, `${route.url}: ${res.body.slice(0, 200)}`).not.toBe(500);
    const rows = await rowsOf(action);
    expect(rows.length, `${action} wrote no audit row (answer ${res.body.slice(0, 160)})`).toBe(before + 1);
    expect(rows[0]).toMatchObject({ actorId: staff.userId, actorAccount: 'staff@example.com', action });
    expect(rows[0]!.at.getTime()).toBe(portal.clock.now().getTime());
  });

  it('a staff route without an audit declaration does not register', () => {
    const unaudited: ApiRoute = { controller: 'Staff', action: 'Forgotten', access: 'staff', summary: '', body: { type: 'object' }, handle: async () => ({ code: 200, info: 'success', ReturnData: null }) };
    const trail = new AuditTrail(portal.services.auditLog, portal.clock);
    expect(() => registerApiRoutes(Fastify(), [unaudited], 1, trail)).toThrow(/Staff\/Forgotten is a staff call without its audit row/);
  });

  it('a customer calling a customer route writes no row', async () => {
    const demo = await portal.login('demo@example.com', 'demo1234');
    const { total } = await portal.services.auditLog.find({}, { offset: 0, limit: 1 });
    expect((await portal.call('Machine/GetMyMachine', {}, demo.token)).status).toBe(200);
    expect((await portal.services.auditLog.find({}, { offset: 0, limit: 1 })).total).toBe(total);
  });
});

describe('what a row holds', () => {
  it('approving a registration: the user as object, its status before and after, the result', async () => {
    const email = 'audit-review@example.com';
    const saved = await portal.call('User/SaveEmailErrorUser', {
      Account: email, RealName: 'Li Lei', Mobile: '', Email: email, FullPathId: '44-370000', FullPathName: '中国/山东省',
      Address: '1 Industrial Road', Password: 'secret-pass', IsDomestic: '0', CreateOrigin: '0',
    });
    expect(saved.body.code).toBe(200);
    const pending = (await portal.call('User/GetReviewUsers', {}, staff.token)).body.ReturnData.find((u: { Account: string }) => u.Account === email);
    expect((await portal.call('User/ReviewUser', { TargetUserId: pending.UserId, Approve: true }, staff.token)).body.code).toBe(200);
    const [row] = await rowsOf('User/ReviewUser');
    expect(row).toMatchObject({
      kind: 'write',
      object: `user:${pending.UserId}`,
      result: 'done',
      request: { TargetUserId: pending.UserId, Approve: true },
      before: { account: email, status: 'pending_review' },
      after: { account: email, status: 'active' },
    });
    // A refusal is a row too, with the refusal's code and text and no "after".
    await portal.call('User/ReviewUser', { TargetUserId: pending.UserId, Approve: false }, staff.token);
    const [refused] = await rowsOf('User/ReviewUser');
    expect(refused!.result).toBe('404 No registration waiting for review with this id');
    expect(refused!.after).toBeNull();
    expect(refused!.before).toMatchObject({ status: 'active' });
  });

  it('an article edit keeps the article before and after', async () => {
    const [root] = (await portal.call('KnowledgeAdmin/GetTree', { Library: 'knowledge' }, staff.token)).body.ReturnData;
    const added = await portal.call('KnowledgeAdmin/SaveNode', { Library: 'knowledge', ParentId: root.id, Name: '审计', NameEn: 'Audit' }, staff.token);
    expect(added.body.code, added.body.info).toBe(200);
    expect((await rowsOf('KnowledgeAdmin/SaveNode'))[0]).toMatchObject({ object: `kb-node:${added.body.ReturnData.Id}`, before: null, after: { Id: added.body.ReturnData.Id } });
    const folder = findFolder((await portal.call('KnowledgeAdmin/GetTree', { Library: 'knowledge' }, staff.token)).body.ReturnData);
    const saved = await portal.call('KnowledgeAdmin/SaveArticle', { NodeId: folder, Title: 'Audit one', HtmlContent: '<p>first</p>' }, staff.token);
    expect(saved.body.code, saved.body.info).toBe(200);
    const id = saved.body.ReturnData.Id;
    await portal.call('KnowledgeAdmin/SaveArticle', { Id: id, NodeId: folder, Title: 'Audit two', HtmlContent: '<p>second</p>' }, staff.token);
    const [edit, create] = await rowsOf('KnowledgeAdmin/SaveArticle');
    expect(create).toMatchObject({ object: `kb-article:${id}`, before: null, after: { title: 'Audit one' } });
    expect(edit).toMatchObject({ object: `kb-article:${id}`, before: { title: 'Audit one' }, after: { title: 'Audit two' } });
  });

  it('secrets are hidden and long texts shortened', () => {
    expect(forTheLog({ Password: 'x', ContentBase64: 'QUJD', Note: 'n'.repeat(1000), nested: { token: 't' } })).toEqual({
      Password: '(hidden)',
      ContentBase64: '(hidden)',
      Note: `${'n'.repeat(400)}… (1000 characters)`,
      nested: { token: '(hidden)' },
    });
    // jsonb refuses lone surrogates, which a client may send.
    expect(forTheLog({ ['k\ud800']: 'v\udfff' })).toEqual({ 'k\ufffd': 'v\ufffd' });
  });
});

describe('staff read and filter the log; nobody changes it', () => {
  it('GetAuditLog filters by action, kind, actor and time, newest first, with the total', async () => {
    const byAction = await portal.call('Staff/GetAuditLog', { Action: 'User/ReviewUser', TopNums: 10 }, staff.token);
    expect(byAction.body.code).toBe(200);
    expect(byAction.body.ReturnData.length).toBeGreaterThan(0);
    expect(byAction.body.ReturnData.every((r: { Action: string }) => r.Action === 'User/ReviewUser')).toBe(true);
    expect(byAction.body.ReturnCount).toBe(byAction.body.ReturnData.length);
    const writes = await portal.call('Staff/GetAuditLog', { Kind: 'write', TopNums: 100 }, staff.token);
    expect(writes.body.ReturnData.every((r: { Kind: string }) => r.Kind === 'write')).toBe(true);
    const nobody = await portal.call('Staff/GetAuditLog', { Actor: 'nobody-such' }, staff.token);
    expect(nobody.body).toMatchObject({ code: 200, info: 'No entries', ReturnData: [] });
    const future = await portal.call('Staff/GetAuditLog', { From: '2099-01-01' }, staff.token);
    expect(future.body.ReturnData).toEqual([]);
    const ids = writes.body.ReturnData.map((r: { Id: number }) => r.Id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await portal.call('Staff/GetAuditLog', { From: 'yesterday' }, staff.token)).body).toMatchObject({ code: 400, info: 'From and To must be dates (ISO 8601)' });
  });

  it('reading the log is itself a row', async () => {
    const before = (await rowsOf('Staff/GetAuditLog')).length;
    await portal.call('Staff/GetAuditLog', { Object: 'user:' }, staff.token);
    const rows = await rowsOf('Staff/GetAuditLog');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({ kind: 'read', request: { Object: 'user:' } });
  });

  it('customers and visitors cannot read it', async () => {
    const demo = await portal.login('demo@example.com', 'demo1234');
    expect((await portal.call('Staff/GetAuditLog', {}, demo.token)).status).toBe(403);
    expect((await portal.call('Staff/GetAuditLog', {})).status).toBe(401);
  });

  it('the log can only be appended to and read: no update or delete path in the port or the API', () => {
    expect(Object.getOwnPropertyNames(PgAuditLogRepository.prototype).sort()).toEqual(['append', 'constructor', 'find']);
    expect(routes.filter((r) => /audit/i.test(r.url)).map((r) => r.url)).toEqual(['/api/Staff/GetAuditLog']);
  });
});

/** The first node of a language branch (it takes articles). */
function findFolder(nodes: { id: number; lang: string | null; children: unknown[] }[]): number {
  const stack = [...nodes];
  while (stack.length) {
    const n = stack.shift()!;
    if (n.lang) return n.id;
    stack.push(...(n.children as typeof nodes));
  }
  throw new Error('no folder in the tree');
}
