import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../../src/domain/companies/company-roles';
import type { Access } from '../../src/domain/shared/access';
import type { Needs } from '../../src/server/route-kit';
import { hashToken } from '../../src/server/services/session.service';
import { buildApp, type RouteEntry } from '../../src/server/app';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The authorization matrix of ARCHITECTURE "Tests": every route the app registers, written out
// below with who may call it, against every kind of caller. The rows are the expectation, not a
// copy of the routes' config: a route that `app.routeTable` holds without a row here, a row that
// names no route, and a route whose declared access is not its row's (or none) each fail
// 'the matrix has a row for every route of app.routeTable'. Add a route, add its row.

const LOGIN_EXPIRED = 'Login has expired, please log in again';

/**
 * Routes whose answer to A holds an e-mail address A typed (the matrix aims A's identifying fields
 * at B, so A invites B's address): A's own invitation and its list, not B's data. B's id is still checked.
 */
const ECHO_THE_ADDRESS_TYPED = new Set(['POST /api/Company/InviteMember', 'POST /api/Company/GetInvitations']);

// The route list is needed to name the tests, so the portal is built while the file is collected.
const portal: TestPortal = await createTestPortal({ RATE_LIMIT_SCALE: '1000' });
afterAll(() => portal.close());

const routes: RouteEntry[] = [...portal.app.routeTable];
const openapi = portal.app.swagger() as { paths: Record<string, Record<string, any>> };
const label = (r: RouteEntry) => `${r.method} ${r.url}`;

