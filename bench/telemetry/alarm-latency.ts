import { createServer, type Server } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedCluster } from '../../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../../src/adapters/postgres/database';
import { freePort, startProcess } from '../processes';
import { monoMs } from './clock';
import { seedBenchFleet, subscribersFor } from './fleet-seed';
import { closePages, runPhase, type PhaseResult } from './load-phase';

// Issue 39 item 2: from a machine's first message in trouble to its owner's webhook receiving the
// message, with the demo fleet's size and with 10,000 machines publishing once a second while 1% of
// them raise an alarm; the same run's live p99 (pages watching the machines) beside it, so the
// notifier is seen not to slow the live path. The receiver is this process: send and receipt are
// stamped on the same monotonic clock.

const DEVICE_KEY = 'bench-device-key';
const OWNERS = 50;
const SECONDS = Number(process.env.BENCH_ALARM_SECONDS ?? 40);
/** The troubles start within the first half of the phase, spread evenly, so the last has time to arrive. */
const SPREAD = 0.5;

export interface AlarmLatencyRow {
  machines: number;
  failing: number;
  received: number;
  p50: number;
  p95: number;
  max: number;
  live: PhaseResult;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);

/** A webhook receiver: when each order number's first `raised` arrived (monoMs). */
async function receiver(): Promise<{ server: Server; url: string; arrivals: Map<string, number> }> {
  const arrivals = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = monoMs();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event?: string; orderNumber?: string };
        if (body.event === 'raised' && body.orderNumber && !arrivals.has(body.orderNumber)) arrivals.set(body.orderNumber, at);
      } catch {
        // not ours
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, arrivals };
}

/** One row: `machines` publishing at 1/s, 1% of them (at least one) going into a stop with an alarm. */
export async function measureAlarmLatency(sizes: readonly number[]): Promise<AlarmLatencyRow[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-alarm-bench-'));
  chmodSync(work, 0o755);
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const rows: AlarmLatencyRow[] = [];
  const hook = await receiver();
  try {
    const database = openDatabase(cluster.url('postgres'));
    await migrateDatabase(database);
    const fleet = await seedBenchFleet(database, DEVICE_KEY, Math.max(...sizes), OWNERS);
    // Every owner's webhook: the generic signed JSON, to the receiver here.
    await database.pool.query(
      `insert into alarm_webhooks (owner_id, format, url, secret, all_clear, language, created_at)
       select unnest($1::uuid[]), 'json', $2, 'bench-webhook-secret-0123456789', false, 'en', now()`,
      [fleet.owners.map((o) => o.userId), hook.url],
    );
    await database.close();
    const [httpPort, mqttPort] = [await freePort(), await freePort()];
    const portal = await startProcess(
      'src/server/server.ts',
      {
        DATABASE_URL: cluster.url('postgres'),
        DATA_DIR: path.join(work, 'data'),
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        DEVICE_KEY,
        SEED_DEMO: 'false',
        SIMULATOR: 'off',
        LOG_LEVEL: 'info',
        // The receiver is on this machine.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      /MQTT broker for machines on port (\d+)/,
      path.join(work, 'portal.log'),
    );
    try {
      // A machine fails in one row only: its episode of an earlier row is still open (the all clear
      // needs 60 s out of trouble), and an open episode rightly sends nothing new. The 10,000 row
      // reused the demo row's machine and counted 99 of 100.
      const failedBefore = new Set<string>();
      for (const size of sizes) {
        const machines = fleet.machines.slice(0, size);
        const fresh = machines.filter((m) => !failedBefore.has(m.orderNumber));
        const failing = fresh.filter((_, i) => i % 100 === 0).map((m) => m.orderNumber);
        for (const o of failing) failedBefore.add(o);
        const troubleAt = new Map<string, number>();
        const firstSent = new Map<string, number>();
        let start = 0;
        const live = await runPhase({
          tcpPort: portal.port,
          wsUrl: `ws://127.0.0.1:${httpPort}/mqtt`,
          machines,
          subscribers: subscribersFor(fleet, size),
          rate: 1,
          seconds: SECONDS,
          pid: portal.child.pid!,
          payload: (orderNumber, at, message) => {
            if (!start) {
              start = at;
              failing.forEach((o, i) => troubleAt.set(o, start + ((i + 0.5) / failing.length) * SPREAD * SECONDS * 1000));
            }
            const from = troubleAt.get(orderNumber);
            if (from === undefined || at < from) return message;
            if (!firstSent.has(orderNumber)) firstSent.set(orderNumber, at);
            return message.replace('{"KEY":"ErrorType","VALUE":""}', '{"KEY":"ErrorType","VALUE":"Collision"}');
          },
        });
        const latencies = failing
          .filter((o) => firstSent.has(o) && hook.arrivals.has(o))
          .map((o) => hook.arrivals.get(o)! - firstSent.get(o)!)
          .sort((a, b) => a - b);
        rows.push({ machines: size, failing: failing.length, received: latencies.length, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), max: latencies.at(-1) ?? NaN, live });
        for (const o of failing) hook.arrivals.delete(o);
      }
    } finally {
      await portal.stop();
    }
  } finally {
    closePages();
    hook.server.close();
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

/** The rows as the benchmarks document writes them. */
export function alarmLatencyTable(rows: readonly AlarmLatencyRow[], command: string): string {
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');
  return [
    `Measured with \`${command}\` on this machine (${new Date().toISOString().slice(0, 10)}): machines publish once a second for ${SECONDS} s, 1% of them (at least one) go into a stop with an alarm at times spread over the first half; each owner has a signed JSON webhook to a receiver in the bench's process. Latency: from the machine's first message in trouble to the receiver having the message.`,
    '',
    '| machines | in trouble | webhook received | p50 | **p95** | max | live p50 / p99 (same run) | live loss |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.machines.toLocaleString('en')} | ${r.failing} | ${r.received} | ${ms(r.p50)} | **${ms(r.p95)}** | ${ms(r.max)} | ${ms(r.live.p50)} / ${ms(r.live.p99)} | ${r.live.lossPct}% |`),
  ].join('\n');
}
