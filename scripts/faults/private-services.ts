import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/processes';
import { sleep } from './portal-child';

// Private servers for the fault harnesses, on their own loopback ports in temp folders: the
// machine's own PostgreSQL (5432) and Mosquitto (1883) serve other tests and are never touched.

/** Answers once something accepts TCP connections on the port (or throws after `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (performance.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/** A PostgreSQL cluster of the harness's own, stopped and started with pg_ctl as an operator would. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust on loopback: a throw-away cluster). */
  url: string;
  /** `pg_ctl stop -m fast` or `-m immediate` (an immediate stop is a crash: recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start -w`: answers once the server accepts connections. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` system user. */
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/** Runs a PostgreSQL tool without blocking the harness's event loop (it timestamps frames meanwhile). */
async function pgTool(command: string, args: string[]): Promise<void> {
  const [file, argv] = asPostgres(command, args);
  await promisify(execFile)(file, argv);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-pg-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  mkdirSync(data, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  const port = await freePort();
  await pgTool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--no-sync']);
  // Loopback only; the unix socket stays inside the temp folder.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=off`;
  const start = () => pgTool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode) => pgTool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    async close() {
      try {
        await pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Mosquitto of the harness's own: anonymous, on loopback, with persistence (a portal's session survives a restart). */
export interface PrivateMosquitto {
  port: number;
  /** SIGTERM (Mosquitto saves its sessions and queued messages) and wait for the end. */
  stop(): Promise<void>;
  /** Starts it again on the same port and persistence file; answers once it accepts connections. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateMosquitto(): Promise<PrivateMosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  // No auth plugin (mosquitto-go-auth is not packaged in Debian, as in tests/server/mosquitto.test.ts):
  // the portal's own checks still guard the browsers on its /mqtt.
  writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence true', `persistence_location ${dir}/`, 'user root', 'log_dest none', ''].join('\n'),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const ended = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await ended;
  };
  await start();
  return {
    port,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
