import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { ScryptHasher } from '../../src/adapters/crypto/scrypt-hasher.adapter';
import { referencedFileIds } from '../../src/adapters/postgres/pg-file-references';
import { DAY_MS, EXCHANGE_EXTENSION_MS } from '../../src/domain/cam/licence-exchange';
import { DEMO_ACCOUNTS } from '../../src/seed/demo.seed';
import { DEMO_FLEET } from '../../src/seed/devices.seed';
import { freePort } from '../../bench/processes';
import { ROOT, sleep, startPortalChild, type PortalChild } from './portal-child';

/**
 * The crash-consistency harness (issue 22, item 1; docs/RELIABILITY.md). A portal runs as a child
 * process on one DATA_DIR with its embedded PostgreSQL; two writer processes (writer.ts) submit the
 * portal's writes and log every acknowledged one. The portal is killed with SIGKILL at random
 * moments, and separately the embedded PostgreSQL's postmaster; after each restart every
 * acknowledged write must be present and whole, no row may name a missing file, no stored file may
 * be without its row, no partial file may be left, no points booking or maintenance confirmation
 * may be half applied, and the portal must answer ready in time.
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

/** Every kind of write the writers make (writer.ts `ack`): each is in before the first kill. */
export const WRITE_KINDS = ['contact', 'camLead', 'binding', 'registration', 'confirmation', 'grant', 'exchange', 'article', 'attachment', 'document', 'workOrder', 'question'] as const;

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
  // The harness's licences expire in 5 days: inside the 7-day exchange window for the whole run.
  const licenceExpiry = new Date(Math.floor((Date.now() + 5 * DAY_MS) / 1000) * 1000);
  const checked = new Map<string, string>();
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
      env: { DATA_DIR: dataDir, DATABASE_URL: '', MQTT_URL: '', MQTT_PORT: 'off', SEED_DEMO: '1', SMTP_URL: '' },
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
    const customer = (await pool.query('select id, email from users where account = $1', [DEMO_ACCOUNTS[0].account])).rows[0] as { id: string; email: string };
    // Two of the demo customer's seeded maintenance plans, one per writer (a confirmation may not go back in time).
    const plans = (await pool.query('select id from maintenance_plans where user_id = $1 order by id limit 2', [customer.id])).rows.map((r) => r.id as number);
    // Delivered machines in the registry (the maintenance platform's data) and licences in the
    // exchange window (the licence server's): what staff and the licence vendor provide, not writes of the portal's.
    const bindable = (name: string) => Array.from({ length: 1000 }, (_, i) => `FLT-${name}-${String(i).padStart(4, '0')}`);
    const licences = (name: string) => Array.from({ length: 1000 }, (_, i) => `FLT-${name}-L${String(i).padStart(4, '0')}`);
    for (const name of ['w1', 'w2']) {
      await pool.query(
        `insert into machine_registry (order_number, name, series_name, model, laser_power_kw, delivery_time)
         select n, 'Fault test machine', 'G', 'G3015', 6, now() from unnest($1::text[]) n on conflict do nothing`,
        [bindable(name)],
      );
      await pool.query(
        `insert into cam_licences (licence_no, offer_id, user_email, version, start_time, end_time, expired_time, creation_time, is_old_user)
         select n, 250626, $2, 'Nest V2.0', $3::timestamptz - interval '360 days', $3, $3, now(), true from unnest($1::text[]) n on conflict do nothing`,
        [licences(name), customer.email, licenceExpiry],
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
        dataDir,
        customerId: customer.id,
        licences: licences(name),
        planId: plans[name === 'w1' ? 0 : 1],
      };
      const writer = spawn(process.execPath, ['--import', 'tsx', 'scripts/faults/writer.ts', JSON.stringify(setup)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
      createInterface({ input: writer.stdout! }).on('line', (line) => {
        if (line === 'paused') pausedWriters++;
        else acks.push(JSON.parse(line));
      });
      writers.push(writer);
    }

    const faults: Array<'server' | 'postgres'> = [...Array(options.serverKills).fill('server'), ...Array(options.postgresKills).fill('postgres')];
    // Every kind of write acknowledged before the first kill, so each kind is checked across every
    // kill: a writer's turn order is random, and under load a kind was once still unwritten at the
    // first kill (and seldom after it, the portal being down or restarting part of the time).
    const unwritten = () => WRITE_KINDS.filter((kind) => !acks.some((a) => a.kind === kind));
    const allKindsBy = performance.now() + 120_000;
    while (unwritten().length && performance.now() < allKindsBy) await sleep(50);
    if (unwritten().length) report.problems.push(`no acknowledged write of ${unwritten().join(', ')} in 120 s before the first kill`);
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
      const problems = await verify(dataDir, pgUrl(), acks.slice(0, snapshot), { licenceExpiry, checked });
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

/** What the checks carry from round to round. */
interface VerifyContext {
  /** The expiry the harness gave its licences. */
  licenceExpiry: Date;
  /** Account → the password hash already verified against its password (scrypt is slow: once per hash). */
  checked: Map<string, string>;
}

const hasher = new ScryptHasher();

/**
 * Every acknowledged write present once and whole, every file named by a row on disk and whole,
 * no file without a row, and no booking or confirmation half applied.
 */
async function verify(dataDir: string, url: string, acks: Ack[], context: VerifyContext): Promise<string[]> {
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
        case 'registration': {
          // The account can log in: an active account with the fields sent and the password's hash.
          const rows = await one('select email, real_name, address, status, password_hash from users where account = $1', [a.account]);
          const row = rows[0];
          if (rows.length !== 1 || row.email !== a.account || row.real_name !== `Writer ${a.id}` || row.address !== `Road ${a.id}` || row.status !== 'active') {
            problems.push(`${where}: ${rows.length} rows or fields changed`);
          } else if (context.checked.get(String(a.account)) !== row.password_hash) {
            if (await hasher.verify(String(a.password), row.password_hash)) context.checked.set(String(a.account), row.password_hash);
            else problems.push(`${where}: the password does not log in`);
          }
          break;
        }
        case 'confirmation': {
          const rows = await one('select plan_id, maintenance_time from maintenance_records where maintenance_user = $1', [a.id]);
          if (rows.length !== 1 || rows[0].plan_id !== a.planId || (rows[0].maintenance_time as Date).toISOString() !== a.time) problems.push(`${where}: ${rows.length} rows`);
          break;
        }
        case 'grant': {
          const rows = await one('select id, delta, source from points_ledger where user_id = $1 and idempotency_key = $2', [a.userId, a.id]);
          if (rows.length !== 1 || Number(rows[0].id) !== a.entryId || rows[0].delta !== a.delta || rows[0].source !== 'staff') problems.push(`${where}: ${rows.length} ledger rows`);
          break;
        }
        case 'exchange': {
          // The exchange, its debit in the ledger and the licence's new expiry: all three or the check fails.
          const rows = await one(
            `select x.cost, l.delta, l.source, l.source_ref, c.licence_no, c.expired_time from cam_licence_exchanges x
               join points_ledger l on l.id = x.ledger_entry_id join cam_licences c on c.id = x.licence_id
              where x.user_id = $1 and x.idempotency_key = $2`,
            [a.userId, a.id],
          );
          const row = rows[0];
          if (rows.length !== 1) problems.push(`${where}: ${rows.length} exchanges`);
          else if (row.licence_no !== a.licenceNo || row.cost !== a.cost || row.delta !== -Number(a.cost) || row.source !== 'exchange' || row.source_ref !== a.licenceNo) {
            problems.push(`${where}: exchange, debit or licence do not match`);
          } else if ((row.expired_time as Date).getTime() !== context.licenceExpiry.getTime() + EXCHANGE_EXTENSION_MS) problems.push(`${where}: the licence was not extended once`);
          break;
        }
        default:
          problems.push(`unknown acknowledgement ${a.kind}`);
      }
    }
    problems.push(...(await halfApplied(pool, context.licenceExpiry)));
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

/**
 * Bookings and confirmations applied whole or not at all, whoever wrote them (acknowledged or not):
 * each balance is the sum of its ledger and the last row's balance, each exchange debit has its
 * exchange and each exchange its debit, each licence's expiry follows from its exchanges, and each
 * maintenance plan starts again from its last confirmation.
 */
async function halfApplied(pool: pg.Pool, licenceExpiry: Date): Promise<string[]> {
  const problems: string[] = [];
  const rows = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows;
  for (const r of await rows(
    `select u.user_id, b.balance, u.total, u.last from
       (select user_id, sum(delta)::int total, (array_agg(balance_after order by id desc))[1] last from points_ledger group by user_id) u
       left join points_balances b on b.user_id = u.user_id
      where b.balance is distinct from u.total or u.last <> u.total`,
  )) {
    problems.push(`points of ${r.user_id}: balance ${r.balance}, ledger sum ${r.total}, last balance_after ${r.last}`);
  }
  for (const r of await rows(
    `select l.id from points_ledger l left join cam_licence_exchanges x on x.ledger_entry_id = l.id where l.source = 'exchange' and x.id is null`,
  )) {
    problems.push(`ledger row ${r.id}: an exchange debit without its exchange`);
  }
  for (const r of await rows(
    `select x.id from cam_licence_exchanges x join points_ledger l on l.id = x.ledger_entry_id where l.delta <> -x.cost or l.user_id <> x.user_id or l.source <> 'exchange'`,
  )) {
    problems.push(`exchange ${r.id}: its ledger row is not its debit`);
  }
  for (const r of await rows(
    `select c.licence_no, c.expired_time, count(x.id)::int n, max(x.expired_after) last from cam_licences c left join cam_licence_exchanges x on x.licence_id = c.id
      group by c.id having (count(x.id) > 0 and c.expired_time <> max(x.expired_after))
          or (c.licence_no like 'FLT-%' and c.expired_time <> $1::timestamptz + count(x.id) * $2::double precision * interval '1 millisecond')`,
    [licenceExpiry, EXCHANGE_EXTENSION_MS],
  )) {
    problems.push(`licence ${r.licence_no}: expires ${(r.expired_time as Date).toISOString()} after ${r.n} exchange(s)`);
  }
  for (const r of await rows(
    `select p.id, p.since, max(m.maintenance_time) last from maintenance_plans p join maintenance_records m on m.plan_id = p.id group by p.id having p.since <> max(m.maintenance_time)`,
  )) {
    problems.push(`maintenance plan ${r.id}: counts from ${(r.since as Date).toISOString()}, its last confirmation is ${(r.last as Date).toISOString()}`);
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