/** Every route of the test portal (the SPA's static files under /app/ aside: it serves none) and who may call it. */
const MATRIX: Readonly<Record<string, Access>> = {
  'POST /api/Login/UserLogin': 'public',
  'POST /api/Login/UserLogout': 'customer',
  'POST /api/User/RegisterEmlie': 'public',
  'POST /api/User/RegisterMobile': 'public',
  'POST /api/User/GetUserEmail': 'public',
  'POST /api/User/GetAreaData': 'public',
  'POST /api/User/SaveUser': 'public',
  'POST /api/User/SaveEmailErrorUser': 'public',
  'POST /api/User/PasswordReset': 'public',
  'POST /api/User/GetAllowUsers': 'public',
  'POST /api/User/AllowSave': 'public',
  'POST /api/User/GetUserInfo': 'customer',
  'POST /api/User/GetReviewUsers': 'staff',
  'POST /api/User/ReviewUser': 'staff',
  'POST /api/User/GetMallPoints': 'customer',
  'POST /api/Cam/USERWEBgetuserdogPageList': 'customer',
  'POST /api/Cam/IsProductUser': 'customer',
  'POST /api/Cam/IsLaserUser': 'customer',
  'POST /api/Cam/OldUserPointExchange': 'customer',
  'POST /api/Cam/GetCamAssistant': 'public',
  'POST /api/Cam/InsertDownload': 'customer',
  'POST /api/Cam/AllowInsertDownload': 'public',
  'POST /api/Cam/SaveCamCustomer': 'public',
  'POST /api/Cam/GetDownloads': 'staff',
  'POST /api/Cam/GetCamCustomers': 'staff',
  'POST /api/Home/SaveContact': 'public',
  'POST /api/Home/GetContactMessages': 'staff',
  'POST /api/WarrantyRule/GetList': 'public',
  'POST /api/Machine/GetMyMachine': 'customer',
  'POST /api/Machine/MachineBind': 'customer',
  'POST /api/Machine/GetBpmMachine': 'customer',
  'POST /api/Machine/SaveMachineData': 'customer',
  'POST /api/Machine/GetDeviceSeries': 'customer',
  'POST /api/Machine/GetMachineTables': 'customer',
  'POST /api/Machine/GetMachineLabel': 'customer',
  'POST /api/Machine/GetMachineLabels': 'customer',
  'POST /api/Machine/WithdrawMachineLabels': 'customer',
  'POST /api/Staff/WithdrawMachineLabels': 'staff',
  'POST /api/Alarm/GetNotifyRule': 'customer',
  'POST /api/Alarm/SaveNotifyRule': 'customer',
  'POST /api/Alarm/GetWebhooks': 'customer',
  'POST /api/Alarm/AddWebhook': 'customer',
  'POST /api/Alarm/DeleteWebhook': 'customer',
  'POST /api/Alarm/GetDeliveries': 'customer',
  'POST /api/Staff/GetAlarmDeliveries': 'staff',
  'POST /api/Alarm/GetBell': 'customer',
  'POST /api/Alarm/WaitBell': 'customer',
  'POST /api/Alarm/MarkBellRead': 'customer',
  // Company accounts (issue 37).
  'POST /api/Company/GetCompanies': 'customer',
  'POST /api/Company/RenameCompany': 'customer',
  'POST /api/Company/SwitchCompany': 'customer',
  'POST /api/Company/GetMembers': 'customer',
  'POST /api/Company/InviteMember': 'customer',
  'POST /api/Company/GetInvitations': 'customer',
  'POST /api/Company/RevokeInvitation': 'customer',
  'POST /api/Company/AcceptInvitation': 'customer',
  'POST /api/Company/SetMemberRole': 'customer',
  'POST /api/Company/RemoveMember': 'customer',
  'POST /api/Company/LeaveCompany': 'customer',
  'POST /api/Machine/ScanMachineLabel': 'public',
  'POST /api/Machine/SendLabelRequestCode': 'public',
  'POST /api/Machine/RequestRepairByLabel': 'public',
  'POST /api/Machine/GetMachineReport': 'customer',
  'POST /api/Machine/GetReportTube': 'customer',
  'POST /api/Machine/GetProcessingTimes': 'customer',
  'POST /api/Machine/GetProcessingTimeTube': 'customer',
  'POST /api/Machine/GetMachineTasks': 'customer',
  'POST /api/Machine/GetErrorLog': 'customer',
  'POST /api/Machine/GetErrorLogTube': 'customer',
  'POST /api/Machine/ExportCsv': 'customer',
  'POST /api/Machine/GetEquipmetFileData': 'customer',
  'POST /api/RandomCenter/GetPLMRandomFile': 'customer',
  'POST /api/RandomCenter/Download': 'customer',
  'POST /api/IndustrialDocument/WebGetList': 'customer',
  'POST /api/IndustrialDocument/Delete': 'customer',
  'POST /api/IndustrialDocument/Download': 'customer',
  'POST /api/IndustrialDocument/UploadListDocument': 'customer',
  'POST /api/IndustrialDocument/GetTubeMachineReport': 'customer',
  'POST /api/IndustrialDocument/GetPlateMachineReport': 'customer',
  'POST /api/IndustrialDocument/GetReportTube': 'customer',
  'POST /api/IndustrialDocument/GetCamNests': 'customer',
  'POST /api/IndustrialDocument/GetCamParts': 'customer',
  'POST /api/IndustrialDocument/GetCamTubes': 'customer',
  'POST /api/IndustrialDocument/GetPlateReports': 'customer',
  'POST /api/IndustrialDocument/GetPlateParts': 'customer',
  'POST /api/IndustrialDocument/PostCamReport': 'customer',
  'GET /api/IndustrialDocument/Image/:id/:filename': 'public',
  'POST /api/KnowledgeClassify/GetJstreeDataAllowAnonymous': 'public',
  'POST /api/KnowledgeClassify/GetContentsAllowAnonymous': 'public',
  'POST /api/SoftwareDownload/GetJstreeData': 'public',
  'POST /api/SoftwareDownload/GetContents': 'public',
  'POST /api/OperationGuide/GetJstreeData': 'customer',
  'POST /api/OperationGuide/GetContents': 'customer',
  'POST /api/CommonFaults/GetJstreeData': 'customer',
  'POST /api/CommonFaults/GetContents': 'customer',
  'POST /api/KnowledgeClassify/SaveTouristVolume': 'public',
  'POST /api/KnowledgeClassify/GetTouristVolume': 'public',
  'POST /api/KnowledgeClassify/SearchAllowAnonymous': 'public',
  'POST /api/KnowledgeAdmin/GetTree': 'staff',
  'POST /api/KnowledgeAdmin/SaveNode': 'staff',
  'POST /api/KnowledgeAdmin/MoveNode': 'staff',
  'POST /api/KnowledgeAdmin/DeleteNode': 'staff',
  'POST /api/KnowledgeAdmin/GetArticles': 'staff',
  'POST /api/KnowledgeAdmin/GetArticle': 'staff',
  'POST /api/KnowledgeAdmin/SaveArticle': 'staff',
  'POST /api/KnowledgeAdmin/DeleteArticle': 'staff',
  'POST /api/KnowledgeAdmin/DeleteAttachment': 'staff',
  'POST /api/Telemetry/GetStats': 'staff',
  'POST /api/Staff/GetAuditLog': 'staff',
  'POST /api/Staff/GetRegistry': 'staff',
  'POST /api/Staff/AddRegistryMachine': 'staff',
  'POST /api/Staff/EditRegistryMachine': 'staff',
  'POST /api/Staff/UnbindMachine': 'staff',
  'POST /api/Staff/GetWorkOrders': 'staff',
  // The companies tab (issue 37 item 5): every company, one opened, a machine moved between them.
  'POST /api/Staff/GetCompanies': 'staff',
  'POST /api/Staff/GetCompany': 'staff',
  'POST /api/Staff/MoveMachine': 'staff',
  'POST /api/Chat/Completions': 'customer',
  'POST /api/Chat/GetConversations': 'customer',
  'POST /api/Chat/GetConversation': 'customer',
  'POST /api/Chat/DeleteConversation': 'customer',
  'POST /api/Mqtt/Auth': 'broker',
  'POST /api/Mqtt/Acl': 'broker',
  'POST /api/Mqtt/Superuser': 'broker',
  'GET /api/Cam/File/:id/:filename': 'public',
  'GET /api/Knowledge/File/:id/:filename': 'public',
  // The mini program's QR code as an image (ADR 0023): the visitor pages' first screen shows it before any script.
  'GET /app/mini-program-qr/zh.svg': 'public',
  'HEAD /app/mini-program-qr/zh.svg': 'public',
  'GET /app/mini-program-qr/en.svg': 'public',
  'HEAD /app/mini-program-qr/en.svg': 'public',
  'GET /api/openapi.json': 'public',
  'HEAD /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'HEAD /api/health': 'public',
  'GET /api/ready': 'public',
  'HEAD /api/ready': 'public',
  'POST /api/Cam/PublishRelease': 'staff',
  'POST /api/CSSAPI/SaveWorkOrder': 'customer',
  'POST /api/CSSAPI/QueryWorkOrders': 'customer',
  'POST /api/CSSAPI/GetEventStatus': 'customer',
  'POST /api/CSSAPI/MoveWorkOrder': 'staff',
  // The conversation on a work order (issue 38 item 1, ADR 0032).
  'POST /api/WorkOrder/GetMessages': 'customer',
  'POST /api/WorkOrder/AddMessage': 'customer',
  'POST /api/WorkOrder/GetMessageFile': 'customer',
  'POST /api/Staff/GetWorkOrderMessages': 'staff',
  'POST /api/Staff/AddWorkOrderMessage': 'staff',
  'POST /api/Staff/GetWorkOrderMessageFile': 'staff',
  'POST /api/Component/GetList': 'customer',
  'POST /api/ComponentUserNumber/GetList': 'customer',
  'POST /api/ComponentUserNumber/Save': 'customer',
  'POST /api/ComponentUserNumber/ResetNumber': 'customer',
  'POST /api/ComponentUserNumber/GetComponentTypeNumber': 'customer',
  'POST /api/ComponentUserNumber/GetComponentTypeDate': 'customer',
  'POST /api/KnowledgeAdmin/UploadImage': 'staff',
  'POST /api/KnowledgeAdmin/UploadAttachment': 'staff',
  'POST /dev/simulator/fail': 'public',
  'GET /dev/outbox': 'public',
  'HEAD /dev/outbox': 'public',
  'GET /dev/outbox.json': 'public',
  'HEAD /dev/outbox.json': 'public',
  'POST /api/User/GetUsers': 'customer',
  'POST /api/User/Save': 'customer',
  'POST /api/User/ChangeEmail': 'customer',
  'POST /api/User/UploadAvatar': 'customer',
  'POST /api/User/GetPointsHistory': 'customer',
  'POST /api/User/ChangePoints': 'staff',
  'GET /api/User/Avatar/:id/:filename': 'public',
  'POST /api/QualityAssurance/GetList': 'customer',
  'POST /api/Cam/GetProblemFeedbacks': 'customer',
  'POST /api/Cam/UpdateComplaint': 'customer',
  'POST /api/Cam/ProblemFeedbackSave': 'public',
  'POST /api/Cam/DownloadFeedbackFile': 'customer',
  'POST /api/Cam/UploadBntFile': 'public',
  'POST /api/Cam/UploadIgsAndStpFile': 'public',
  'POST /api/Cam/GetAllProblemFeedbacks': 'staff',
  'POST /api/Cam/AnswerProblemFeedback': 'staff',
  'POST /api/Cam/CloseProblemFeedback': 'staff',
  'GET /': 'public',
  'HEAD /': 'public',
  // A QR label's short link, redirected to the app's scan page (issue 39).
  'GET /m/:label': 'public',
  'HEAD /m/:label': 'public',
  // Maintenance (issue 17).
  'POST /api/Maintenance/GetMDetailNumbers': 'customer',
  'POST /api/Maintenance/MDetailsList': 'customer',
  'POST /api/Maintenance/MMachineList': 'customer',
  'POST /api/Maintenance/SaveMMachine': 'customer',
  'POST /api/Maintenance/DeleteMMachine': 'customer',
  'POST /api/Maintenance/GetMRecords': 'customer',
  'POST /api/Maintenance/InsertMRecords': 'customer',
  // The site videos (issue 35 item 12): staff replace them, the pages play them.
  'POST /api/Staff/GetSiteVideos': 'staff',
  'POST /api/Staff/ReplaceSiteVideo': 'staff',
  'GET /api/SiteVideo/:id': 'public',
};

