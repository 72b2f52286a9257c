// `node scripts/cpu-sample.mjs <out-file> & ... ; kill -TERM %1`: samples every process's CPU once a second
// (Linux /proc) and, when stopped, writes the CPU-s per kind of process (Chromium's renderers, the test
// workers, the e2e portals, PostgreSQL, ...) to <out-file>: where a whole `npm test` spent the machine
// (docs/TESTING.md, "The figures"). A process that lives less than a second is missed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
const HZ = 100;
const seen = new Map(); // pid -> {cat, cpu}
const cat = (pid) => {
  let cmd = '';
  try { cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '); } catch {}
  let comm = '';
  try { comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim(); } catch {}
  if (/chrom/.test(cmd) || /chrom/.test(comm)) return /--type=renderer/.test(cmd) ? 'chromium-renderer' : /--type=gpu/.test(cmd) ? 'chromium-gpu' : /--type=/.test(cmd) ? 'chromium-other' : 'chromium-browser';
  if (/postgres/.test(comm) || /postgres/.test(cmd)) return 'postgres';
  if (/vitest\.mjs run --project e2e/.test(cmd)) return 'vitest-main-e2e';
  if (/vitest\.mjs run/.test(cmd)) return 'vitest-main-unit';
  if (/vitest[\\/]dist[\\/]workers|forks\.js|vitest.*worker/.test(cmd)) return 'vitest-worker';
  if (/e2e-portal-child/.test(cmd)) return 'e2e-portal';
  if (/faults|portal-child|build\/server/.test(cmd)) return 'fault-portals';
  if (/vite build|rolldown|ensure-build|esbuild/.test(cmd)) return 'build';
  if (/node/.test(comm) || /node/.test(cmd)) return 'node-other:' + cmd.slice(0, 60);
  return comm;
};
let initial = true;
const tick = () => {
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    let stat;
    try { stat = readFileSync(`/proc/${p}/stat`, 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12])) / HZ;
    const start = f[19];
    const key = p + ':' + start;
    let e = seen.get(key);
    if (!e) { e = { cat: cat(p), cpu: 0, first: initial ? cpu : 0 }; seen.set(key, e); }
    e.cpu = cpu;
  }
};
tick(); initial = false;
const timer = setInterval(tick, 1000);
const out = process.argv[2] ?? 'test-output/cpu-sample.txt';
const done = () => {
  clearInterval(timer); tick();
  const sums = new Map();
  for (const e of seen.values()) { const k = e.cat.startsWith('node-other') ? e.cat : e.cat; sums.set(k, (sums.get(k) ?? 0) + (e.cpu - e.first)); }
  const rows = [...sums].filter(([, v]) => v > 0.5).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, v]) => s + v, 0);
  writeFileSync(out, rows.map(([k, v]) => `${v.toFixed(1).padStart(8)}  ${k}`).join('\n') + `\n${total.toFixed(1).padStart(8)}  TOTAL\n`);
  process.exit(0);
};
process.on('SIGTERM', done); process.on('SIGINT', done);
