import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../src/adapters/postgres/database';
import { writeBenchSection } from './doc-section';
import { freePort, startProcess, type ServerProcess } from './processes';
import { seedBenchFleet, subscribersFor, type BenchFleet } from './telemetry/fleet-seed';
import { monoMs } from './telemetry/clock';
import { closePages, runPhase, type PhaseResult } from './telemetry/load-phase';
import { alarmLatencyTable, measureAlarmLatency } from './telemetry/alarm-latency';

// `npm run bench:telemetry`: machines publishing through the portal's embedded broker to browser
// pages on its /mqtt websocket, against the raw broker (aedes with no portal logic) in the same
// run. Writes the table between the telemetry markers of docs/BENCHMARKS.md.
//
// `tsx bench/telemetry.ts --only overload`: the overload phase alone against a fresh portal
// (about 40 s), at BENCH_OVERLOAD_RATE messages a second per machine (default 33); prints the
// overload line and writes nothing. `--only sizes` and `--only steps` likewise run just the
// 1/s rows or the throughput steps. Run them under `flock /tmp/bench.lock` like the full bench.
// `--only scale` (issue 24): BENCH_SCALE_MACHINES (default 20,000) machines at 1/s through
// Mosquitto, first to one portal, then to two portals sharing the events (MQTT 5 shared
// subscription) with the 50 pages spread over both; writes its own section (telemetry-scale).

const SIZES = (process.env.BENCH_MACHINES ?? '100,1000,5000,10000').split(',').map(Number);
const SECONDS = (n: number) => Number(process.env.BENCH_TELEMETRY_SECONDS ?? (n >= 10_000 ? 60 : 15));
/** Offered loads of the throughput steps: 1000 machines at this many messages a second each. */
const STEPS = (process.env.BENCH_STEPS ?? '10,15,20,25,30,40,60').split(',').map(Number);
const OWNERS = 50;
const MOSQUITTO_URL = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
const MOSQUITTO_SIZES = [1000, 10_000];
const DEVICE_KEY = 'bench-device-key';
const PARTS = ['sizes', 'steps', 'overload', 'scale', 'alarms'] as const;
/** The alarm rows (issue 39 item 2): the demo fleet's size and 10,000 machines. */
const ALARM_SIZES = (process.env.BENCH_ALARM_MACHINES ?? '11,10000').split(',').map(Number);
const SCALE_MACHINES = Number(process.env.BENCH_SCALE_MACHINES ?? 20_000);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
if (ONLY !== null && !PARTS.includes(ONLY as never)) throw new Error(`--only knows ${PARTS.join(', ')}, not ${ONLY}`);
const runs = (part: (typeof PARTS)[number]) => ONLY === null || ONLY === part;
const OVERLOAD_SECONDS = 15;
const RECOVERY_SECONDS = 15;
const RECOVERY_TARGET_S = 10;
const work = mkdtempSync(path.join(tmpdir(), 'portal-telemetry-bench-'));
chmodSync(work, 0o755);

/** A broker under test, restartable on the same ports when the load took it down. */
class Broker {
  process!: ServerProcess;
  crashed = false;
  constructor(
    readonly label: string,
    readonly wsUrl: string,
    private readonly launch: () => Promise<ServerProcess>,
    /** Where machines publish when that is not the process's own port (an external broker). */
    private readonly machinePort?: number,
  ) {}
  async start() {
    this.process = await this.launch();
    this.crashed = false;
    this.process.child.once('exit', () => (this.crashed = true));
  }
  get tcpPort() {
    return this.machinePort ?? this.process.port;
  }
  get pid() {
    return this.process.child.pid!;
  }
  async stop() {
    if (!this.crashed) await this.process.stop();
  }
}

/**
 * A broker this bench does not start: the machine's Mosquitto, with the pages subscribed on it
 * directly (no portal), the raw broker's baseline for the relay's rows (issue 36, item 5). Its CPU
 * and memory are read through its pid file (MOSQUITTO_PID_FILE), when there is one to read.
 */
