import autocannon from 'autocannon';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../src/adapters/postgres/database';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { DEMO_ACCOUNTS } from '../src/seed/demo.seed';
import { DEMO_FLEET } from '../src/seed/devices.seed';
import { freePort, startProcess } from './processes';
import { seedBenchFleet } from './telemetry/fleet-seed';
import { livePayload } from './telemetry/load-phase';
import { Publishers } from './telemetry/publishers';

// `npm run bench:load` (issue 22, item 3): 60 s at 100 connections over a mix of the read calls
// with 10% writes against the portal, bare Fastify at the same connections in the same run, then
// an overload step (1,000 connections) that must be answered 429/503 with Retry-After while the
// probes answer. `npm run bench:soak` (item 5): SOAK_MINUTES (30) of the mix at 20 connections
// plus 1,000 machines publishing once a second, sampling memory, open handles and p99 each
// minute. Figures go to stdout as JSON; docs/RELIABILITY.md records them with the command.

const SOAK = process.argv.includes('--soak');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const OVERLOAD_CONNECTIONS = Number(process.env.OVERLOAD_CONNECTIONS ?? 1000);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const MACHINES = Number(process.env.SOAK_MACHINES ?? 1000);
const DEVICE_KEY = 'bench-load-device-key';

const work = mkdtempSync(path.join(tmpdir(), 'portal-load-'));
chmodSync(work, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
const round2 = (x: number) => Math.round(x * 100) / 100;
const quantile = (sorted: number[], q: number) => round2(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mix: nine reads a customer's pages make, and one write (10%), each connection in turn. */
function mix(token: string): autocannon.Request[] {
  const call = (p: string, body: unknown = {}, withToken = true): autocannon.Request => ({
    method: 'POST',
    path: `/api/${p}`,
    headers: { 'content-type': 'application/json', ...(withToken ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const order = DEMO_FLEET[0]!.orderNumber;
  return [
    call('User/GetUserInfo'),
    call('Machine/GetMyMachine'),
    call('WarrantyRule/GetList', {}, false),
    call('KnowledgeClassify/GetJstreeDataAllowAnonymous', {}, false),
    call('KnowledgeClassify/GetContentsAllowAnonymous', { PrevPageNums: 0, TopNums: 10 }, false),
    call('User/GetMallPoints'),
    call('CSSAPI/QueryWorkOrders', { PrevPageNums: 0, TopNums: 10 }),
    call('IndustrialDocument/WebGetList', { OrderNumber: order, PrevPageNums: 0, TopNums: 10 }),
    call('Home/SaveContact', { Name: 'Load test', Phone: '13800138000', Message: 'A message of the load bench' }, false),
    call('User/GetAreaData', { seltype: '2', fid: 44 }, false), // the provinces of China, as the area cascade asks
  ];
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  fiveXx: number;
}

/** autocannon with every response time kept (its own percentiles are whole ms) and by-minute buckets when asked. */
function run(url: string, options: Omit<autocannon.Options, 'url'>, perMinute?: number[][]): Promise<Run> {
  const times: number[] = [];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, ...options }, (error, r) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      const statuses = Object.fromEntries(Object.entries(r.statusCodeStats as Record<string, { count: number }>).map(([k, v]) => [k, v.count]));
      const fiveXx = Object.entries(statuses).filter(([k]) => k.startsWith('5')).reduce((n, [, v]) => n + v, 0);
      resolve({ rps: r.requests.average, p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors: r.errors, timeouts: r.timeouts, statuses, fiveXx });
    });
    instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => {
      times.push(ms);
      if (perMinute) (perMinute[Math.floor((performance.now() - started) / 60_000)] ??= []).push(ms);
    });
  });
}

/** How the portal answers a call and the probes while it is overloaded, sampled from outside autocannon. */
async function probeDuring(base: string, token: string, untilMs: number) {
  const seen = { shed: 0, shedWithRetryAfter: 0, probes: 0, probesAnswered: 0, probeMaxMs: 0 };
  const body = JSON.stringify({});
  while (performance.now() < untilMs) {
    const at = performance.now();
    const [call, health, ready] = await Promise.all([
      fetch(`${base}/api/Machine/GetMyMachine`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body, signal: AbortSignal.timeout(20_000) }).catch(() => null),
      fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null),
      fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => null),
    ]);
    if (call && (call.status === 429 || call.status === 503)) {
      seen.shed++;
      if (call.headers.get('retry-after')) seen.shedWithRetryAfter++;
    }
    seen.probes += 2;
    for (const p of [health, ready]) if (p && (p.status === 200 || p.status === 503)) seen.probesAnswered++;
    seen.probeMaxMs = Math.max(seen.probeMaxMs, Math.round(performance.now() - at));
    await sleep(250);
  }
  return seen;
}

