import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monoMs } from './clock';
import { Publishers, type PublisherSpec } from './publishers';
import { Pages, type PagesResult, type SubscriberSpec } from './pages';
import type { FromSubscribers, ToSubscribers } from './subscriber-process';

export type { SubscriberSpec } from './pages';

/**
 * Where the pages run: `process` (the default) a child process of their own; `in-process` the
 * former method, in the publishers' process and event loop, kept to compare the two
 * (BENCH_PAGES=in-process).
 */
const PAGES_MODE = process.env.BENCH_PAGES === 'in-process' ? 'in-process' : 'process';

export interface PhaseOptions {
  /** Broker TCP port the machines publish to. */
  tcpPort: number;
  /** Websocket URL the subscribers (browser pages) connect to; with several (portals behind a balancer), the pages are spread over them in turn. */
  wsUrl: string | readonly string[];
  machines: readonly PublisherSpec[];
  subscribers: readonly SubscriberSpec[];
  /** Messages per second per machine, for `seconds`; then, if given, the `then` steps in turn. */
  rate: number;
  seconds: number;
  then?: Array<{ rate: number; seconds: number }>;
  /** The broker's process, for CPU and memory. */
  pid: number;
  /** Other processes serving the same load (a second portal): their CPU and memory are added to the broker's. */
  alsoPids?: readonly number[];
  /** Changes a measured message before it goes (the alarm bench: some machines in trouble); `at` is its send time (monoMs). */
  payload?: (orderNumber: string, at: number, message: string) => string;
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
  /** CPU of the publishers' process (this one) and of the pages' process (100% = one core). */
  publishersCpuPct: number;
  pagesCpuPct: number;
  /** CPU used by everything but the broker, the publishers and the pages while the load ran (100% = one core): other work on the machine. */
  otherCpuPct: number;
  /** Turns a machine skipped because its socket still held 8 KB unsent. */
  skipped: number;
  /** Per second of the whole schedule, by send time: messages sent, those delivered within the phase, and their p99. */
  seconds: Array<{ delivered: number; p99: number; sent: number }>;
  /** When each step of the schedule began (monotonic ms, `monoMs`); step k's seconds start at `seconds[sum of the earlier steps]`. */
  stepStarts: number[];
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

const TICKS_PER_SECOND = 50;
/** Seconds of one message a second per machine before each load is measured. */
const WARM_UP_SECONDS = 5;
/** A late tick catches up at most this much of the schedule, so a stalled load process does not send seconds at once. */
const MAX_CATCH_UP_MS = 200;

/**
 * Runs one load: machines publish at `rate` for `seconds` (then the `then` steps) to subscribers
 * that each watch their machines. The subscribers are a child process (subscriber-process.ts);
 * sends and receives are stamped on the machine's monotonic clock, shared by both processes.
 */
export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const pages = PAGES_MODE === 'process' ? await SubscriberProcess.connect(options.wsUrl, options.subscribers) : await InProcessPages.start(options.wsUrl, options.subscribers);
  const publishers = new Publishers(options.tcpPort, options.machines);
  try {
    await publishers.connect();
    const steps = [{ rate: options.rate, seconds: options.seconds }, ...(options.then ?? [])];
    const totalSeconds = steps.reduce((n, s) => n + s.seconds, 0);
    const stepStarts = stepOffsets(steps);
    const sentBySecond = new Array<number>(totalSeconds).fill(0);

    // Warm-up, not measured: the machines publish once a second for a few seconds first. A
    // broker whose 10,000 connections were all made a moment ago still holds them in its young
    // generation, and its first collections under load copy them all (ADR 0009): that is the
    // cost of 10,000 machines connecting at once, not of carrying their messages.
    await drive(publishers, [{ rate: 1, seconds: WARM_UP_SECONDS }], monoMs() + 100, (orderNumber) => livePayload(orderNumber, 0));
    const brokers = [options.pid, ...(options.alsoPids ?? [])];
    const brokerTicks = () => brokers.reduce((a, pid) => a + cpuTicks(pid), 0);
    const ours = [...new Set([...brokers, process.pid, pages.pid])];
    const t0 = monoMs() + 100;
    const scheduleEnd = t0 + totalSeconds * 1000;
    const deadline = scheduleEnd + 1000;
    await pages.startCounting(t0, totalSeconds, deadline);
    await sleep(t0 - monoMs());
    const stamp = (orderNumber: string) => {
      const at = monoMs();
      sentBySecond[Math.min(totalSeconds - 1, Math.floor((at - t0) / 1000))]++;
      const message = livePayload(orderNumber, at);
      return options.payload ? options.payload(orderNumber, at, message) : message;
    };

    const cpuBefore = brokerTicks();
    const loadBefore = [process.pid, pages.pid].map(cpuTicks);
    const othersBefore = machineBusyTicks() - ours.reduce((a, pid) => a + cpuTicks(pid), 0);
    await drive(publishers, steps, t0, stamp);
    const elapsed = (monoMs() - t0) / 1000;
    const cpuAfter = brokerTicks();
    const loadAfter = [process.pid, pages.pid].map(cpuTicks);
    const othersAfter = machineBusyTicks() - ours.reduce((a, pid) => a + cpuTicks(pid), 0);
    // Whatever is on its way arrives within a second, or is lost.
    await sleep(deadline - monoMs() + 20);
    const rssMb = brokers.reduce((a, pid) => a + rss(pid), 0);
    const received = await pages.stop();

    const sent = sentBySecond.reduce((a, b) => a + b, 0);
    return {
      machines: options.machines.length,
      offeredPerS: Math.round(sent / elapsed),
      deliveredPerS: Math.round(received.received / elapsed),
      lossPct: sent ? round2(Math.max(0, 100 * (1 - received.received / sent))) : 0,
      p50: received.p50,
      p99: received.p99,
      cpuPct: Math.round(((cpuAfter - cpuBefore) / 100 / elapsed) * 100),
      publishersCpuPct: Math.round(((loadAfter[0] - loadBefore[0]) / 100 / elapsed) * 100),
      pagesCpuPct: pages.pid === process.pid ? 0 : Math.round(((loadAfter[1] - loadBefore[1]) / 100 / elapsed) * 100),
      otherCpuPct: Math.max(0, Math.round(((othersAfter - othersBefore) / 100 / elapsed) * 100)),
      rssMb,
      skipped: publishers.skipped,
      seconds: sentBySecond.map((s, i) => ({ sent: s, delivered: received.seconds[i]?.delivered ?? 0, p99: received.seconds[i]?.p99 ?? 0 })),
      stepStarts: stepStarts.map((ms) => t0 + ms),
    };
  } finally {
    publishers.close();
  }
}