class ExternalBroker extends Broker {
  constructor(label: string, url: string, port: number) {
    super(label, url, async () => {
      throw new Error('not started by the bench');
    }, port);
  }
  override async start() {
    this.crashed = false;
  }
  override get pid() {
    const file = process.env.MOSQUITTO_PID_FILE ?? '/run/mosquitto/mosquitto.pid';
    return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : process.pid;
  }
  override async stop() {}
}

async function main() {
  if (ONLY === 'alarms') return alarmRows('npm run bench:telemetry -- --only alarms');
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const database = openDatabase(cluster.url('postgres'));
  await migrateDatabase(database);
  const fleet: BenchFleet = await seedBenchFleet(database, DEVICE_KEY, Math.max(runs('sizes') ? Math.max(...SIZES) : 0, runs('scale') ? SCALE_MACHINES : 0, 1000), OWNERS);
  await database.close();

  const httpPort = await freePort();
  const mqttPort = await freePort();
  const portalEnv = {
    DATABASE_URL: cluster.url('postgres'),
    DATA_DIR: path.join(work, 'data'),
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DEVICE_KEY,
    SEED_DEMO: 'false',
    SIMULATOR: 'off',
    // info: the ready line names the MQTT port; the load makes few HTTP calls to log.
    LOG_LEVEL: 'info',
  };
  let launches = 0;
  const portal = new Broker('portal', `ws://127.0.0.1:${httpPort}/mqtt`, () =>
    startProcess('src/server/server.ts', portalEnv, /MQTT broker for machines on port (\d+)/, path.join(work, `portal-${++launches}.log`)),
  );
  const [rawTcp, rawWs] = [await freePort(), await freePort()];
  const raw = new Broker('raw aedes', `ws://127.0.0.1:${rawWs}/mqtt`, () =>
    startProcess('bench/bare-aedes.ts', { BARE_TCP_PORT: String(rawTcp), BARE_WS_PORT: String(rawWs) }, /listening tcp (\d+)/, path.join(work, `bare-${++launches}.log`)),
  );
  // The same portal code with MQTT_URL: machines on the machine's Mosquitto, browsers on the portal's /mqtt (relay).
  const relayPort = await freePort();
  const viaMosquitto = new Broker(
    'portal via Mosquitto',
    `ws://127.0.0.1:${relayPort}/mqtt`,
    () =>
      startProcess(
        'src/server/server.ts',
        { ...portalEnv, PORT: String(relayPort), MQTT_URL: MOSQUITTO_URL, MQTT_CLIENT_ID: `portal-bench-${process.pid}`, DATA_DIR: path.join(work, 'data-relay') },
        /portal ready at http:\/\/localhost:(\d+)/,
        path.join(work, `relay-${++launches}.log`),
      ),
    Number(new URL(MOSQUITTO_URL).port || 1883),
  );
  const mosquittoAlone = new ExternalBroker('Mosquitto alone', MOSQUITTO_URL, Number(new URL(MOSQUITTO_URL).port || 1883));
  // A second portal on the same Mosquitto and database, as behind a balancer (issue 24).
  const relayPort2 = await freePort();
  const viaMosquitto2 = new Broker(
    'second portal via Mosquitto',
    `ws://127.0.0.1:${relayPort2}/mqtt`,
    () =>
      startProcess(
        'src/server/server.ts',
        { ...portalEnv, PORT: String(relayPort2), MQTT_URL: MOSQUITTO_URL, MQTT_CLIENT_ID: `portal-bench-b-${process.pid}`, DATA_DIR: path.join(work, 'data-relay') },
        /portal ready at http:\/\/localhost:(\d+)/,
        path.join(work, `relay-b-${++launches}.log`),
      ),
    Number(new URL(MOSQUITTO_URL).port || 1883),
  );
  await portal.start();
  const rawNeeded = runs('sizes') || runs('steps');
  if (rawNeeded) await raw.start();
  const mosquittoUp =
    (runs('sizes') || runs('scale')) &&
    (await viaMosquitto.start().then(
      () => true,
      (error: Error) => (console.log(`no Mosquitto at ${MOSQUITTO_URL}: ${error.message}`), false),
    ));

  const run = async (broker: Broker, n: number, rate: number, seconds: number, then?: Array<{ rate: number; seconds: number }>, subscribers = subscribersFor(fleet, n)) => {
    if (broker.crashed) await broker.start();
    console.log(`${broker.label}: ${n} machines at ${rate}/s for ${seconds} s${then ? ', then ' + then.map((t) => `${t.rate}/s for ${t.seconds} s`).join(', ') : ''}...`);
    const shedBefore = broker === portal ? await telemetryStats(httpPort, fleet.staffToken).then((s) => s.messagesShed) : 0;
    const result = await runPhase({ tcpPort: broker.tcpPort, wsUrl: broker.wsUrl, machines: fleet.machines.slice(0, n), subscribers, rate, seconds, then, pid: broker.pid }).catch(
      (error: Error) => (console.log(`  ${error.message}`), { error: error.message }),
    );
    const crashed = broker.crashed;
    if (crashed) console.log(`  ${broker.label} went down under this load`);
    if (!('error' in result)) {
      const shed = broker === portal && !crashed ? `, shed by the guard (from the warm-up on) ${(await telemetryStats(httpPort, fleet.staffToken)).messagesShed - shedBefore}` : '';
      console.log(`  offered ${result.offeredPerS}/s, delivered ${result.deliveredPerS}/s, loss ${result.lossPct}%${shed}, p99 ${result.p99} ms, broker CPU ${result.cpuPct}%, publishers ${result.publishersCpuPct}%, pages ${result.pagesCpuPct}%, other work on the machine ${result.otherCpuPct}% CPU`);
      if (!then) {
        console.log(`  p99 ms per second: ${result.seconds.map((s) => Math.round(s.p99)).join(' ')}`);
        const lossy = result.seconds.map((s, i) => ({ ...s, i })).filter((s) => s.delivered < s.sent);
        if (lossy.length) console.log(`  seconds with loss (second: lost of sent): ${lossy.map((s) => `${s.i}: ${s.sent - s.delivered} of ${s.sent}`).join(', ')}`);
      }
    }
    return { result: 'error' in result ? null : result, crashed };
  };
  const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : '?');

  /**
   * Twice what the portal carries for 15 s, then 1 message a second per machine for 15 s.
   * Recovery is the server's: (a) when its shed counter (Telemetry/GetStats, polled every 200 ms)
   * stopped growing after the load fell, and (b) from which second after the fall every second's
   * messages (by send time) had p99 under 50 ms and at least 99% delivered.
   */
  const overloadPhase = async (rate: number, carriedRate: number | null): Promise<string> => {
    const shed = pollShed(httpPort, fleet.staffToken);
    const health = pollHealth(`http://127.0.0.1:${httpPort}/api/health`);
    const overload = await run(portal, 1000, rate, OVERLOAD_SECONDS, [{ rate: 1, seconds: RECOVERY_SECONDS }]);
    const healthFailures = health.stop();
    const samples = await shed.stop();
    const r = overload.result;
    if (!r || overload.crashed) return `Overload: the portal went down at ${rate}/s per machine.`;
    const fallAt = r.stepStarts[1];
    const first = samples[0]?.shed ?? 0;
    const final = samples.at(-1)?.shed ?? 0;
    const atFall = samples.findLast((s) => s.at <= fallAt)?.shed ?? first;
    // (a): the first sample that shows the final count was read after the last shed message.
    const lastGrowth = samples.find((s) => s.shed === final);
    const shedStopS = lastGrowth ? Math.max(0, (lastGrowth.at - fallAt) / 1000) : NaN;
    // (b): the first second after the fall from which every second is good.
    const after = r.seconds.slice(OVERLOAD_SECONDS);
    const good = (s: PhaseResult['seconds'][number]) => s.p99 < 50 && s.delivered >= s.sent * 0.99;
    const recoveredAt = after.findIndex((_, i) => after.slice(i).every(good));
    const during = r.seconds.slice(0, OVERLOAD_SECONDS);
    const offered = Math.round(during.reduce((a, s) => a + s.sent, 0) / OVERLOAD_SECONDS);
    const recovery = Math.max(shedStopS, recoveredAt);
    const round1 = (x: number) => Math.round(x * 10) / 10;
    console.log(`  overload seconds (sent/delivered, p99 ms): ${during.map((s) => `${s.sent}/${s.delivered} ${Math.round(s.p99)}`).join(', ')}; turns skipped (socket full): ${r.skipped}`);
    console.log(`  seconds after the fall: ${after.map((s) => `${s.sent}/${s.delivered} ${Math.round(s.p99)}`).join(', ')}`);
    console.log(`  shed count samples (s after the fall: count): ${samples.filter((s) => s.at > fallAt - 2000 && s.at < fallAt + 5000).map((s) => `${((s.at - fallAt) / 1000).toFixed(1)}: ${s.shed}`).join(', ')}`);
    return (
      `Overload: 1000 machines at ${rate}/s (${offered} msg/s offered${carriedRate ? `, ${pct(offered, carriedRate)} of the ${sustained.portal ? 'sustained rate' : 'rate carried without loss'}` : ''}) for ${OVERLOAD_SECONDS} s: ` +
      `the server stayed up (health checks failed: ${healthFailures}), shed ${final - first} messages and counted them (Telemetry/GetStats), ` +
      `delivered ${during.reduce((a, s) => a + s.delivered, 0)} of those sent in the overload. ` +
      `After the load fell to 1/s per machine: (a) the shed count stopped growing ${shedStopS < 0.05 ? 'by the fall' : `within ${round1(shedStopS)} s`} (polled every 200 ms; ${final - atFall} shed since the last poll before the fall); ` +
      `(b) ${recoveredAt >= 0 ? `every second from ${recoveredAt} s on had p99 under 50 ms and at least 99% delivered` : `not every second had p99 under 50 ms and 99% delivered within ${RECOVERY_SECONDS} s`}` +
      `${recoveredAt >= 0 ? `: recovered in ${round1(recovery)} s (target ${RECOVERY_TARGET_S} s)` : ''}. ` +
      `The first seconds after the fall (sent/delivered, p99 ms): ${after.slice(0, 3).map((s) => `${s.sent}/${s.delivered}, ${Math.round(s.p99)}`).join('; ')}.`
    );
  };

  const rows: string[] = [];
  const line = (name: string, r: PhaseResult | null, crashed = false) =>
    r && !crashed
      ? `| ${name} | ${r.offeredPerS} | ${r.deliveredPerS} | ${r.lossPct} | ${r.p50} | ${r.p99} | ${r.cpuPct} | ${r.rssMb} |`
      : `| ${name} | | | | | | crashed | |`;
  const sustained = { raw: 0, portal: 0 };
  const lossOnly = { raw: 0, portal: 0 };
  let overloadLine = '';
  let scaleTable = '';
  let scaleMeasured = false;
  try {
    if (runs('sizes')) {
      for (const n of SIZES) {
        const rawRun = await run(raw, n, 1, SECONDS(n));
        rows.push(line(`raw aedes, ${n} machines at 1/s`, rawRun.result, rawRun.crashed));
        const portalRun = await run(portal, n, 1, SECONDS(n));
        rows.push(line(`**portal**, ${n} machines at 1/s`, portalRun.result, portalRun.crashed));
        if (mosquittoUp && MOSQUITTO_SIZES.includes(n)) {
          const aloneRun = await run(mosquittoAlone, n, 1, SECONDS(n));
          rows.push(line(`Mosquitto alone (the pages subscribed on it over TCP, no portal; its CPU and RSS), ${n} machines at 1/s`, aloneRun.result, aloneRun.crashed));
          // What the relay's live client is to Mosquitto: one connection that reads every machine.
          const [first, ...rest] = subscribersFor(fleet, n);
          const oneRun = await run(mosquittoAlone, n, 1, SECONDS(n), undefined, [{ ...first, topics: [first, ...rest].flatMap((s) => s.topics) }]);
          rows.push(line(`Mosquitto alone to **one** mqtt.js client subscribed to every machine (as the relay is), ${n} machines at 1/s`, oneRun.result, oneRun.crashed));
          const relayRun = await run(viaMosquitto, n, 1, SECONDS(n));
          rows.push(line(`**portal via Mosquitto** (MQTT_URL), ${n} machines at 1/s`, relayRun.result, relayRun.crashed));
        }
      }
    }

    // Throughput: 1000 machines at rising rates. Sustained = the most delivered with under 1% loss and
    // p99 under the 50 ms target (a rate answered half a second late is a growing queue, not carried);
    // the loss-only figure is reported too.
    if (runs('steps')) {
      for (const rate of STEPS) {
        for (const [key, broker] of [['raw', raw], ['portal', portal]] as const) {
          const r = await run(broker, 1000, rate, 8);
          rows.push(line(`${key === 'portal' ? '**portal**' : 'raw aedes'}, 1000 machines at ${rate}/s`, r.result, r.crashed));
          if (r.result && !r.crashed && r.result.lossPct < 1) {
            lossOnly[key] = Math.max(lossOnly[key], r.result.deliveredPerS);
            if (r.result.p99 < 50) sustained[key] = Math.max(sustained[key], r.result.deliveredPerS);
          }
        }
      }
    }

    if (runs('scale')) {
      if (!mosquittoUp) scaleTable = `Not measured: no Mosquitto at ${MOSQUITTO_URL}.`;
      else {
        await viaMosquitto2.start();
        const n = SCALE_MACHINES;
        const one = await run(viaMosquitto, n, 1, SECONDS(n));
        const [a, b] = [viaMosquitto, viaMosquitto2];
        console.log(`two portals via Mosquitto: ${n} machines at 1/s for ${SECONDS(n)} s, pages on both...`);
        const both = await runPhase({ tcpPort: a.tcpPort, wsUrl: [a.wsUrl, b.wsUrl], machines: fleet.machines.slice(0, n), subscribers: subscribersFor(fleet, n), rate: 1, seconds: SECONDS(n), pid: a.pid, alsoPids: [b.pid] }).catch(
          (error: Error) => (console.log(`  ${error.message}`), null),
        );
        const crashed = a.crashed || b.crashed;
        if (both && !crashed) console.log(`  offered ${both.offeredPerS}/s, delivered ${both.deliveredPerS}/s, loss ${both.lossPct}%, p99 ${both.p99} ms, portals' CPU ${both.cpuPct}%, other work on the machine ${both.otherCpuPct}% CPU`);
        await b.stop();
        scaleMeasured = one.result !== null && !one.crashed && both !== null && !crashed;
        scaleTable = [
          `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}: ${n} machines publish QoS 0 live data once a second to Mosquitto (${MOSQUITTO_URL}); ${OWNERS} browser pages subscribe on the portals' /mqtt. One portal, then two portals on the same database and broker (each with its own MQTT_CLIENT_ID, events to both through \`+/event/+\`, MQTT_EVENT_SUBSCRIPTION's default since ADR 0022, live data to both) with the pages spread over the two in turn. CPU and RSS: the portal processes' (both added for two); Mosquitto's are not counted.`,
          '',
          '| load | offered msg/s | delivered msg/s | loss % | p50 ms | p99 ms | portals CPU % | portals RSS MB |',
          '|---|---|---|---|---|---|---|---|',
          line(`one portal via Mosquitto, ${n} machines at 1/s`, one.result, one.crashed),
          line(`**two portals** via Mosquitto, ${n} machines at 1/s, pages on both`, both, crashed),
          '',
          `Other work on the machine during the runs (CPU, 100% = one core): one portal ${one.result?.otherCpuPct ?? '?'}%, two portals ${both?.otherCpuPct ?? '?'}%.`,
        ].join('\n');
      }
    }

    if (runs('overload')) {
      // Twice what the portal carried in this run (sustained; without loss if no step kept p99
      // under 50 ms); alone (--only overload), BENCH_OVERLOAD_RATE.
      const carried = sustained.portal || lossOnly.portal;
      overloadLine = ONLY
        ? await overloadPhase(Number(process.env.BENCH_OVERLOAD_RATE ?? 33), null)
        : carried
          ? await overloadPhase(Math.max(2, Math.round((2 * carried) / 1000)), carried)
          : 'Overload: not measured, the portal carried none of the steps without loss.';
    }
  } finally {
    closePages();
    await portal.stop();
    if (rawNeeded) await raw.stop();
    if (mosquittoUp) await viaMosquitto.stop();
    if (runs('scale')) await viaMosquitto2.stop().catch(() => {});
    await cluster.stop();
  }

  const table = [
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}. Machines publish QoS 0 over TCP (one socket each, about 900-byte live messages); ${OWNERS} browser pages subscribe over the websocket (/mqtt), each to its owner's machines; latency is from the publisher process's send to the receive in the pages' own process; CPU (100% = one core) and memory are the broker process's. The portal's rows include its authentication, topic rules, live-value intake and overload guard; raw aedes has none of these.`,
    '',
    '| load | offered msg/s | delivered msg/s | loss % | p50 ms | p99 ms | broker CPU % | broker RSS MB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Sustained throughput (1000 machines; the most delivered with under 1% loss and p99 under 50 ms): raw aedes ${sustained.raw} msg/s, portal ${sustained.portal} msg/s, ${sustained.raw ? `the portal at ${pct(sustained.portal, sustained.raw)} of the raw broker` : 'raw aedes kept no step under 50 ms'}. Counting loss alone (whatever the latency): raw aedes ${lossOnly.raw}, portal ${lossOnly.portal}, ${pct(lossOnly.portal, lossOnly.raw)}.`,
    '',
    overloadLine,
  ].join('\n');
  if (scaleTable) {
    // The scale rows compare within their own run: written on their own, with --only scale too,
    // but only when both rows were measured (a failed run keeps the last measured pair).
    console.log(`\n${scaleTable}`);
    if (scaleMeasured) writeBenchSection('telemetry-scale', scaleTable);
    else console.log('(not written to docs/BENCHMARKS.md: a row was not measured)');
  }
  if (ONLY === 'scale') {
    // written above
  } else if (ONLY) {
    // A part alone is for quick looks: printed, never written to docs/BENCHMARKS.md.
    console.log(`\n${ONLY === 'overload' ? overloadLine : table}`);
  } else {
    console.log(`\n${table}`);
    writeBenchSection('telemetry', table);
  }
  if (process.env.BENCH_KEEP_LOGS) console.log(`logs kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
  if (!ONLY) await alarmRows('npm run bench:telemetry');
}

/**
 * The alarm notifications' latency (issue 39 item 2), on a portal and database of their own: a
 * machine's first message in trouble to its owner's webhook, and the live path's p99 beside it.
 * Written to its own section, with `--only alarms` too.
 */
async function alarmRows(command: string): Promise<void> {
  const table = alarmLatencyTable(await measureAlarmLatency(ALARM_SIZES), command);
  console.log(`\n${table}`);
  writeBenchSection('telemetry-alarms', table);
}

/** GET /api/health every 250 ms; answers the number of failed checks when stopped. */
function pollHealth(url: string) {
  let failures = 0;
  const timer = setInterval(() => {
    fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok || failures++,
      () => failures++,
    );
  }, 250);
  return { stop: () => (clearInterval(timer), failures) };
}

/** Telemetry/GetStats' shed count every 200 ms (one call at a time), with when each answer came (monoMs). */
function pollShed(port: number, token: string) {
  const samples: Array<{ at: number; shed: number }> = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const asked = monoMs();
      const stats = await telemetryStats(port, token, AbortSignal.timeout(2_000)).catch(() => null);
      if (stats) samples.push({ at: monoMs(), shed: stats.messagesShed });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 200 - (monoMs() - asked))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function telemetryStats(port: number, token: string, signal?: AbortSignal): Promise<{ messagesShed: number }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/Telemetry/GetStats`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: '{}', signal });
  return ((await res.json()) as { ReturnData: { messagesShed: number } }).ReturnData;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