interface Customer {
  id: string;
  account: string;
  email: string;
  password: string;
}

let A: Customer;
let B: Customer;
let revokedToken: string;
let expiredToken: string;
const unknownToken = randomBytes(32).toString('base64url');

/** A customer registered the way a real one is: code by mail, SaveUser with it, then login. */
async function registerCustomer(tag: string): Promise<Customer> {
  const email = `matrix-${tag}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `secret-${tag}-pass`;
  const sent = await portal.call('User/RegisterEmlie', { Email: email });
  expect(sent.body.code, `RegisterEmlie for ${tag}: ${sent.body.info}`).toBe(200);
  const saved = await portal.call('User/SaveUser', {
    Account: email,
    RealName: `Customer ${tag.toUpperCase()}`,
    Mobile: '',
    Email: email,
    FullPathId: '44-370000',
    FullPathName: '中国/山东省',
    Address: `${tag} Industrial Road`,
    Password: password,
    IsDomestic: '0',
    CreateOrigin: '0',
    EmailCode: portal.codeFor(email),
  });
  expect(saved.body.code, `SaveUser for ${tag}: ${saved.body.info}`).toBe(200);
  const { userId } = await portal.login(email, password);
  return { id: userId, account: email.toLowerCase(), email, password };
}

beforeAll(async () => {
  A = await registerCustomer('a');
  B = await registerCustomer('b');
  const revoked = await portal.login(A.account, A.password);
  expect((await portal.call('Login/UserLogout', {}, revoked.token)).body.code).toBe(200);
  revokedToken = revoked.token;
  // A session idle for longer than a week; later logins start after the clock moved.
  expiredToken = (await portal.login(A.account, A.password)).token;
  portal.clock.advance(8 * 24 * 3600_000);
});

// ---------------------------------------------------------------------------------------------
// Callers. Every logged-in call gets a fresh session, so a route that ends sessions (logout,
// password change) cannot spoil the calls after it.

type Role = 'anonymous' | 'revoked token' | 'unknown token' | 'expired token' | 'customer A' | 'customer B' | 'staff';

async function tokenOf(role: Role): Promise<string | null> {
  switch (role) {
    case 'anonymous':
      return null;
    case 'revoked token':
      return revokedToken;
    case 'unknown token':
      return unknownToken;
    case 'expired token':
      return expiredToken;
    case 'customer A':
      return (await portal.login(A.account, A.password)).token;
    case 'customer B':
      return (await portal.login(B.account, B.password)).token;
    case 'staff':
      return (await portal.login('staff@example.com', 'staff1234')).token;
  }
}

interface Answer {
  status: number;
  body: any;
  text: string;
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
// Parametric and wildcard parts get a harmless value.
const concreteUrl = (url: string) => url.replace(/:\w+/g, 'x').replace(/\*/g, 'x');

async function send(route: RouteEntry, body: unknown, token: string | null, remoteAddress = '127.0.0.1'): Promise<Answer> {
  const res = await portal.app.inject({
    method: route.method as 'POST',
    url: concreteUrl(route.url),
    remoteAddress,
    headers: { ...(hasBody(route.method) ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}) },
    ...(hasBody(route.method) ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
  let parsed: any = null;
  try {
    parsed = res.body ? JSON.parse(res.body) : null;
  } catch {
    parsed = null;
  }
  return { status: res.statusCode, body: parsed, text: res.body };
}

const show = (a: Answer) => `HTTP ${a.status} ${a.text.slice(0, 160)}`;
const isRefusal = (a: Answer, code: 401 | 403) => a.status === code || a.body?.code === code;

// ---------------------------------------------------------------------------------------------
// Bodies from the route's JSON schema, as the OpenAPI document publishes it.

type Schema = Record<string, any>;

function bodySchemaOf(route: RouteEntry): Schema | undefined {
  const op = openapi.paths[route.url]?.[route.method.toLowerCase()];
  return op?.requestBody?.content?.['application/json']?.schema;
}

/** A plausible value for a field, by its schema and name; `target` aims identifying fields at that customer. */
function valueFor(schema: Schema, key: string, target?: Customer): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, target);
    case 'array':
      return schema.minItems ? [valueFor(schema.items ?? {}, key, target)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return fit(stringFor(key, schema, target), schema);
  }
}

function stringFor(key: string, schema: Schema, target?: Customer): string {
  const k = key.toLowerCase();
  if (schema.format === 'email' || k.includes('email')) return target?.email ?? 'nobody@example.com';
  if (k.includes('account')) return target?.account ?? 'nobody@example.com';
  if (k.includes('mobile') || k.includes('phone')) return '13700000000';
  if (k.includes('password')) return 'secret-pass-1';
  if (k.includes('code')) return '123456';
  if (k.endsWith('id')) return target?.id ?? '00000000-0000-4000-8000-000000000000';
  if (k.includes('time') || k.includes('date')) return '2026-01-01T08:00:00+08:00';
  return 'matrix';
}

function fit(value: string, schema: Schema): string {
  let v = value;
  if (typeof schema.maxLength === 'number') v = v.slice(0, schema.maxLength);
  if (typeof schema.minLength === 'number') v = v.padEnd(schema.minLength, '1');
  return v;
}

/** The required fields only (`target` unset), or every field aimed at `target`. */
function objectFor(schema: Schema, target?: Customer): Record<string, unknown> {
  const props: Record<string, Schema> = schema.properties ?? {};
  const keys = target ? Object.keys(props) : ((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    // Naming another user in UserId/userId is checked on its own below; here the handler must run.
    if (target && (k === 'UserId' || k === 'userId')) continue;
    out[k] = valueFor(props[k] ?? { type: 'string' }, k, target);
  }
  return out;
}

const minimalBody = (route: RouteEntry) => valueFor(bodySchemaOf(route) ?? { type: 'object' }, 'body');
const bodyAimedAt = (route: RouteEntry, target: Customer) => {
  const schema = bodySchemaOf(route) ?? { type: 'object' };
  return schema.type === 'object' || schema.type === undefined ? objectFor(schema, target) : valueFor(schema, 'body', target);
};

// ---------------------------------------------------------------------------------------------

const isSpaFile = (r: RouteEntry) => ['GET', 'HEAD'].includes(r.method) && r.url.startsWith('/app/') && r.access === null;

/** What differs between a route table and the matrix: routes without a row, rows without a route, other access. */
function againstMatrix(table: readonly RouteEntry[]) {
  const labels = table.map(label);
  return {
    'routes without a row in the matrix': labels.filter((l) => !Object.hasOwn(MATRIX, l)),
    'rows of the matrix without a route': Object.keys(MATRIX).filter((l) => !labels.includes(l)),
    'routes whose declared access is not their row': table
      .filter((r) => Object.hasOwn(MATRIX, label(r)) && MATRIX[label(r)] !== r.access)
      .map((r) => `${label(r)}: declares ${r.access ?? 'no access'}, the matrix says ${MATRIX[label(r)]}`),
    'routes registered twice': labels.filter((l, i) => labels.indexOf(l) !== i),
  };
}
const NOTHING_AGAINST_THE_MATRIX = {
  'routes without a row in the matrix': [],
  'rows of the matrix without a route': [],
  'routes whose declared access is not their row': [],
  'routes registered twice': [],
};

describe('every route declares who may call it', () => {
  it('the matrix has a row for every route of app.routeTable, and every route declares the access of its row', () => {
    expect(routes.length, 'the route table').toBeGreaterThan(0);
    expect(againstMatrix(routes)).toEqual(NOTHING_AGAINST_THE_MATRIX);
  });

  it('has a declared access, or is a static file of the SPA under /app/', async () => {
    // The test portal serves no SPA; build the same app over a small built SPA to see its static routes too.
    const distDir = mkdtempSync(path.join(tmpdir(), 'matrix-spa-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const withSpa = await buildApp({ config: portal.config, services: portal.services, logger: false, distDir });
    try {
      await withSpa.ready();
      for (const table of [routes, withSpa.routeTable]) {
        const undeclared = table.filter((r) => r.access === null && !isSpaFile(r));
        expect(undeclared.map(label), 'routes without config.access (only the SPA files under /app/ may have none)').toEqual([]);
        for (const r of table) expect(['public', 'customer', 'staff', 'broker', null], label(r)).toContain(r.access);
      }
      expect(withSpa.routeTable.some((r) => r.access === null && r.url.startsWith('/app/')), 'the SPA static routes').toBe(true);
      // Serving the SPA adds its static files and nothing else the matrix does not know.
      expect(againstMatrix(withSpa.routeTable.filter((r) => !isSpaFile(r)))).toEqual(NOTHING_AGAINST_THE_MATRIX);
    } finally {
      await withSpa.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('publishes a body schema for every POST route, so the matrix and the fuzzing can build bodies', () => {
    // The loopback-only development routes are left out of the document (start.test.ts calls the simulator's).
    const missing = routes.filter((r) => r.method === 'POST' && r.access !== null && !r.url.startsWith('/dev/') && !bodySchemaOf(r)).map(label);
    expect(missing, 'POST routes without a JSON body schema in the OpenAPI document').toEqual([]);
  });

  it('has customer and staff routes to check (the matrix is not vacuous)', () => {
    const rows = Object.values(MATRIX);
    for (const access of ['public', 'customer', 'staff', 'broker'] as const) expect(rows.filter((a) => a === access).length, access).toBeGreaterThan(0);
  });
});

describe('the positive control of the leak check', () => {
  it("sees a customer's own id, account and e-mail in their own profile", async () => {
    const token = await tokenOf('customer B');
    const me = await portal.call('User/GetUserInfo', {}, token);
    const text = JSON.stringify(me.body);
    for (const needle of [B.id, B.account]) expect(text).toContain(needle);
  });
});

describe('authorization matrix: route x caller', () => {
  // The callers are chosen by the row, not by the route's config: a route declared more open than
  // its row is refused nothing it should be.
  for (const [name, access] of Object.entries(MATRIX)) {
    it(`${name} [${access}]`, async () => {
      const route = routes.find((r) => label(r) === name);
      expect(route, `${name} is a route of app.routeTable`).toBeDefined();
      if (!route) return;
      const failures: string[] = [];
      const answersToA: Array<{ what: string; answer: Answer }> = [];
      let calls = 0;
      const call = async (role: Role, body: unknown = minimalBody(route)) => {
        calls++;
        const answer = await send(route, body, await tokenOf(role));
        if (role === 'customer A') answersToA.push({ what: `${role} with ${JSON.stringify(body)}`, answer });
        return answer;
      };
      const expectLoginExpired = (role: Role, a: Answer) => {
        const ok = a.status === 401 && a.body?.code === 401 && a.body?.info === LOGIN_EXPIRED;
        if (!ok) failures.push(`${label(route)} as ${role}: expected HTTP 401 {code:401, info:'${LOGIN_EXPIRED}'}, got ${show(a)}`);
      };
      const expectForbidden = (role: Role, a: Answer, why: string) => {
        const ok = a.status === 403 && a.body?.code === 403 && typeof a.body?.info === 'string' && a.body.info !== '';
        if (!ok) failures.push(`${label(route)} as ${role} ${why}: expected HTTP 403 {code:403}, got ${show(a)}`);
      };
      const expectLetThrough = (role: Role, a: Answer, why = '') => {
        if (isRefusal(a, 401) || isRefusal(a, 403)) failures.push(`${label(route)} as ${role}${why}: must not answer 401/403, got ${show(a)}`);
      };

      const withBody = hasBody(route.method);
      switch (access) {
        case 'public':
          for (const role of ['anonymous', 'revoked token', 'unknown token', 'expired token', 'customer A', 'customer B', 'staff'] as Role[]) {
            expectLetThrough(role, await call(role));
          }
          break;

        case 'customer':
          for (const role of ['anonymous', 'revoked token', 'unknown token', 'expired token'] as Role[]) expectLoginExpired(role, await call(role));
          for (const role of ['customer A', 'customer B', 'staff'] as Role[]) expectLetThrough(role, await call(role));
          if (withBody) {
            const base = minimalBody(route) as Record<string, unknown>;
            for (const key of ['UserId', 'userId']) {
              expectForbidden('customer A', await call('customer A', { ...base, [key]: B.id }), `naming B in ${key}`);
              expectForbidden('staff', await call('staff', { ...base, [key]: B.id }), `naming B in ${key} on a customer route`);
              expectLetThrough('customer A', await call('customer A', { ...base, [key]: A.id }), ` naming itself in ${key}`);
            }
            // Every field that can name a customer (e-mail, account, ids) aimed at B.
            const aimed = bodyAimedAt(route, B);
            expectLetThrough('customer A', await call('customer A', aimed), ' with fields aimed at B');
          }
          break;

        case 'staff':
          for (const role of ['anonymous', 'revoked token', 'unknown token', 'expired token'] as Role[]) expectLoginExpired(role, await call(role));
          for (const role of ['customer A', 'customer B'] as Role[]) expectForbidden(role, await call(role), 'on a staff route');
          expectLetThrough('staff', await call('staff'));
          break;

        case 'broker':
          // Broker hooks take no user token: from anywhere but the broker (loopback here, no hook
          // secret configured) every caller is refused, whatever token it carries.
          for (const role of ['anonymous', 'customer A', 'staff'] as Role[]) {
            calls++;
            const a = await send(route, minimalBody(route), await tokenOf(role), '203.0.113.7');
            if (!(a.status === 403 && a.body?.code === 403)) failures.push(`${label(route)} as ${role} from outside: expected HTTP 403, got ${show(a)}`);
          }
          for (const role of ['anonymous', 'customer A'] as Role[]) {
            const a = await call(role);
            if (isRefusal(a, 401) || a.status >= 500) failures.push(`${label(route)} as ${role} from the broker: expected the hook's answer, got ${show(a)}`);
          }
          break;
      }

      // B's rows never reach A on routes behind a login.
      if (access !== 'public') {
        for (const { what, answer } of answersToA) {
          for (const [name, needle] of [
            ['user id', B.id],
            ['account', B.account],
            ['e-mail', B.email],
          ] as const) {
            if (name !== 'user id' && ECHO_THE_ADDRESS_TYPED.has(label(route))) continue;
            if (answer.text.toLowerCase().includes(needle.toLowerCase())) {
              failures.push(`${label(route)} leaks B's ${name} to ${what}: ${show(answer)}`);
            }
          }
        }
      }

      expect(failures, `${name} [${access}]`).toEqual([]);
      expect(calls, `${name}: callers tried (a row of an unknown access tries none)`).toBeGreaterThan(3);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Company roles (issue 37, ADR 0030): what each customer call needs of the caller's role in the
