import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import mqtt from 'mqtt';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase, type Database } from '../src/adapters/postgres/database';
import { browserClientId } from '../src/domain/telemetry/mqtt-client-id';
import { hashToken } from '../src/server/services/session.service';
import { writeBenchSection } from './doc-section';
import { load as loadWith, type Figures } from './http-load';
import { startBenchPortal, startProcess } from './processes';
import { seedBenchFleet } from './telemetry/fleet-seed';

// `npm run bench:companies` (issue 37 item 6): a company of BENCH_MEMBERS members (200) and
// BENCH_MACHINES machines (500), one of its engineers calling; against its owner, against a
// company of one with as many machines, and against bare Fastify, in the same run. The calls: the
// fleet page painted on the server (ADR 0026), `GetMyMachine`, the task page's calls, and the
// live broker's check of a subscription (connect, then one machine's SUBACK at a time). Writes
// the table between the companies markers of docs/BENCHMARKS.md.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const MACHINES = Number(process.env.BENCH_MACHINES ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const SUBSCRIBES = Number(process.env.BENCH_SUBSCRIBES ?? 500);
const work = mkdtempSync(path.join(tmpdir(), 'portal-companies-bench-'));
chmodSync(work, 0o755);
const load = (url: string, options: Partial<autocannon.Options> = {}) => loadWith(url, { connections: CONNECTIONS, duration: DURATION, ...options });

