import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A server started in its own process, so load generator and server do not share an event loop. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

const SERVER_ENTRY = 'src/server/server.ts';
/** What `npm start` runs: the bundle of SERVER_ENTRY (scripts/build-server.mjs). */
const START_ENTRY = 'build/server/server.mjs';

/**
 * The Node flags `npm start` gives the server (package.json), so that the benches measure the
 * portal as it runs: the young generation's size (ADR 0009) changes its latency under load.
 */
export const SERVER_NODE_FLAGS: readonly string[] = (() => {
  const start: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const flags = start.match(new RegExp(`\\bnode ((?:--\\S+ )*)${START_ENTRY}`));
  if (!flags) throw new Error(`package.json's start script no longer runs node ... ${START_ENTRY}`);
  return flags[1].split(' ').filter(Boolean);
})();

/**
 * Runs a TypeScript entry with tsx and waits until `ready` matches its output. The server runs
 * with `SERVER_NODE_FLAGS`, anything else with `nodeFlags`; BENCH_NODE_ARGS adds flags to every
 * process started (to look inside: `BENCH_NODE_ARGS=--trace-gc`).
 */
export function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  logFile: string,
  nodeFlags: readonly string[] = entry === SERVER_ENTRY ? SERVER_NODE_FLAGS : [],
): Promise<ServerProcess & { startedInMs: number }> {
  const started = performance.now();
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeFlags, ...extra, '--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      seen += chunk.toString();
      const match = seen.match(ready);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (c) => log.write(c));
        resolve({
          child,
          port: Number(match[1]),
          startedInMs: performance.now() - started,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => {
                log.end();
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c) => log.write(c));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before it was ready; see ${logFile}`)));
  });
}

/** A loopback port free right now (for servers that must come back on the same port). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = (server.address() as { port: number });
      server.close(() => resolve(port));
    });
  });
}

/**
 * A portal for a bench, on a database the bench seeded: no demo data, no simulator, no broker
 * unless `env` gives `MQTT_PORT`, rate limits out of the way of the load, every call logged as in
 * production. Waits for its readiness line.
 */
export async function startBenchPortal(databaseUrl: string, dataDir: string, logFile: string, env: Record<string, string> = {}): Promise<ServerProcess & { startedInMs: number }> {
  const port = await freePort();
  return startProcess(
    SERVER_ENTRY,
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: 'off', SEED_DEMO: 'false', SIMULATOR: 'off', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '100000', ...env },
    /portal ready at http:\/\/localhost:(\d+)/,
    logFile,
  );
}