// company they work in, written out; a member of each role below owner is refused exactly the
// calls their role does not allow, before the call runs.

const ROLE_REFUSED = 'Your role in this company does not allow this';

const NEEDS: Readonly<Record<string, Needs>> = {
  'POST /api/Login/UserLogout': 'self',
  'POST /api/User/GetUserInfo': 'self',
  'POST /api/User/GetMallPoints': 'read',
  'POST /api/Cam/IsProductUser': 'points',
  'POST /api/Cam/IsLaserUser': 'points',
  'POST /api/Cam/USERWEBgetuserdogPageList': 'read',
  'POST /api/Cam/OldUserPointExchange': 'points',
  'POST /api/Cam/InsertDownload': 'self',
  'POST /api/CSSAPI/SaveWorkOrder': 'workOrders',
  'POST /api/CSSAPI/QueryWorkOrders': 'read',
  'POST /api/CSSAPI/GetEventStatus': 'read',
  'POST /api/Component/GetList': 'read',
  'POST /api/ComponentUserNumber/GetList': 'read',
  'POST /api/ComponentUserNumber/Save': 'stock',
  'POST /api/ComponentUserNumber/ResetNumber': 'stock',
  'POST /api/ComponentUserNumber/GetComponentTypeNumber': 'read',
  'POST /api/ComponentUserNumber/GetComponentTypeDate': 'read',
  'POST /api/Machine/GetMyMachine': 'read',
  'POST /api/Machine/MachineBind': 'ownership',
  'POST /api/Machine/GetBpmMachine': 'ownership',
  'POST /api/Machine/SaveMachineData': 'ownership',
  'POST /api/Machine/GetDeviceSeries': 'read',
  'POST /api/Machine/GetMachineTables': 'read',
  'POST /api/Machine/GetMachineLabel': 'read',
  'POST /api/Machine/GetMachineLabels': 'read',
  'POST /api/Machine/WithdrawMachineLabels': 'machines',
  'POST /api/Machine/GetMachineReport': 'read',
  'POST /api/Machine/GetReportTube': 'read',
  'POST /api/Machine/GetProcessingTimes': 'read',
  'POST /api/Machine/GetProcessingTimeTube': 'read',
  'POST /api/Machine/GetMachineTasks': 'read',
  'POST /api/Machine/GetErrorLog': 'read',
  'POST /api/Machine/GetErrorLogTube': 'read',
  'POST /api/Machine/ExportCsv': 'read',
  'POST /api/Machine/GetEquipmetFileData': 'read',
  'POST /api/RandomCenter/GetPLMRandomFile': 'read',
  'POST /api/RandomCenter/Download': 'read',
  'POST /api/OperationGuide/GetJstreeData': 'self',
  'POST /api/OperationGuide/GetContents': 'self',
  'POST /api/CommonFaults/GetJstreeData': 'self',
  'POST /api/CommonFaults/GetContents': 'self',
  'POST /api/User/GetPointsHistory': 'read',
  'POST /api/User/GetUsers': 'self',
  'POST /api/User/Save': 'self',
  'POST /api/User/ChangeEmail': 'self',
  'POST /api/QualityAssurance/GetList': 'read',
  'POST /api/Cam/GetProblemFeedbacks': 'self',
  'POST /api/Cam/UpdateComplaint': 'self',
  'POST /api/Cam/DownloadFeedbackFile': 'self',
  'POST /api/Maintenance/GetMDetailNumbers': 'read',
  'POST /api/Maintenance/MDetailsList': 'read',
  'POST /api/Maintenance/MMachineList': 'read',
  'POST /api/Maintenance/SaveMMachine': 'maintenance',
  'POST /api/Maintenance/DeleteMMachine': 'maintenance',
  'POST /api/Maintenance/GetMRecords': 'read',
  'POST /api/Maintenance/InsertMRecords': 'maintenance',
  'POST /api/IndustrialDocument/WebGetList': 'read',
  'POST /api/IndustrialDocument/Delete': 'documents',
  'POST /api/IndustrialDocument/Download': 'read',
  'POST /api/IndustrialDocument/GetTubeMachineReport': 'read',
  'POST /api/IndustrialDocument/GetPlateMachineReport': 'read',
  'POST /api/IndustrialDocument/GetReportTube': 'read',
  'POST /api/IndustrialDocument/GetCamNests': 'read',
  'POST /api/IndustrialDocument/GetCamParts': 'read',
  'POST /api/IndustrialDocument/GetCamTubes': 'read',
  'POST /api/IndustrialDocument/GetPlateReports': 'read',
  'POST /api/IndustrialDocument/GetPlateParts': 'read',
  'POST /api/IndustrialDocument/PostCamReport': 'documents',
  'POST /api/Chat/Completions': 'self',
  'POST /api/Chat/GetConversations': 'self',
  'POST /api/Chat/GetConversation': 'self',
  'POST /api/Chat/DeleteConversation': 'self',
  'POST /api/Alarm/GetNotifyRule': 'self',
  'POST /api/Alarm/SaveNotifyRule': 'self',
  'POST /api/Alarm/GetWebhooks': 'read',
  'POST /api/Alarm/AddWebhook': 'machines',
  'POST /api/Alarm/DeleteWebhook': 'machines',
  'POST /api/Alarm/GetDeliveries': 'read',
  'POST /api/Alarm/GetBell': 'self',
  'POST /api/Alarm/WaitBell': 'self',
  'POST /api/Alarm/MarkBellRead': 'self',
  'POST /api/Company/GetCompanies': 'self',
  'POST /api/Company/RenameCompany': 'ownership',
  'POST /api/Company/SwitchCompany': 'self',
  'POST /api/Company/GetMembers': 'read',
  'POST /api/Company/InviteMember': 'members',
  'POST /api/Company/GetInvitations': 'members',
  'POST /api/Company/RevokeInvitation': 'members',
  'POST /api/Company/AcceptInvitation': 'self',
  'POST /api/Company/SetMemberRole': 'members',
  'POST /api/Company/RemoveMember': 'members',
  'POST /api/Company/LeaveCompany': 'self',
  'POST /api/User/UploadAvatar': 'self',
  'POST /api/IndustrialDocument/UploadListDocument': 'documents',
  'POST /api/WorkOrder/GetMessages': 'read',
  'POST /api/WorkOrder/AddMessage': 'workOrders',
  'POST /api/WorkOrder/GetMessageFile': 'read',
};

