import mqtt, { type MqttClient } from 'mqtt';
import { readFileSync } from 'node:fs';
import { Publishers, type PublisherSpec } from './publishers';

export interface SubscriberSpec {
  username: string;
  password: string;
  topics: string[];
}

export interface PhaseOptions {
  /** Broker TCP port the machines publish to. */
  tcpPort: number;
  /** Websocket URL the subscribers (browser pages) connect to. */
  wsUrl: string;
  machines: readonly PublisherSpec[];
  subscribers: readonly SubscriberSpec[];
  /** Messages per second per machine, for `seconds`; then, if given, the `then` steps in turn. */
  rate: number;
  seconds: number;
  then?: Array<{ rate: number; seconds: number }>;
  /** The broker's process, for CPU and memory. */
  pid: number;
}

export interface PhaseResult {
  machines: number;
  offeredPerS: number;
  deliveredPerS: number;
  lossPct: number;
  p50: number;
  p99: number;
  cpuPct: number;
  rssMb: number;
  /** Per second of the whole schedule: delivered messages and p99 of that second. */
  seconds: Array<{ delivered: number; p99: number; sent: number }>;
}

/** A realistic live message (25 keys, about 800 bytes) with the send time first, where subscribers find it cheaply. */
export function livePayload(orderNumber: string, sentAt: number): string {
  return `[{"KEY":"SentAt","VALUE":${sentAt.toFixed(3)}},${BODY.replace('#', orderNumber)}]`;
}
const BODY = JSON.stringify([
  ['State', 3], ['TaskName', 'bracket-8mm-CS.bnn'], ['TaskFile', 'D:/nest/bracket-8mm-CS.bnn'], ['TaskId', '#-17'],
  ['Progress', 42.5], ['X', 1203.55], ['Y', 604.12], ['Z', 1.31], ['W', 0], ['WorkedTime', 12034],
  ['ErrorType', ''], ['ErrorContent', ''], ['CutLength', 312.44], ['EmptyLength', 80.1], ['FeedRate', 100],
  ['FeedSpeed', 26.4], ['Power', 10.8], ['PierceCount', 214], ['PierceTime', 85.6], ['CutTime', 1520],
  ['PartCount', 36], ['CompletedCount', 15], ['Height', 0.95], ['Voltage', 4120], ['StartTime', '2026-11-21T08:00:00.000Z'],
].map(([KEY, VALUE]) => ({ KEY, VALUE }))).slice(1, -1);

const SENT_AT = /^\[\{"KEY":"SentAt","VALUE":([\d.]+)\}/;
const SLICES_PER_SECOND = 50;

/** Runs one load: machines publish at `rate` for `seconds` to subscribers that each watch their machines. */
export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const subscribers = await Promise.all(options.subscribers.map((s) => subscribe(options.wsUrl, s)));
  const publishers = new Publishers(options.tcpPort, options.machines);
  await publishers.connect();

  const planned = [{ rate: options.rate, seconds: options.seconds }, ...(options.then ?? [])].reduce((n, s) => n + s.rate * s.seconds, 0);
  const latencies = new Float64Array(Math.min(30_000_000, Math.ceil(options.machines.length * planned * 1.2) + 1000));
  let received = 0;
  let measuring = false;
  for (const client of subscribers) {
    client.on('message', (_topic, payload) => {
      if (!measuring) return;
      const match = SENT_AT.exec(payload.toString('latin1', 0, 48));
      if (!match) return;
      if (received < latencies.length) latencies[received] = performance.timeOrigin + performance.now() - Number(match[1]);
      received++;
    });
  }

  const cpuBefore = cpuTicks(options.pid);
  const started = performance.now();
  measuring = true;
  const perSecond: PhaseResult['seconds'] = [];
  let windowStart = 0;
  let windowSent = 0;
  const closeWindow = () => {
    const window = latencies.subarray(Math.min(windowStart, latencies.length), Math.min(received, latencies.length)).slice().sort();
    perSecond.push({ delivered: received - windowStart, sent: publishers.sent - windowSent, p99: round2(window[Math.floor(0.99 * (window.length - 1))] ?? 0) });
    windowStart = received;
    windowSent = publishers.sent;
  };
  const windowTimer = setInterval(closeWindow, 1000);
  for (const step of [{ rate: options.rate, seconds: options.seconds }, ...(options.then ?? [])]) {
    let tick = 0;
    const slices = Math.max(1, Math.round(SLICES_PER_SECOND / step.rate));
    // Above 50 messages a second per machine, each tick sends several rounds.
    const rounds = Math.max(1, Math.round(step.rate / SLICES_PER_SECOND));
    const timer = setInterval(() => {
      const slice = tick++ % slices;
      for (let r = 0; r < rounds; r++) publishers.publishSlice(slice, slices, livePayload);
    }, 1000 / SLICES_PER_SECOND);
    await new Promise((resolve) => setTimeout(resolve, step.seconds * 1000));
    clearInterval(timer);
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuTicks(options.pid);
  // Whatever is on its way arrives within a second, or is lost.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  clearInterval(windowTimer);
  measuring = false;
  const rssMb = rss(options.pid);

  publishers.close();
  await Promise.all(subscribers.map((c) => c.endAsync(true)));

  const sorted = latencies.subarray(0, Math.min(received, latencies.length)).sort();
  const at = (q: number) => round2(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    machines: options.machines.length,
    offeredPerS: Math.round(publishers.sent / elapsed),
    deliveredPerS: Math.round(received / elapsed),
    lossPct: publishers.sent ? round2(Math.max(0, 100 * (1 - received / publishers.sent))) : 0,
    p50: at(0.5),
    p99: at(0.99),
    cpuPct: Math.round(((cpuAfter - cpuBefore) / 100 / elapsed) * 100),
    rssMb,
    seconds: perSecond,
  };
}

function subscribe(url: string, spec: SubscriberSpec): Promise<MqttClient> {
  const client = mqtt.connect(url, { username: spec.username, password: spec.password, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 100 });
  return new Promise((resolve, reject) => {
    client.once('error', reject);
    client.once('connect', async () => {
      for (let i = 0; i < spec.topics.length; i += 500) {
        const granted = await client.subscribeAsync(spec.topics.slice(i, i + 500), { qos: 0 });
        const refused = granted.filter((g) => g.qos === 128).length;
        if (refused) return reject(new Error(`${refused} subscriptions of ${spec.username} refused`));
      }
      resolve(client);
    });
  });
}

/** utime + stime of a process, in clock ticks (100 a second). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
