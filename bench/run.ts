import autocannon from 'autocannon';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { runLandingBench } from './lighthouse';
import { load as loadWith, type Figures } from './http-load';
import { startProcess } from './processes';

// `npm run bench`: the API's speed against bare Fastify measured in the same run, and start-up
// times, then the landing page (bench/lighthouse.ts); writes the figures between the markers of
// docs/BENCHMARKS.md.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
// The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach the folder.
chmodSync(work, 0o755);

/** Load for DURATION seconds on CONNECTIONS connections unless told otherwise. */
const load = (url: string, options: Partial<autocannon.Options> = {}) => loadWith(url, { connections: CONNECTIONS, duration: DURATION, ...options });

const median = (runs: Figures[]): Figures => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];

const json = (body: unknown): Partial<autocannon.Options> => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const portalEnv = (dataDir: string) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  RATE_LIMIT_SCALE: '100000',
  SEED_DEMO: 'true',
});
const PORTAL_READY = /portal ready at http:\/\/localhost:(\d+)/;

async function main() {
  const rows: string[] = [];
  const fresh = path.join(work, 'data');

  console.log('start-up on a new data folder...');
  let portal = await startProcess('src/server/server.ts', portalEnv(fresh), PORTAL_READY, path.join(work, 'portal-1.log'));
  const startNew = portal.startedInMs;
  await portal.stop();
  console.log('start-up on an existing data folder...');
  portal = await startProcess('src/server/server.ts', portalEnv(fresh), PORTAL_READY, path.join(work, 'portal-2.log'));
  const startExisting = portal.startedInMs;
  const base = `http://127.0.0.1:${portal.port}`;

  // Baseline and portal run side by side and are measured in alternation, ROUNDS times, so that
  // a noisy neighbour hurts both alike; the table shows the median round of each.
  const bare = await startProcess('bench/bare-fastify.ts', {}, /listening (\d+)/, path.join(work, 'bare.log'));
  const rounds: { bare: Figures[]; health: Figures[]; areas: Figures[] } = { bare: [], health: [], areas: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}/${ROUNDS}: bare Fastify, portal health, portal GetAreaData...`);
    rounds.bare.push(await load(`http://127.0.0.1:${bare.port}/api/health`));
    rounds.health.push(await load(`${base}/api/health`));
    rounds.areas.push(await load(`${base}/api/User/GetAreaData`, json({ seltype: '3', fid: 440000 })));
  }
  await bare.stop();
  const bareHealth = median(rounds.bare);
  const health = median(rounds.health);
  const areas = median(rounds.areas);
  console.log('portal login...');
  const login = await load(`${base}/api/Login/UserLogin`, json({ Account: 'demo@example.com', Password: 'demo1234' }));

  const healthTwo = await load(`${base}/api/health`, { connections: 2 });
  console.log('health during a login burst...');
  const [healthDuringBurst, burst] = await Promise.all([
    load(`${base}/api/health`, { connections: 2 }),
    load(`${base}/api/Login/UserLogin`, { ...json({ Account: 'demo@example.com', Password: 'demo1234' }), connections: 50 }),
  ]);
  await portal.stop();

  const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
  const line = (name: string, f: Figures, vs?: Figures) =>
    `| ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${vs ? `${pct(f.rps, vs.rps)} of rps, p99 ${(f.p99 / vs.p99).toFixed(1)}x` : 'baseline'} | ${f.errors + f.non2xx} |`;
  rows.push(
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per measurement, median of ${ROUNDS} alternating rounds for the first three rows, autocannon in the bench process, each server in its own process.`,
    '',
    '| call | req/s | p50 ms | p99 ms | against bare Fastify | errors + non-2xx |',
    '|---|---|---|---|---|---|',
    line('bare Fastify `GET /api/health`', bareHealth),
    line('portal `GET /api/health`', health, bareHealth),
    line('portal `POST /api/User/GetAreaData` (cities of Guangdong)', areas, bareHealth),
    line('portal `POST /api/Login/UserLogin` (scrypt N=2^15)', login, bareHealth),
    line('portal health, 2 connections, quiet', healthTwo, bareHealth),
    line('portal health, 2 connections, during a 50-connection login burst', healthDuringBurst, bareHealth),
    line('the login burst itself', burst, bareHealth),
    '',
    `Start-up to ready (\`npm start\` minus the SPA build): new data folder ${Math.round(startNew)} ms (initdb, migrations, demo seed); existing data folder ${Math.round(startExisting)} ms.`,
  );
  const table = rows.join('\n');
  console.log('\n' + table);

  const doc = path.resolve('docs/BENCHMARKS.md');
  const current = readFileSync(doc, 'utf8');
  const start = '<!-- bench:foundation:start -->';
  const end = '<!-- bench:foundation:end -->';
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${table}\n${end}`)
    : `${current.trimEnd()}\n\n${start}\n${table}\n${end}\n`;
  writeFileSync(doc, next);
  rmSync(work, { recursive: true, force: true });

  console.log('\nlanding page: first-load JavaScript and Lighthouse...');
  await runLandingBench();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