const procStatus = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: round2(kb('VmRSS') / 1024), fds: readdirSync(`/proc/${pid}/fd`).length };
};

async function main() {
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres'), ephemeral: true });
  const database = openDatabase(cluster.url('postgres'));
  const mqttPort = await freePort();
  const env = {
    DATABASE_URL: cluster.url('postgres'),
    DATA_DIR: path.join(work, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DEVICE_KEY,
    SIMULATOR: 'off',
    LOG_LEVEL: 'info',
    // One address sends everything here: the per-address limits would answer 429 to the bench, not to overload.
    RATE_LIMIT_SCALE: '100000',
    MAINTENANCE_CHECK_MS: '0',
  };
  const portal = await startProcess('src/server/server.ts', env, /portal ready at http:\/\/localhost:(\d+)/, path.join(work, 'portal.log'));
  const bare = await startProcess('bench/bare-fastify.ts', {}, /listening (\d+)/, path.join(work, 'bare.log'));
  const base = `http://127.0.0.1:${portal.port}`;
  const login = await fetch(`${base}/api/Login/UserLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Account: DEMO_ACCOUNTS[0].account, Password: DEMO_ACCOUNTS[0].password }),
  }).then((r) => r.json());
  const token: string = login.ReturnData.Token;
  const requests = mix(token);
  const header = { at: new Date().toISOString(), cores: cpus().length, node: process.version, note: 'shared 2-core machine, other sessions running' };
  try {
    if (!SOAK) {
      console.log(`bare Fastify, ${CONNECTIONS} connections, ${Math.min(SECONDS, 20)} s...`);
      const baseline = await run(`http://127.0.0.1:${bare.port}/api/health`, { connections: CONNECTIONS, duration: Math.min(SECONDS, 20) });
      console.log(`portal mix, ${CONNECTIONS} connections, ${SECONDS} s...`);
      const mixed = await run(base, { connections: CONNECTIONS, duration: SECONDS, requests, timeout: 20 });
      console.log(`overload: ${OVERLOAD_CONNECTIONS} connections, 30 s...`);
      const probing = probeDuring(base, token, performance.now() + 30_000);
      const overload = await run(base, { connections: OVERLOAD_CONNECTIONS, duration: 30, requests, timeout: 20 });
      const probes = await probing;
      console.log(JSON.stringify({ ...header, baseline, mixed, overload: { ...overload, probes } }, null, 2));
      return;
    }
    const fleet = await seedBenchFleet(database, DEVICE_KEY, MACHINES, 20);
    const machines = new Publishers(mqttPort, fleet.machines);
    await machines.connect();
    const publishing = setInterval(() => machines.publishNext(MACHINES / 10, (o) => livePayload(o, performance.now())), 100);
    const samples: Array<{ minute: number; rssMb: number; fds: number }> = [];
    const perMinute: number[][] = [];
    const sampler = setInterval(() => samples.push({ minute: samples.length + 1, ...procStatus(portal.child.pid!) }), 60_000);
    const loop = monitorEventLoopDelay();
    loop.enable();
    console.log(`soak: ${SOAK_MINUTES} min of the mix at 20 connections, ${machines.connected} machines publishing 1/s...`);
    const mixed = await run(base, { connections: 20, duration: SOAK_MINUTES * 60, requests, timeout: 20 }, perMinute);
    clearInterval(sampler);
    clearInterval(publishing);
    const minutes = perMinute.map((t, i) => {
      t.sort((a, b) => a - b);
      return { minute: i + 1, calls: t.length, p99: quantile(t, 0.99), rssMb: samples[i]?.rssMb, fds: samples[i]?.fds };
    });
    // Warm-up: the heap grows to its working set (1,000 machines' live values, caches) over the first
    // minutes; on the 30-minute soak of 2026-11-24 RSS rose to 423 MB by minute 5 and then by 5% in 24
    // minutes. A soak of 15 minutes or more compares against minutes 6-7, a shorter one minutes 3-4.
    const warm = (minutes.length >= 15 ? minutes.slice(5, 7) : minutes.slice(2, 4)).filter((m) => m.rssMb);
    const last = minutes.filter((m) => m.rssMb).slice(-2);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const drift = (f: (m: (typeof minutes)[number]) => number) => round2((avg(last.map(f)) / avg(warm.map(f)) - 1) * 100);
    console.log(
      JSON.stringify(
        {
          ...header,
          machines: machines.connected,
          published: machines.sent,
          mixed,
          rssDriftPct: drift((m) => m.rssMb!),
          fdDrift: round2(avg(last.map((m) => m.fds!)) - avg(warm.map((m) => m.fds!))),
          p99DriftPct: drift((m) => m.p99),
          minutes,
        },
        null,
        2,
      ),
    );
    machines.close();
  } finally {
    await portal.stop();
    await bare.stop();
    await database.close();
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