/** `members - 1` people joined to the company of `owner` as engineers, each with a session working in it: the first one, and every one's token. */
async function joinMembers(database: Database, owner: string, members: number): Promise<{ first: { userId: string; token: string }; tokens: string[] }> {
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into users (account, email, real_name, password_hash) select 'bench-member-' || i || '@example.com', 'bench-member-' || i || '@example.com', 'Member ' || i, 'not-a-login' from generate_series(1, $1) as i returning id`,
    [members - 1],
  );
  await database.pool.query(`insert into company_members (company_id, user_id, role) select $1, unnest($2::uuid[]), 'engineer'`, [owner, rows.map((r) => r.id)]);
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await database.pool.query(
    `insert into sessions (token_hash, user_id, company_id, expires_at) select unnest($1::text[]), unnest($2::uuid[]), $3, now() + interval '1 day'`,
    [tokens.map(hashToken), rows.map((r) => r.id), owner],
  );
  return { first: { userId: rows[0].id, token: tokens[0] }, tokens };
}

/** The broker's checks as a page meets them: the connect, then `count` subscriptions to one machine each, one after another. */
async function subscribeTimes(url: string, who: { userId: string; token: string }, topics: readonly string[], count: number): Promise<{ connect: number; subscribe: Figures }> {
  const started = performance.now();
  const client = await mqtt.connectAsync(url, { clientId: browserClientId(who.userId, randomBytes(5).toString('hex')), username: who.userId, password: who.token, protocolVersion: 4, reconnectPeriod: 0 });
  const connect = Math.round((performance.now() - started) * 100) / 100;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    const granted = await client.subscribeAsync(topics[i % topics.length], { qos: 0 });
    if (granted[0]?.qos === 128) throw new Error(`the subscription of ${who.userId} to ${topics[i % topics.length]} was refused`);
    times.push(performance.now() - at);
    await client.unsubscribeAsync(topics[i % topics.length]);
  }
  await client.endAsync();
  times.sort((a, b) => a - b);
  const q = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 100) / 100;
  return { connect, subscribe: { rps: 0, p50: q(0.5), p95: q(0.95), p99: q(0.99), errors: 0, non2xx: 0 } };
}

async function main() {
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const database = openDatabase(cluster.url('postgres'));
  await migrateDatabase(database);
  // Two owners, the machines dealt out in turn: BENCH-000001, 3, 5... the company's; 2, 4, 6... the company of one's.
  const fleet = await seedBenchFleet(database, 'bench-device-key', MACHINES * 2, 2);
  const [owner, alone] = fleet.owners as [{ userId: string; token: string }, { userId: string; token: string }];
  console.log(`seeding a company of ${MEMBERS} members and ${MACHINES} machines...`);
  const { first: member, tokens: memberTokens } = await joinMembers(database, owner.userId, MEMBERS);
  await database.pool.query('vacuum analyze machines, company_members, sessions, users');
  const companyMachines = fleet.machines.filter((_, i) => i % 2 === 0).map((m) => m.orderNumber);
  const aloneMachines = fleet.machines.filter((_, i) => i % 2 === 1).map((m) => m.orderNumber);
  await database.close();

  const portal = await startBenchPortal(cluster.url('postgres'), path.join(work, 'data'), path.join(work, 'portal.log'));
  const bare = await startProcess('bench/bare-fastify.ts', {}, /listening (\d+)/, path.join(work, 'bare.log'));
  const base = `http://127.0.0.1:${portal.port}`;
  const post = (token: string, body: unknown): Partial<autocannon.Options> => ({ method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
  // A browser whose app has run once sends the language it stored (ADR 0026): the page is painted in that one.
  const cookieOf = (token: string) => `portal-session=${token}; portal-lang=zh`;
  const page = (token: string): Partial<autocannon.Options> => ({ headers: { cookie: cookieOf(token) } });
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);

  const who = [
    { name: `an engineer of the company (${MEMBERS} members)`, caller: member, machines: companyMachines },
    { name: 'its owner', caller: owner, machines: companyMachines },
    { name: 'the owner of a company of one', caller: alone, machines: aloneMachines },
  ];
  const rows: Array<[string, string, Figures]> = [];
  console.log('bare Fastify...');
  rows.push(['bare Fastify `GET /api/health` (baseline)', '', await load(`http://127.0.0.1:${bare.port}/api/health`)]);
  // Every member in turn: each page is a copy of its own (the caller is in it), more members than
  // the renderer keeps copies of, so none is answered from a kept one; the rows below reload one
  // member's unchanged page, which after its first load is.
  console.log(`${MEMBERS - 1} members in turn: the fleet page...`);
  let turn = 0;
  const inTurn: Partial<autocannon.Options> = {
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookieOf(memberTokens[turn++ % memberTokens.length]!) } }) }],
  };
  rows.push([`the fleet page painted (\`GET /app/index/device\`, ${MACHINES} machines), a copy of its own each time`, `${MEMBERS - 1} engineers of the company in turn`, await load(`${base}/app/index/device`, inTurn)]);
  for (const { name, caller, machines } of who) {
    const o = machines[0];
    for (const [what, url, options] of [
      [`the fleet page painted (\`GET /app/index/device\`, ${MACHINES} machines)`, `${base}/app/index/device`, page(caller.token)],
      [`\`Machine/GetMyMachine\` (${MACHINES} machines)`, `${base}/api/Machine/GetMyMachine`, post(caller.token, {})],
      ['the task page painted (`GET /app/index/task`)', `${base}/app/index/task`, page(caller.token)],
      ['task page: `Machine/GetMachineTasks`, last 7 days', `${base}/api/Machine/GetMachineTasks`, post(caller.token, { OrderNumber: o, CreateTimeS: weekAgo, CreateTimeE: today })],
      ['task page: `Machine/GetReportTube`, first page', `${base}/api/Machine/GetReportTube`, post(caller.token, { OrderNumber: o, PrevPageNums: 0, TopNums: 20 })],
    ] as const) {
      console.log(`${name}: ${what}...`);
      // One call first: a row of refusals or redirects would measure nothing.
      const probe = await fetch(url, { method: options.method ?? 'GET', headers: options.headers as Record<string, string>, body: options.body as string | undefined, redirect: 'manual' });
      const text = await probe.text();
      if (probe.status !== 200 || (url.includes('/api/') && JSON.parse(text).code !== 200)) throw new Error(`${what} for ${name}: ${probe.status} ${text.slice(0, 200)}`);
      rows.push([what, name, await load(url, options)]);
    }
  }
  await portal.stop();
  await bare.stop();

  // The live broker's checks, on a portal with its broker on (the HTTP figures above ran without it).
  const live = await startBenchPortal(cluster.url('postgres'), path.join(work, 'data-live'), path.join(work, 'live.log'), { MQTT_PORT: '0' });
  const liveRows: Array<[string, number, Figures]> = [];
  // Warmed first, each caller, so that no row pays the broker's first connections.
  for (const { caller, machines } of who) await subscribeTimes(`ws://127.0.0.1:${live.port}/mqtt`, caller, machines, 50);
  for (const { name, caller, machines } of who) {
    console.log(`${name}: live subscriptions...`);
    const { connect, subscribe } = await subscribeTimes(`ws://127.0.0.1:${live.port}/mqtt`, caller, machines, SUBSCRIBES);
    liveRows.push([name, connect, subscribe]);
  }
  await live.stop();
  await cluster.stop();

  const table = [
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}, \`npm run bench:companies\`. A company of ${MEMBERS} members and ${MACHINES} machines, and a company of one with ${MACHINES} machines, in one database. The painted pages are asked for by a browser whose app stored Chinese (its \`portal-lang\` cookie: one language painted). ${CONNECTIONS} connections, ${DURATION} s a row, autocannon in the bench process, the portal (logging every call) and bare Fastify each in their own process, PostgreSQL embedded.`,
    '',
    '| call | caller | req/s | p50 ms | **p99 ms** | errors + non-2xx |',
    '|---|---|---|---|---|---|',
    ...rows.map(([what, name, f]) => `| ${what} | ${name} | ${Math.round(f.rps)} | ${f.p50} | **${f.p99}** | ${f.errors + f.non2xx} |`),
    '',
    `The live broker's checks: a page's MQTT connect over \`/mqtt\`, then ${SUBSCRIBES} subscriptions to one of the company's machines at a time (each waits for its SUBACK, then unsubscribes).`,
    '',
    '| caller | connect ms | subscribe p50 ms | **p99 ms** |',
    '|---|---|---|---|',
    ...liveRows.map(([name, connect, f]) => `| ${name} | ${connect} | ${f.p50} | **${f.p99}** |`),
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchSection('companies', table);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
