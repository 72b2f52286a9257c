import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { referencedFileIds } from '../../src/adapters/postgres/pg-file-references';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo.seed';
import { DEMO_FLEET } from '../../src/server/seed/devices.seed';
import { freePort } from '../../bench/processes';
import { ROOT, sleep, startPortalChild, type PortalChild } from './portal-child';

/**
 * The crash-consistency harness (issue 22, item 1; docs/RELIABILITY.md). A portal runs as a child
 * process on one DATA_DIR with its embedded PostgreSQL; two writer processes (writer.ts) submit the
 * portal's writes and log every acknowledged one. The portal is killed with SIGKILL at random
 * moments, and separately the embedded PostgreSQL's postmaster; after each restart every
 * acknowledged write must be present and whole, no row may name a missing file, no stored file may
 * be without its row, no partial file may be left, and the portal must answer ready in time.
 */
export interface CrashOptions {
  serverKills: number;
  postgresKills: number;
  /** How long the writers run before each kill, at random in this range (ms). */
  runMs?: [number, number];
  readyWithinMs?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  rounds: Array<{ fault: 'server' | 'postgres'; acknowledged: number; readyMs: number; problems: string[] }>;
  acknowledged: Record<string, number>;
  readyMsMax: number;
  problems: string[];
}

interface Ack {
  kind: string;
  [field: string]: unknown;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function runCrashConsistency(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const [minRun, maxRun] = options.runMs ?? [300, 3000];
  const readyWithin = options.readyWithinMs ?? 10_000;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-consistency-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when this runs as root
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const acks: Ack[] = [];
  const report: CrashReport = { rounds: [], acknowledged: {}, readyMsMax: 0, problems: [] };
  let server: PortalChild | null = null;
  const writers: ChildProcess[] = [];
  let pausedWriters = 0;
  /** Stops the writers between writes, so no upload is under way while the folder is checked. */
  const pauseWriters = async () => {
    pausedWriters = 0;
    for (const w of writers) w.stdin!.write('pause\n');
    const until = performance.now() + 60_000;
    while (pausedWriters < writers.length && performance.now() < until) await sleep(20);
  };
  const resumeWriters = () => {
    for (const w of writers) w.stdin!.write('resume\n');
  };

  const startServer = async (): Promise<number> => {
    const started = await startPortalChild({
      port,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', MQTT_URL: '', MQTT_PORT: 'off', SEED_DEMO: '1' },
    });
    server = started;
    return started.readyMs;
  };

  const killServer = () => server!.stop('SIGKILL');

  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pgUrl = () => {
    const lines = readFileSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n');
    const password = readFileSync(path.join(dataDir, 'postgres', 'pg-password'), 'utf8').trim();
    return `postgres://portal:${encodeURIComponent(password)}@127.0.0.1:${lines[3]}/postgres`;
  };

  try {
    // The first start seeds (slow, not a restart: not counted against readyWithin).
    log(`first start on ${dataDir}`);
    await startServer();
    const pool = new pg.Pool({ connectionString: pgUrl(), max: 2 });
    const folderId = (await pool.query('select node_id from kb_articles order by id limit 1')).rows[0].node_id as number;
    const partId = (await pool.query('select id from spare_parts order by id limit 1')).rows[0].id as number;
    const bindable = (name: string) => Array.from({ length: 400 }, (_, i) => `FLT-${name}-${String(i).padStart(4, '0')}`);
    for (const name of ['w1', 'w2']) {
      const numbers = bindable(name);
      await pool.query(
        `insert into machine_registry (order_number, name, series_name, model, laser_power_kw, delivery_time)
         select n, 'Fault test machine', 'G', 'G3015', 6, now() from unnest($1::text[]) n on conflict do nothing`,
        [numbers],
      );
    }
    await pool.end();

    for (const name of ['w1', 'w2']) {
      const setup = {
        url,
        name,
        customer: { account: DEMO_ACCOUNTS[0].account, password: DEMO_ACCOUNTS[0].password },
        staff: { account: DEMO_ACCOUNTS[1].account, password: DEMO_ACCOUNTS[1].password },
        folderId,
        partId,
        orderNumber: DEMO_FLEET[name === 'w1' ? 0 : 1]!.orderNumber,
        bindable: bindable(name),
      };
      const writer = spawn(process.execPath, ['--import', 'tsx', 'scripts/faults/writer.ts', JSON.stringify(setup)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
      createInterface({ input: writer.stdout! }).on('line', (line) => {
        if (line === 'paused') pausedWriters++;
        else acks.push(JSON.parse(line));
      });
      writers.push(writer);
    }

    const faults: Array<'server' | 'postgres'> = [...Array(options.serverKills).fill('server'), ...Array(options.postgresKills).fill('postgres')];
    for (const [i, fault] of faults.entries()) {
      // Let the writers get acknowledgements in, then strike at a random moment.
      const before = acks.length;
      const until = performance.now() + 60_000;
      while (acks.length - before < 3 && performance.now() < until) await sleep(50);
      await sleep(minRun + Math.random() * (maxRun - minRun));
      if (fault === 'server') {
        await killServer();
      } else {
        process.kill(postmasterPid(), 'SIGKILL');
        // The portal now answers without its database; restart it as an operator (or a supervisor) would.
        await sleep(200 + Math.random() * 800);
        await killServer();
      }
      const readyMs = await startServer();
      await pauseWriters();
      const snapshot = acks.length;
      const problems = await verify(dataDir, pgUrl(), acks.slice(0, snapshot));
      resumeWriters();
      if (readyMs > readyWithin) problems.push(`ready after ${Math.round(readyMs)} ms, over ${readyWithin} ms`);
      report.rounds.push({ fault, acknowledged: snapshot, readyMs: Math.round(readyMs), problems });
      report.problems.push(...problems.map((p) => `round ${i + 1} (${fault}): ${p}`));
      log(`round ${i + 1}/${faults.length} ${fault} kill: ${snapshot} acknowledged, ready in ${Math.round(readyMs)} ms, ${problems.length} problem(s)${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`);
    }
  } finally {
    for (const w of writers) w.kill('SIGKILL');
    if (server) await killServer().catch(() => {});
    // The orphaned PostgreSQL of the last kill (a SIGKILLed portal cannot stop it).
    try {
      if (existsSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'))) process.kill(postmasterPid(), 'SIGQUIT');
    } catch {
      // gone already
    }
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const a of acks) report.acknowledged[a.kind] = (report.acknowledged[a.kind] ?? 0) + 1;
  report.readyMsMax = Math.max(0, ...report.rounds.map((r) => r.readyMs));
  return report;
}

/** Every acknowledged write present and whole, every file named by a row on disk and whole, no file without a row. */
async function verify(dataDir: string, url: string, acks: Ack[]): Promise<string[]> {
  const problems: string[] = [];
  const filesDir = path.join(dataDir, 'files');
  const fileSha = (id: string) => {
    const file = path.join(filesDir, id);
    return existsSync(file) ? sha(readFileSync(file)) : null;
  };
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const one = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows;
    for (const a of acks) {
      const where = `${a.kind} ${String(a.id ?? a.orderNumber)}`;
      switch (a.kind) {
        case 'contact': {
          const rows = await one('select company from contact_messages where message = $1', [a.id]);
          if (rows.length !== 1 || rows[0].company !== a.id) problems.push(`${where}: ${rows.length} rows`);
          break;
        }
        case 'camLead': {
          const rows = await one('select company_name from cam_customers where user_name = $1', [a.id]);
          if (rows.length !== 1 || rows[0].company_name !== `Co ${a.id}`) problems.push(`${where}: ${rows.length} rows`);
          break;
        }
        case 'binding': {
          const rows = await one('select u.account from machines m join users u on u.id = m.owner_id where m.order_number = $1', [a.orderNumber]);
          if (rows.length !== 1 || rows[0].account !== a.account) problems.push(`${where}: not bound to ${a.account}`);
          break;
        }
        case 'article': {
          const rows = await one('select title, html from kb_articles where id = $1', [a.articleId]);
          if (rows.length !== 1 || rows[0].title !== a.id || !String(rows[0].html).includes(String(a.id))) problems.push(`${where}: missing or changed`);
          break;
        }
        case 'attachment': {
          const rows = await one('select file_id, size from kb_files where article_id = $1 and file_name = $2', [a.articleId, a.fileName]);
          if (rows.length !== 1 || Number(rows[0].size) !== a.size) problems.push(`${where}: ${rows.length} rows`);
          else if (fileSha(rows[0].file_id) !== a.sha256) problems.push(`${where}: file missing or not whole`);
          break;
        }
        case 'document': {
          const rows = await one('select file_id, size, sha256 from industrial_documents where order_number = $1 and file_name = $2', [a.orderNumber, a.fileName]);
          if (rows.length !== 1 || Number(rows[0].size) !== a.size || rows[0].sha256 !== a.sha256) problems.push(`${where}: ${rows.length} rows`);
          else if (fileSha(rows[0].file_id) !== a.sha256) problems.push(`${where}: file missing or not whole`);
          break;
        }
        case 'workOrder': {
          const rows = await one('select content from work_orders where event_num = $1', [a.eventNum]);
          if (rows.length !== 1 || rows[0].content !== a.id) problems.push(`${where}: ${rows.length} rows`);
          break;
        }
        case 'question': {
          const rows = await one('select main_file_id from support_questions where title = $1', [a.id]);
          if (rows.length !== 1 || rows[0].main_file_id !== a.fileId) problems.push(`${where}: ${rows.length} rows`);
          else if (fileSha(String(a.fileId)) !== a.sha256) problems.push(`${where}: file missing or not whole`);
          break;
        }
        default:
          problems.push(`unknown acknowledgement ${a.kind}`);
      }
    }
    const referenced = await referencedFileIds(pool);
    const onDisk = existsSync(filesDir) ? readdirSync(filesDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
    for (const id of referenced) if (!onDisk.includes(id)) problems.push(`a row names the missing file ${id}`);
    for (const name of onDisk) {
      if (name.endsWith('.part')) problems.push(`partial file ${name} left`);
      else if (!referenced.has(name)) problems.push(`file ${name} has no row`);
    }
  } finally {
    await pool.end();
  }
  return problems;
}

// `npm run test:faults` (the long version): 50 portal kills and 20 PostgreSQL kills.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const serverKills = Number(process.argv[2] ?? 50);
  const postgresKills = Number(process.argv[3] ?? 20);
  const started = Date.now();
  const report = await runCrashConsistency({ serverKills, postgresKills, log: (line) => console.log(line) });
  const ready = report.rounds.map((r) => r.readyMs).sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        serverKills,
        postgresKills,
        acknowledged: report.acknowledged,
        readyMs: { p50: ready[Math.floor(ready.length / 2)], max: report.readyMsMax },
        problems: report.problems,
        minutes: Math.round((Date.now() - started) / 6000) / 10,
      },
      null,
      2,
    ),
  );
  process.exit(report.problems.length ? 1 : 0);
}
