import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_BUNDLE } from '../build-server.mjs';

/** The repository's root: the portal child runs from there. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The server bundled when it is older than the sources, once per harness run: through
 * scripts/ensure-build.mjs, which builds one at a time (the browser tests' pool may be building
 * at the same moment).
 */
let bundled: Promise<unknown> | undefined;
const ensureBuilt = () => promisify(execFile)(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A portal in a process of its own, as `npm start` runs it (the server's bundle, scripts/build-server.mjs). */
export interface PortalChild {
  child: ChildProcess;
  url: string;
  /** From the spawn to the first 200 of `/api/ready`. */
  readyMs: number;
  /** Its last output lines, for a failure message. */
  log(): string;
  /** SIGTERM (the portal drains and stops its database) or SIGKILL; answers once the process has ended. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * The environment the fault harnesses start a portal with: quiet, no demo simulator, no load
 * shedding or rate limits (the harness is the only caller, from loopback, many times a second).
 */
export const FAULT_PORTAL_ENV: Readonly<Record<string, string>> = {
  HOST: '127.0.0.1',
  REDIS_URL: '',
  SIMULATOR: '0',
  MAINTENANCE_CHECK_MS: '0',
  LOAD_SHED_DELAY_MS: '0',
  RATE_LIMIT_SCALE: '100000',
  LOG_LEVEL: 'warn',
};

/**
 * Starts the portal with `env` on a fixed port (a restarted portal must come back where clients
 * reconnect to) and waits until `/api/ready` answers 200; throws with its output if it ends first
 * or is not ready within `timeoutMs`.
 */
export async function startPortalChild(options: { port: number; env: Record<string, string>; timeoutMs?: number }): Promise<PortalChild> {
  await (bundled ??= ensureBuilt());
  const started = performance.now();
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, ...FAULT_PORTAL_ENV, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 200) lines.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const log = () => lines.join('').slice(-3000);
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await ended;
  };
  const timeoutMs = options.timeoutMs ?? 180_000;
  for (;;) {
    if (exited) throw new Error(`the portal ended before it was ready:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return { child, url, readyMs: performance.now() - started, log, stop };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      await stop('SIGKILL');
      throw new Error(`the portal was not ready within ${timeoutMs / 1000} s:\n${log()}`);
    }
    await sleep(50);
  }
}
