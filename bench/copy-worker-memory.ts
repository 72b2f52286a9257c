import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { CopyJob } from '../src/server/first-screens/copy-job';
import { smallYoungGenerationForWorkers } from '../src/server/first-screens/copy-renderer';
import { SERVER_NODE_FLAGS } from './processes';

// `npm run bench:copy-worker [-- --pages=3000]`: what the render worker of the painted pages
// (ADR 0026) costs the portal's process in memory, and the time a page takes. Each case runs in
// a process of its own with the Node flags `npm start` gives the portal, starts the bundle
// `npm start` runs (build/server/copy-worker.mjs) as copy-renderer.ts does, and reads the
// process's resident memory before, once the worker has loaded React, Chakra and the views, and
// after it has painted many pages in both languages. The baseline, in the same run: the worker
// with the young generation it inherits from the portal's flags, as before the worker had its own.

const pages = Number(process.argv.find((arg) => arg.startsWith('--pages='))?.slice(8) ?? 3000);
const child = process.argv.find((arg) => arg.startsWith('--child='))?.slice(8) as Case | undefined;

type Case = 'inherited' | 'own';
const CASES: Record<Case, string> = {
  inherited: "young generation inherited (the portal's 128 MB semi-spaces)",
  own: 'young generation of its own (16 MB semi-spaces, as copy-renderer.ts starts it)',
};

interface Figures {
  before: number;
  loaded: number;
  loadMs: number;
  after: number;
  medianMs: number;
  p95Ms: number;
}

/** A task page with a picker of twelve machines (a table's rows weigh little next to the shell). */
const options = Array.from({ length: 12 }, (_, i) => ({ orderNumber: `BN-${1000 + i}`, name: `Sheet cutter ${i}`, series: 'G', kind: 'sheet' as const }));
const job: CopyJob = {
  page: 'task',
  languages: ['zh', 'en'],
  path: '/index/task',
  at: '/index/task',
  parts: ['task-machines'],
  script: '',
  brand: {},
  user: { UserId: 'bench', RealName: 'Bench' },
  model: { status: 'ready', error: '', options, selected: { ...options[0]!, ref: { orderNumber: options[0]!.orderNumber, kind: 'sheet' } } },
  tables: [],
};

const rss = () => {
  global.gc?.();
  return process.memoryUsage().rss;
};

async function measure(which: Case): Promise<Figures> {
  const before = rss();
  if (which === 'own') smallYoungGenerationForWorkers();
  const worker = new Worker(new URL('../build/server/copy-worker.mjs', import.meta.url), { env: { ...process.env, NODE_ENV: 'production' } });
  const answers = new Map<number, () => void>();
  let ready!: () => void;
  const loaded = new Promise<void>((resolve) => (ready = resolve));
  worker.on('message', (message: { id?: number; ready?: boolean; error?: string }) => {
    if (message.ready) return ready();
    if (message.error) throw new Error(message.error);
    answers.get(message.id!)?.();
  });
  const paint = (id: number) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      answers.set(id, () => resolve(performance.now() - started));
      worker.postMessage({ id, job });
    });
  const startedAt = performance.now();
  await loaded;
  await paint(0);
  const loadMs = performance.now() - startedAt;
  const afterLoad = rss();
  const times: number[] = [];
  for (let id = 1; id <= pages; id++) times.push(await paint(id));
  const after = rss();
  await worker.terminate();
  times.sort((a, b) => a - b);
  return { before, loaded: afterLoad, loadMs, after, medianMs: times[times.length >> 1]!, p95Ms: times[Math.floor(times.length * 0.95)]! };
}

function inOwnProcess(which: Case): Figures {
  const flags = [...SERVER_NODE_FLAGS, '--expose-gc', '--import', 'tsx'];
  const out = execFileSync(process.execPath, [...flags, 'bench/copy-worker-memory.ts', `--child=${which}`, `--pages=${pages}`], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function main(): Promise<void> {
  if (child) {
    console.log(JSON.stringify(await measure(child)));
    return;
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  console.log(`node ${process.version}, flags ${SERVER_NODE_FLAGS.join(' ')}; ${pages} pages, each in zh and en`);
  console.log('| worker | process before | worker loaded | after the pages | load | a page (median, p95) |');
  console.log('|---|---|---|---|---|---|');
  for (const which of ['inherited', 'own'] as const) {
    const f = inOwnProcess(which);
    console.log(
      `| ${CASES[which]} | ${mb(f.before)} | ${mb(f.loaded)} (+${mb(f.loaded - f.before)}) | ${mb(f.after)} (+${mb(f.after - f.before)}) | ${f.loadMs.toFixed(0)} ms | ${f.medianMs.toFixed(1)} ms, ${f.p95Ms.toFixed(1)} ms |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
