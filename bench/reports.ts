import autocannon from 'autocannon';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../src/adapters/postgres/database';
import { seedHistory } from '../src/seed/history.seed';
import { writeBenchSection } from './doc-section';
import { load as loadWith, type Figures } from './http-load';
import { freePort, startProcess } from './processes';
import { publishEvents } from './telemetry/event-publishers';
import { seedBenchFleet } from './telemetry/fleet-seed';

// `npm run bench:reports`: the task section's calls on a machine with 3 years of history (a task
// every 5 minutes, alarms, daily run time), and the event intake, against bare Fastify in the same
// run. Writes the table between the reports markers of docs/BENCHMARKS.md.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const YEARS = Number(process.env.BENCH_YEARS ?? 3);
const DEVICE_KEY = 'bench-device-key';
const work = mkdtempSync(path.join(tmpdir(), 'portal-reports-bench-'));
chmodSync(work, 0o755);

/** Two connections: a couple of managers reading reports at once, the load the p99 target is about. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const load = (url: string, options: Partial<autocannon.Options> = {}) => loadWith(url, { connections: CONNECTIONS, duration: DURATION, ...options });

async function main() {
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const database = openDatabase(cluster.url('postgres'));
  await migrateDatabase(database);
  const fleet = await seedBenchFleet(database, DEVICE_KEY, 60, 1);
  const [history, ...intake] = fleet.machines;
  const now = new Date();
  console.log(`seeding ${YEARS} years of history for ${history.orderNumber} (a task every 5 minutes)...`);
  const seededAt = performance.now();
  await seedHistory(database.db, { orderNumber: history.orderNumber, kind: 'tube' }, now, { days: Math.round(YEARS * 365), everyMinutes: 5, allDay: true });
  const sizes = await database.pool.query<{ tasks: number; alarms: number; days: number; mb: number }>(
    `select (select count(*)::int from machine_tasks) as tasks, (select count(*)::int from machine_alarms) as alarms,
            (select count(*)::int from machine_runtime) as days, round(pg_total_relation_size('machine_tasks') / 1048576.0) as mb`,
  );
  const seedSeconds = Math.round((performance.now() - seededAt) / 1000);
  // As autovacuum would by then: statistics and the visibility map the index-only scans use.
  await database.pool.query('vacuum analyze machine_tasks, machine_alarms, machine_runtime, machine_task_counts');
  await database.close();

  const httpPort = await freePort();
  const portal = await startProcess(
    'src/server/server.ts',
    { DATABASE_URL: cluster.url('postgres'), DATA_DIR: path.join(work, 'data'), PORT: String(httpPort), HOST: '127.0.0.1', MQTT_PORT: '0', DEVICE_KEY, SEED_DEMO: 'false', SIMULATOR: 'off', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '100000' },
    /MQTT broker for machines on port (\d+)/,
    path.join(work, 'portal.log'),
  );
  const bare = await startProcess('bench/bare-fastify.ts', {}, /listening (\d+)/, path.join(work, 'bare.log'));
  const base = `http://127.0.0.1:${httpPort}/api/Machine`;
  const token = fleet.owners[0].token;
  const post = (body: unknown): Partial<autocannon.Options> => ({ method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
  const today = now.toISOString().slice(0, 10);
  const weekAgo = new Date(now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
  const o = history.orderNumber;

  const rows: Array<[string, Figures]> = [];
  console.log('bare Fastify...');
  rows.push(['bare Fastify `GET /api/health` (baseline)', await load(`http://127.0.0.1:${bare.port}/api/health`)]);
  for (const [name, action, body] of [
    ['report, first page of 20', 'GetReportTube', { OrderNumber: o, PrevPageNums: 0, TopNums: 20 }],
    ['report, page 5,000 of 20', 'GetReportTube', { OrderNumber: o, PrevPageNums: 100_000, TopNums: 20 }],
    ['report, one week, first page', 'GetReportTube', { OrderNumber: o, PrevPageNums: 0, TopNums: 20, CreateTimeS: weekAgo, CreateTimeE: today }],
    ['run time, first page', 'GetProcessingTimeTube', { OrderNumber: o, PrevPageNums: 0, TopNums: 20 }],
    ['tasks per day, last 7 days, with totals', 'GetMachineTasks', { OrderNumber: o, CreateTimeS: weekAgo, CreateTimeE: today }],
    ['alarms per day, last 7 days', 'GetErrorLogTube', { OrderNumber: o, ErrorDateS: weekAgo, ErrorDateE: today }],
  ] as const) {
    console.log(`${name}...`);
    rows.push([`\`${action}\` ${name}`, await load(`${base}/${action}`, post(body))]);
  }

  console.log('event intake: 50 machines sending task events with QoS 1...');
  const intakeRun = await publishEvents(portal.port, intake.slice(0, 50), 10);
  const perSecond = Math.round(intakeRun.acked / intakeRun.elapsed);
  await portal.stop();
  await bare.stop();
  await cluster.stop();

  const table = [
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}. One tube machine with ${YEARS} years of history: ${sizes.rows[0].tasks} tasks (${sizes.rows[0].mb} MB with indexes), ${sizes.rows[0].alarms} alarms, ${sizes.rows[0].days} days of run time (seeded in ${seedSeconds} s). ${CONNECTIONS} connections, ${DURATION} s each, autocannon in the bench process, the portal (logging every call) and bare Fastify each in their own process, PostgreSQL embedded.`,
    '',
    '| call | req/s | p50 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|',
    ...rows.map(([name, f]) => `| ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors + f.non2xx} |`),
    '',
    `Event intake: 50 machines, QoS 1, at most 50 unacknowledged each, 10 s: ${intakeRun.acked} task events stored and acknowledged, ${perSecond} events per second (an event is acknowledged only after its batch is in PostgreSQL).`,
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchSection('reports', table);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
