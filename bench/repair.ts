import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../src/adapters/postgres/database';
import { PgSparePartRepository } from '../src/adapters/postgres/pg-spare-part.repository';
import { SPARE_PARTS } from '../src/seed/repair.seed';
import { writeBenchSection } from './doc-section';
import { load as loadWith, type Figures } from './http-load';
import { startBenchPortal, startProcess } from './processes';
import { seedBenchFleet } from './telemetry/fleet-seed';

// `npm run bench:repair`: the repair calls of one customer with BENCH_ORDERS work orders (100,000)
// spread over 3 years, against bare Fastify in the same run. Writes the table between the repair
// markers of docs/BENCHMARKS.md.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const YEARS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const work = mkdtempSync(path.join(tmpdir(), 'portal-repair-bench-'));
chmodSync(work, 0o755);
const load = (url: string, options: Partial<autocannon.Options> = {}) => loadWith(url, { connections: CONNECTIONS, duration: DURATION, ...options });

async function main() {
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const database = openDatabase(cluster.url('postgres'));
  await migrateDatabase(database);
  const fleet = await seedBenchFleet(database, 'bench-device-key', 1, 1);
  const owner = fleet.owners[0]!;
  await new PgSparePartRepository(database.db).ensureCatalogue(SPARE_PARTS.map((p, sort) => ({ ...p, sort })));
  console.log(`seeding ${ORDERS} work orders over ${YEARS} years for one customer...`);
  const seededAt = performance.now();
  // Orders as the embedded customer-service system stores them, and the counts a submission keeps.
  await database.pool.query(
    `insert into work_orders (event_num, user_id, order_number, phone, email, company, user_name, province, province_name, city, city_name,
       part_id, content, step, note, created_at, updated_at)
     select 'EV' || to_char(t, 'YYYYMMDD') || lpad(i::text, 6, '0'), $1::uuid, 'BENCH-000001', '+86 531 8888 0000', 'owner@example.com',
       'Bench Co.', 'Owner', '370000', '山东省', '370100', '济南市', (select id from spare_parts order by id offset (i % 14) limit 1),
       'E203 nozzle collision', case when i % 3 = 0 then 2 else i % 2 end, '', t, t
     from (select i, now() - (interval '${YEARS * 365} days') * (i::float8 / $2) as t from generate_series(1, $2) as i) s`,
    [owner.userId, ORDERS],
  );
  await database.pool.query(
    `insert into fault_months (user_id, part_id, month, count)
     select user_id, part_id, date_trunc('month', created_at at time zone 'UTC')::date, count(*) from work_orders group by 1, 2, 3`,
  );
  await database.pool.query(
    `insert into stock_records (user_id, part_id, sum_number, submit_number) select user_id, part_id, count(*), count(*) from work_orders group by 1, 2`,
  );
  await database.pool.query(
    `insert into work_order_totals (user_id, total, done) select user_id, count(*), count(*) filter (where step = 2) from work_orders group by 1`,
  );
  await database.pool.query('vacuum analyze work_orders, fault_months, stock_records, work_order_totals');
  const seedSeconds = Math.round((performance.now() - seededAt) / 1000);
  const recent = await database.pool.query<{ event_num: string }>('select event_num from work_orders order by created_at desc limit 10');
  await database.close();

  const portal = await startBenchPortal(cluster.url('postgres'), path.join(work, 'data'), path.join(work, 'portal.log'));
  const bare = await startProcess('bench/bare-fastify.ts', {}, /listening (\d+)/, path.join(work, 'bare.log'));
  const base = `http://127.0.0.1:${portal.port}/api`;
  const post = (body: unknown): Partial<autocannon.Options> => ({ method: 'POST', headers: { 'content-type': 'application/json', token: owner.token }, body: JSON.stringify(body) });

  const rows: Array<[string, Figures]> = [];
  console.log('bare Fastify...');
  rows.push(['bare Fastify `GET /api/health` (baseline)', await load(`http://127.0.0.1:${bare.port}/api/health`)]);
  for (const [name, call, body] of [
    ['first page of 10', 'CSSAPI/QueryWorkOrders', { PrevPageNums: 0, TopNums: 10 }],
    ['page 5,000 of 10', 'CSSAPI/QueryWorkOrders', { PrevPageNums: 49_990, TopNums: 10 }],
    ['pending, this year, first page', 'CSSAPI/QueryWorkOrders', { PrevPageNums: 0, TopNums: 10, Status: 0, DateType: 'Year' }],
    ['the steps of a page (10 numbers)', 'CSSAPI/GetEventStatus', { EventNum: recent.rows.map((r) => r.event_num).join(',') }],
    ['all parts, 3 years by month', 'ComponentUserNumber/GetComponentTypeDate', {}],
    ['one part, 3 years by month', 'ComponentUserNumber/GetComponentTypeDate', { ComponentId: 1 }],
    ['per part', 'ComponentUserNumber/GetComponentTypeNumber', {}],
  ] as const) {
    console.log(`${call} ${name}...`);
    rows.push([`\`${call}\` ${name}`, await load(`${base}/${call}`, post(body))]);
  }
  await portal.stop();
  await bare.stop();
  await cluster.stop();

  const table = [
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}. One customer with ${ORDERS} work orders over ${YEARS} years (seeded in ${seedSeconds} s). ${CONNECTIONS} connections, ${DURATION} s each, autocannon in the bench process, the portal (logging every call) and bare Fastify each in their own process, PostgreSQL embedded.`,
    '',
    '| call | req/s | p50 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|',
    ...rows.map(([name, f]) => `| ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors + f.non2xx} |`),
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchSection('repair', table);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
