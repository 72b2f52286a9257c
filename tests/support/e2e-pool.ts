import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { E2eFile } from './e2e-needs';

// Runs in Vitest's main process (tests/setup/e2e-global-setup.ts). Each test worker's e2e files
// share one portal, started when the worker's first e2e file asks for it: `GET /worker/<VITEST_POOL_ID>`.
// A file's accounts are made on its worker's portal when it asks,
// `GET /worker/<VITEST_POOL_ID>/accounts/<file>`, and its live machines stop when it is done,
// `GET /worker/<VITEST_POOL_ID>/release/<file>`. Two workers never share a portal, so e2e files
// run in parallel with each other and with the unit and server files. Each worker launches its
// Chromium itself (tests/support/browser.ts).

/** What a test worker gets: its portal. */
export interface E2eWorkerPortal {
  url: string;
  /** The portal's process (its PostgreSQL is a child of it), whose CPU each test reports (tests/setup/e2e-cpu-meta.ts). */
  pid: number;
}

/** The processes whose CPU a browser test reports: its worker's portal and Chromium. */
export interface E2eWorkerPids {
  portal: number;
  browser: number;
}

/** What a test worker's portal child is asked over IPC (e2e-portal-child.ts), and what it answers. */
export interface PortalQuestion {
  ask: 'accounts' | 'release' | 'check-maintenance' | 'fail';
  file: E2eFile;
}
export type PortalAnswer = (PortalQuestion & { value: unknown }) | (PortalQuestion & { error: string });

interface Worker {
  portal: Promise<{ child: ChildProcess; url: string }>;
}

export async function startE2ePool(): Promise<{ url: string; stop(): Promise<void> }> {
  const workers = new Map<string, Worker>();
  let built: Promise<void> | null = null;
  // Built once, in a child process: the main process keeps serving the workers meanwhile.
  const build = () => (built ??= run(process.execPath, ['scripts/ensure-build.mjs']));
  // At once: the first file's portal waits for it (its failure is the first worker's to report).
  build().catch(() => {});

  const startPortal = async () => {
    await build();
    const child = fork('tests/support/e2e-portal-child.ts', { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const said = await new Promise<{ url: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { url: string }));
      child.once('exit', (code) => reject(new Error(`the e2e portal exited (${code}) before it was ready`)));
    });
    return { child, ...said };
  };
  /** Asks the worker's portal child about a file, and answers what it says back to that question. */
  const ask = (child: ChildProcess, question: PortalQuestion) =>
    new Promise<unknown>((resolve, reject) => {
      const answered = (m: PortalAnswer) => {
        if (m?.ask !== question.ask || m.file !== question.file) return;
        child.off('message', answered);
        if ('error' in m) reject(new Error(m.error));
        else resolve(m.value);
      };
      child.on('message', answered);
      child.send(question);
    });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const [, id, verb, file] = /^\/worker\/(\d+)(?:\/(accounts|release|check-maintenance|fail)\/([\w-]+))?$/.exec(req.url ?? '') ?? [];
    if (!id) return void res.writeHead(404).end();
    try {
      let worker = workers.get(id);
      if (!worker) workers.set(id, (worker = { portal: startPortal() }));
      if (verb) {
        // A file's accounts (made once: the child keeps what it made), the end of its live machines, a maintenance check, or a failure of its first live machine.
        const value = await ask((await worker.portal).child, { ask: verb as PortalQuestion['ask'], file: file as E2eFile });
        return void (value === undefined ? res.writeHead(204).end() : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value)));
      }
      const portal = await worker.portal;
      const body: E2eWorkerPortal = { url: portal.url, pid: portal.child.pid ?? 0 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).stack ?? error));
    }
  };

  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.close();
      await Promise.all(
        [...workers.values()].map(async (worker) => {
          const portal = await worker.portal.catch(() => null);
          if (!portal || portal.child.exitCode !== null) return;
          const exited = new Promise((resolve) => portal.child.once('exit', resolve));
          portal.child.send('stop');
          await exited;
        }),
      );
    },
  };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
