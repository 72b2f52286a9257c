// `npm test`: every test, in two Vitest processes side by side. The browser tests (project e2e)
// mostly wait on Chromium and their portals, the unit and server tests keep a core busy each: run
// one after the other, the cores sat idle through the browser tests (docs/TESTING.md). Each process
// writes its JSON report to test-output/, and scripts/test-times.mjs says where the time went.
//
// With arguments it is one plain `vitest run <arguments>`: `npm test -- tests/server/fuzz.test.ts`.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const VITEST = path.resolve('node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

/** Runs a command; its output goes to ours, each line behind `prefix` when given. */
function run(command, commandArgs, prefix = '', env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(prefix && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`${prefix}${line}\n`);
        });
        from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (args.length) {
  process.exit(await run(process.execPath, [VITEST, 'run', ...args]));
}

mkdirSync('test-output', { recursive: true });
for (const old of readdirSync('test-output').filter((f) => /^vitest.*\.json$/.test(f))) rmSync(path.join('test-output', old));

const started = Date.now();
const busyBefore = machineBusySeconds();
const codes = await Promise.all([
  run(process.execPath, [VITEST, 'run', '--project', 'unit', '--project', 'unit-isolated', '--project', 'server'], '[unit+server] ', {
    TEST_REPORT: 'test-output/vitest-unit-server.json',
  }),
  // One browser worker a core, each with its own portal, PostgreSQL and Chromium: a third worker
  // (cores + 1) gained nothing where the machine is fast (788 s against 792) and, where it is
  // slow, its extra portal and browser only added to what every test waits its turn behind.
  run(process.execPath, [VITEST, 'run', '--project', 'e2e'], '[e2e] ', {
    TEST_REPORT: 'test-output/vitest-e2e.json',
    TEST_WORKERS: process.env.E2E_WORKERS ?? String(Math.max(2, availableParallelism())),
  }),
]);
const wall = (Date.now() - started) / 1000;
await run(process.execPath, ['scripts/test-times.mjs']);
const busyAfter = machineBusySeconds();
const cpu = busyBefore === null || busyAfter === null ? null : busyAfter - busyBefore;
const cores = availableParallelism();
console.log(
  `\nnpm test: ${wall.toFixed(0)} s (unit+server ${codes[0] === 0 ? 'passed' : 'FAILED'}, e2e ${codes[1] === 0 ? 'passed' : 'FAILED'})` +
    (cpu === null ? '' : `; the machine busy ${cpu.toFixed(0)} CPU-s of the ${(wall * cores).toFixed(0)} its ${cores} cores had (${Math.round((100 * cpu) / (wall * cores))}%)`),
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

/**
 * The machine's busy CPU time so far (Linux's /proc/stat), or null. The whole machine's, not this
 * process's children's: Chromium's renderers are not children that a parent waits for, and they
 * are half of the suite's work (docs/TESTING.md).
 */
function machineBusySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // In clock ticks of 1/100 s.
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}
