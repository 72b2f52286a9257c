// `npm run test:mutations`: makes four mistakes a change could make, one at a time, and checks
// that the tests which guard against each turn red (issue 33: the suite made faster still fails on
// them). Each mutation is undone whatever happens; the run fails if a mutation leaves its tests green
// or if its text is no longer in the source (then this list needs the new line).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MUTATIONS = [
  {
    what: 'an ownership check removed in a service (a plan added to another customer\'s machine)',
    file: 'src/server/services/maintenance.service.ts',
    from: "if (!machine || machine.ownerId !== userId) return refuse('notYourMachine');",
    to: "if (!machine) return refuse('notYourMachine');",
    tests: ['tests/server/maintenance.test.ts'],
  },
  {
    what: "a machine's guard broken (the e-mail change takes any address)",
    file: 'src/domain/accounts/email-change.machine.ts',
    from: 'isEmailInvalid: ({ context }) => emailProblemOf(context.email) !== null,',
    to: 'isEmailInvalid: ({ context }) => emailProblemOf(context.email) === "never",',
    tests: ['tests/domain/accounts/email-change.machine.test.ts'],
  },
  {
    what: "the article HTML sanitiser dropped (stored as sent)",
    file: 'src/server/services/knowledge/html-sanitiser.ts',
    from: 'return sanitizeHtml(html, OPTIONS).trim();',
    to: 'return html.trim();',
    tests: ['tests/server/knowledge-sanitising.test.ts'],
  },
  {
    what: 'the unit of work without its transaction (a work order kept while its count failed)',
    file: 'src/adapters/postgres/pg-unit-of-work.adapter.ts',
    from: 'return this.db.transaction((tx) => work(transactionStores(tx)));',
    to: 'return work(transactionStores(this.db));',
    tests: ['tests/server/repair.test.ts'],
  },
];

const VITEST = path.resolve('node_modules/vitest/vitest.mjs');
let wrong = 0;
for (const m of MUTATIONS) {
  const original = readFileSync(m.file, 'utf8');
  if (!original.includes(m.from)) {
    console.log(`MISSING  ${m.what}: "${m.from}" is no longer in ${m.file}`);
    wrong++;
    continue;
  }
  writeFileSync(m.file, original.replace(m.from, m.to));
  let run;
  try {
    run = spawnSync(process.execPath, [VITEST, 'run', ...m.tests], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  } finally {
    writeFileSync(m.file, original);
  }
  const out = run.stdout.replace(/\x1b\[[0-9;]*m/g, '');
  const failed = /Tests\s+(\d+) failed/.exec(out)?.[1];
  if (run.status !== 0 && failed) console.log(`red      ${m.what}: ${failed} failing in ${m.tests.join(', ')}`);
  else {
    console.log(`GREEN    ${m.what}: ${m.tests.join(', ')} still pass (exit ${run.status})\n${out.slice(-2000)}${run.stderr.slice(-2000)}`);
    wrong++;
  }
}
process.exit(wrong ? 1 : 0);
