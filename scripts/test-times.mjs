// Where the suite's time goes: reads Vitest's JSON reports (test-output/vitest-*.json, written by
// every `npm test`) and prints the time per project and the slowest files, with the CPU time their
// tests used in the test worker (tests/setup/cpu-meta.ts).
//
//   node scripts/test-times.mjs [report.json ...] [--top 25] [--save]
//
// --save writes each file's time to tests/file-times.json, the order the workers take files in
// (tests/setup/sequencer.ts): commit it after a change that moves the times a lot.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? null : args.splice(at, name === '--save' ? 1 : 2).at(-1);
};
const save = option('--save') !== null;
const count = Number(option('--top') ?? 25);
const reports = args.length
  ? args
  : existsSync('test-output')
    ? readdirSync('test-output').filter((f) => /^vitest.*\.json$/.test(f)).map((f) => path.join('test-output', f))
    : [];
if (!reports.length) {
  console.error('no JSON report: run npm test first (it writes test-output/vitest-*.json)');
  process.exit(1);
}
const report = { testResults: reports.flatMap((file) => JSON.parse(readFileSync(file, 'utf8')).testResults) };

// The projects of vitest.config.ts, by folder.
const projectOf = (name) => {
  const folder = path.relative(process.cwd(), name).split(path.sep)[1];
  return folder === 'e2e' || folder === 'server' ? folder : 'unit';
};

const files = report.testResults.map((r) => {
  const tests = r.assertionResults;
  const testMs = tests.reduce((sum, t) => sum + (t.duration ?? 0), 0);
  const cpuMs = tests.reduce((sum, t) => sum + (t.meta?.cpuMs ?? 0), 0);
  // A browser test's CPU in its worker's Chromium and portal (tests/support/browser.ts).
  const browserCpuMs = tests.reduce((sum, t) => sum + (t.meta?.browserCpuMs ?? 0), 0);
  const portalCpuMs = tests.reduce((sum, t) => sum + (t.meta?.portalCpuMs ?? 0), 0);
  return {
    name: path.relative(process.cwd(), r.name),
    project: projectOf(r.name),
    start: r.startTime,
    end: r.endTime,
    wallMs: r.endTime - r.startTime,
    tests: tests.length,
    testMs,
    cpuMs,
    browserCpuMs,
    portalCpuMs,
    failed: r.status !== 'passed',
  };
});

const first = Math.min(...files.map((f) => f.start));
const last = Math.max(...files.map((f) => f.end));
const s = (ms) => (ms / 1000).toFixed(1);
const pad = (text, width) => String(text).padStart(width);

console.log(`\nTest time by project (wall time of the run: ${s(last - first)} s from the first file's start to the last file's end)`);
console.log(`${'project'.padEnd(8)} ${pad('files', 6)} ${pad('tests', 6)} ${pad('file s', 8)} ${pad('first', 7)} ${pad('last', 7)}`);
for (const project of ['unit', 'server', 'e2e']) {
  const mine = files.filter((f) => f.project === project);
  if (!mine.length) continue;
  const total = mine.reduce((sum, f) => sum + f.wallMs, 0);
  const tests = mine.reduce((sum, f) => sum + f.tests, 0);
  const from = Math.min(...mine.map((f) => f.start)) - first;
  const to = Math.max(...mine.map((f) => f.end)) - first;
  console.log(`${project.padEnd(8)} ${pad(mine.length, 6)} ${pad(tests, 6)} ${pad(s(total), 8)} ${pad(s(from), 7)} ${pad(s(to), 7)}`);
}
console.log('(file s: the files\' own times summed; first/last: when the project\'s first file started and its last ended, s after the run\'s start)');

console.log(`\nThe ${count} slowest files (cpu: what their tests used in the test worker; chromium and portal: what a browser file's tests cost its worker's Chromium and portal)`);
console.log(`${pad('wall s', 7)} ${pad('cpu s', 6)} ${pad('idle', 5)} ${pad('chromium s', 10)} ${pad('portal s', 8)}  file`);
const orDash = (ms, width) => pad(ms ? s(ms) : '-', width);
for (const f of [...files].sort((a, b) => b.wallMs - a.wallMs).slice(0, count)) {
  const idle = f.testMs > 0 ? Math.max(0, 1 - f.cpuMs / f.testMs) : 0;
  console.log(
    `${pad(s(f.wallMs), 7)} ${pad(s(f.cpuMs), 6)} ${pad(`${Math.round(idle * 100)}%`, 5)} ${orDash(f.browserCpuMs, 10)} ${orDash(f.portalCpuMs, 8)}  ${f.name}${f.failed ? '  (failed)' : ''}`,
  );
}

const browserTests = report.testResults.flatMap((r) =>
  r.assertionResults.filter((t) => t.meta?.browserCpuMs !== undefined).map((t) => ({ file: path.basename(r.name), name: t.title, ...t.meta, wallMs: t.duration ?? 0 })),
);
if (browserTests.length) {
  const chromium = browserTests.reduce((sum, t) => sum + t.browserCpuMs, 0);
  const portal = browserTests.reduce((sum, t) => sum + t.portalCpuMs, 0);
  console.log(`\nThe browser tests cost Chromium ${s(chromium)} CPU-s and their portals ${s(portal)} CPU-s; the ${count} costliest in Chromium:`);
  console.log(`${pad('chromium s', 10)} ${pad('portal s', 8)} ${pad('worker s', 8)} ${pad('wall s', 7)}  test`);
  for (const t of [...browserTests].sort((a, b) => b.browserCpuMs - a.browserCpuMs).slice(0, count)) {
    console.log(`${pad(s(t.browserCpuMs), 10)} ${pad(s(t.portalCpuMs), 8)} ${pad(s(t.cpuMs ?? 0), 8)} ${pad(s(t.wallMs), 7)}  ${t.file}: ${t.name}`);
  }
}

if (save) {
  const known = existsSync('tests/file-times.json') ? JSON.parse(readFileSync('tests/file-times.json', 'utf8')) : {};
  for (const f of files) known[f.name] = Math.round(f.wallMs / 100) / 10;
  const sorted = Object.fromEntries(Object.keys(known).filter((name) => existsSync(name)).sort().map((name) => [name, known[name]]));
  writeFileSync('tests/file-times.json', `${JSON.stringify(sorted, null, 1)}\n`);
  console.log(`\nwrote the times of ${Object.keys(sorted).length} files to tests/file-times.json`);
}