describe('company roles x route', () => {
  it('every customer route declares what it needs, as its row says, and every row names a customer route', () => {
    const customer = routes.filter((r) => r.access === 'customer');
    expect(Object.fromEntries(customer.map((r) => [label(r), r.needs]))).toEqual(NEEDS);
  });

  for (const role of ['viewer', 'engineer', 'manager'] as const) {
    it(`a member of another company with the role ${role} is refused exactly the calls the role does not allow`, async () => {
      // A member of A's company, working in it (the session names it), with this role.
      const member = await registerCustomer(`member-${role}`);
      const { pool } = portal.services.database;
      await pool.query('insert into company_members (company_id, user_id, role) values ($1, $2, $3)', [A.id, member.id, role]);
      const session = async () => {
        const { token } = await portal.login(member.account, member.password);
        await pool.query('update sessions set company_id = $1 where user_id = $2', [A.id, member.id]);
        return token;
      };
      const shared = await session();
      const wrong: string[] = [];
      for (const [name, needs] of Object.entries(NEEDS)) {
        const route = routes.find((r) => label(r) === name)!;
        // A call of the person's own may end the session (logout, a new e-mail): it gets one of its own.
        const own = needs === 'self' ? await session() : null;
        const answer = await send(route, minimalBody(route), own ?? shared);
        // Its session goes with it: past MAX_SESSIONS_PER_USER a login would end the shared one.
        if (own) await pool.query('delete from sessions where token_hash = $1', [hashToken(own)]);
        // A call of their own may have taken them out of the company (leaving it): they rejoin for the next.
        if (needs === 'self') {
          await pool.query('insert into company_members (company_id, user_id, role) values ($1, $2, $3) on conflict (company_id, user_id) do update set role = $3', [A.id, member.id, role]);
          await pool.query('update sessions set company_id = $1 where user_id = $2', [A.id, member.id]);
        }
        const refused = answer.status === 403 && answer.body?.info === ROLE_REFUSED;
        const allowed = needs === 'self' || allows(role, needs);
        if (refused === allowed) wrong.push(`${name} [${needs}]: ${allowed ? 'refused' : 'let through'}: ${show(answer)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