/** Ends the pages' process (at the end of the bench). */
export function closePages(): void {
  SubscriberProcess.shared?.kill();
  SubscriberProcess.shared = null;
}

/** The browser pages in their child process, one for the whole bench (see subscriber-process.ts). */
class SubscriberProcess {
  static shared: SubscriberProcess | null = null;
  private constructor(private readonly child: ChildProcess) {}

  /** Connects the pages for one load, in the shared process (started on first use, again if it died). */
  static async connect(wsUrl: string | readonly string[], subscribers: readonly SubscriberSpec[]): Promise<SubscriberProcess> {
    let pages = SubscriberProcess.shared;
    if (!pages || pages.child.exitCode !== null || pages.child.signalCode !== null) {
      const entry = fileURLToPath(new URL('./subscriber-process.ts', import.meta.url));
      const child = fork(entry, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      pages = SubscriberProcess.shared = new SubscriberProcess(child);
    }
    await pages.ask({ type: 'connect', wsUrl: typeof wsUrl === 'string' ? wsUrl : [...wsUrl], subscribers: [...subscribers] }, 'ready');
    return pages;
  }

  startCounting(t0: number, seconds: number, deadline: number): Promise<unknown> {
    return this.ask({ type: 'start', t0, seconds, deadline }, 'started');
  }

  async stop(): Promise<PagesResult> {
    return (await this.ask({ type: 'stop' }, 'result')) as PagesResult;
  }

  get pid(): number {
    return this.child.pid!;
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private ask(message: ToSubscribers, answer: FromSubscribers['type']): Promise<FromSubscribers> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: FromSubscribers) => {
        if (reply.type !== answer && reply.type !== 'error') return;
        cleanup();
        if (reply.type === 'error') reject(new Error(`subscribers: ${reply.message}`));
        else resolve(reply);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`the subscriber process exited (${code}) before answering ${message.type}`));
      };
      const cleanup = () => {
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send(message);
    });
  }
}

/** The pages in the publishers' own process (BENCH_PAGES=in-process). */
class InProcessPages {
  readonly pid = process.pid;
  private constructor(private readonly pages: Pages) {}

  static async start(wsUrl: string | readonly string[], subscribers: readonly SubscriberSpec[]): Promise<InProcessPages> {
    const pages = new Pages();
    await pages.connect(wsUrl, subscribers);
    return new InProcessPages(pages);
  }

  async startCounting(t0: number, seconds: number, deadline: number): Promise<void> {
    this.pages.startCounting(t0, seconds, deadline);
  }

  async stop(): Promise<PagesResult> {
    const result = this.pages.stop();
    await this.pages.close();
    return result;
  }
}

/**
 * Publishes the schedule of `steps` from `t0` (monotonic ms). Each step's messages are spread
 * evenly over its time and over the machines (round robin): at every tick, whatever the
 * schedule owes so far is sent, so the offered rate is the asked one even when timer ticks come
 * late.
 */
function drive(publishers: Publishers, steps: ReadonlyArray<{ rate: number; seconds: number }>, t0: number, payloadFor: (orderNumber: string) => string): Promise<void> {
  const stepStarts = stepOffsets(steps);
  return new Promise<void>((resolve) => {
    let step = 0;
    let owedFrom = t0;
    let turns = 0;
    const timer = setInterval(() => {
      const now = monoMs();
      if (now < t0) return;
      while (step < steps.length && now >= t0 + stepStarts[step] + steps[step].seconds * 1000) {
        step++;
        turns = 0;
        owedFrom = t0 + (stepStarts[step] ?? 0);
      }
      if (step >= steps.length) {
        clearInterval(timer);
        return resolve();
      }
      const perMs = (steps[step].rate * publishers.connected) / 1000;
      const owed = Math.floor(perMs * (now - owedFrom)) - turns;
      const due = Math.min(owed, Math.ceil(perMs * MAX_CATCH_UP_MS));
      if (owed > due) {
        // Give up what a stalled tick could not send rather than bursting it later.
        owedFrom += (owed - due) / perMs;
      }
      if (due > 0) turns += publishers.publishNext(due, payloadFor, t0 + stepStarts[step] + steps[step].seconds * 1000);
    }, 1000 / TICKS_PER_SECOND);
  });
}

/** When each step begins, in ms after the schedule's start. */
function stepOffsets(steps: ReadonlyArray<{ seconds: number }>): number[] {
  return steps.map((_, k) => steps.slice(0, k).reduce((n, s) => n + s.seconds * 1000, 0));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** utime + stime of a process, in clock ticks (100 a second). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Busy clock ticks of the whole machine, all cores (/proc/stat: everything but idle and iowait). */
function machineBusyTicks(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return total - fields[3] - fields[4];
}

function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
