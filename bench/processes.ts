import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

/** A server started in its own process, so load generator and server do not share an event loop. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** Runs a TypeScript entry with tsx and waits until `ready` matches its output. */
export function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  logFile: string,
): Promise<ServerProcess & { startedInMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
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
