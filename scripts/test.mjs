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
const codes = await Promise.all([
  run(process.execPath, [VITEST, 'run', '--project', 'unit', '--project', 'unit-isolated', '--project', 'server'], '[unit+server] ', {
    TEST_REPORT: 'test-output/vitest-unit-server.json',
  }),
  // A browser test's worker mostly waits: more of them than cores (TEST_WORKERS in vitest.config.ts).
  run(process.execPath, [VITEST, 'run', '--project', 'e2e'], '[e2e] ', {
    TEST_REPORT: 'test-output/vitest-e2e.json',
    TEST_WORKERS: process.env.E2E_WORKERS ?? String(Math.max(3, availableParallelism() + 1)),
  }),
]);
const wall = (Date.now() - started) / 1000;
await run(process.execPath, ['scripts/test-times.mjs']);
const cpu = childrenCpuSeconds();
const cores = availableParallelism();
console.log(
  `\nnpm test: ${wall.toFixed(0)} s (unit+server ${codes[0] === 0 ? 'passed' : 'FAILED'}, e2e ${codes[1] === 0 ? 'passed' : 'FAILED'})` +
    (cpu === null ? '' : `; CPU ${cpu.toFixed(0)} s of the ${(wall * cores).toFixed(0)} s its ${cores} cores had (${Math.round((100 * cpu) / (wall * cores))}%)`),
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

/** The CPU time of the processes this one started and waited for, with theirs (Linux's /proc), or null. */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from field 3 here, in clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
