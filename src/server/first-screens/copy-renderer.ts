import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { CopyJob } from './copy-job';

/** A page with nothing of anyone's: the task page of a caller without machines. */
const WARM_UP: CopyJob = {
  page: 'task',
  languages: ['zh', 'en'],
  path: '/index/task',
  at: '/index/task',
  parts: [],
  script: '',
  brand: {},
  user: { UserId: '' },
  model: { status: 'empty', error: '', options: [], selected: null },
  tables: [],
};

/** The copies kept (some 50 to 100 kB each): the pages of the people using the portal lately. */
const KEPT_COPIES = 64;
/** How long a copy may take to render before the page goes without it. */
const RENDER_TIMEOUT_MS = 5_000;
/** The same while the worker is still loading React, Chakra and the views (seconds, more on a busy host or from the sources). */
const START_TIMEOUT_MS = 60_000;

/**
 * Renders the pages painted with the caller's data (ADR 0026) in a worker thread
 * (copy-worker.tsx): React and Chakra's server rendering, some tens of milliseconds a page, never
 * hold the portal's event loop, and run React's production build whatever NODE_ENV the portal has.
 * One worker, started on the first page and again after it fails; a job it does not answer in
 * time is given up (the page is then sent without its copy).
 */
export class CopyRenderer {
  private worker: Worker | null = null;
  /** The worker has loaded what it renders with. */
  private ready = false;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (fragment: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  /** Fragments by their job's digest, the latest used last. */
  private readonly kept = new Map<string, Promise<string>>();

  /**
   * The fragment of a job, from the copies kept when the same job was rendered lately: a copy is a
   * function of its job alone (the caller's data, names and languages are in it), and a page
   * loaded again unchanged (a refresh, the fleet after a machine's page) cost the worker 50 ms
   * again each time (`npm run bench:companies` with `--cpu-prof`: Chakra's styles, most of it).
   * Jobs under way are shared too; a job that fails is not kept.
   */
  render(job: CopyJob): Promise<string> {
    const key = createHash('sha256').update(JSON.stringify(job)).digest('base64url');
    const known = this.kept.get(key);
    if (known) {
      // The latest used go last: the first is the one to drop.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const rendering = this.rendered(job);
    this.kept.set(key, rendering);
    if (this.kept.size > KEPT_COPIES) this.kept.delete(this.kept.keys().next().value!);
    rendering.catch(() => {
      if (this.kept.get(key) === rendering) this.kept.delete(key);
    });
    return rendering;
  }

  private rendered(job: CopyJob): Promise<string> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timeout = this.ready ? RENDER_TIMEOUT_MS : START_TIMEOUT_MS;
      const timer = setTimeout(() => this.settle(id, new Error(`the copy took over ${timeout} ms`)), timeout);
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, job });
    });
  }

  /** Starts the worker and has it paint a page once, so that the first caller's page does not wait for React and Chakra to load. */
  warmUp(): void {
    this.render(WARM_UP).catch(() => {});
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    if (worker) await worker.terminate();
  }

  private settle(id: number, outcome: string | Error): void {
    const job = this.waiting.get(id);
    if (!job) return;
    this.waiting.delete(id);
    clearTimeout(job.timer);
    if (typeof outcome === 'string') job.resolve(outcome);
    else job.reject(outcome);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('message', ({ id, fragment, error, ready }: { id: number; fragment?: string; error?: string; ready?: boolean }) => {
      if (ready) this.ready = true;
      else this.settle(id, fragment ?? new Error(error ?? 'no copy'));
    });
    const failed = (error: Error) => {
      if (this.worker === worker) {
        this.worker = null;
        this.ready = false;
      }
      for (const id of [...this.waiting.keys()]) this.settle(id, error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the copy renderer stopped (${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** The render worker's young generation, MB per semi-space: V8's own default on 64-bit hosts. */
const WORKER_SEMI_SPACE_MB = 16;

/**
 * Gives the isolates made from now on (the render worker's) V8's default young generation. `npm
 * start` runs the portal with `--max-semi-space-size=128` for the broker's garbage (ADR 0009);
 * V8's flags are the process's, every worker's isolate takes them too, and a worker's
 * `resourceLimits` does not override a flag set on the command line: the render worker's young
 * generation grew to some 270 MB of the process's memory, where renders whose garbage dies young
 * need no more than the default (`npm run bench:copy-worker`). V8 reads the flag when it makes an isolate's heap, so the
 * main thread's heap, made at the start, keeps its own.
 */
export function smallYoungGenerationForWorkers(): void {
  setFlagsFromString(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
}

/**
 * The worker: the bundle's own file next to the server's bundle (scripts/build-server.mjs), or
 * the source through tsx where the portal runs from its sources (tests, `npm run dev`).
 */
function startWorker(): Worker {
  const env = { ...process.env, NODE_ENV: 'production' };
  smallYoungGenerationForWorkers();
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./copy-worker.mjs', import.meta.url), { env });
  const source = new URL('./copy-worker.tsx', import.meta.url).href;
  // tsx's ESM entry ("tsx/esm/api" for import); resolving the name here would give its CommonJS one.
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { eval: true, env });
}
