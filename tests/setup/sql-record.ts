import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';

// Every statement the server tests send to PostgreSQL, once each, written to
// test-output/sql-statements/: the store run parses and plans them all on the machine's own
// PostgreSQL (tests/store/statements.test.ts), so a statement that only the embedded server's
// version understands fails there without the whole server project running twice.

export const STATEMENTS_DIR = path.resolve('test-output/sql-statements');

interface Recorder {
  seen: Set<string>;
  fresh: string[];
}
const global = globalThis as { __sqlRecorder?: Recorder };

// Once per worker process: with isolate: false, this file runs again before each test file.
if (!global.__sqlRecorder) {
  const recorder: Recorder = (global.__sqlRecorder = { seen: new Set(), fresh: [] });
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string' && !recorder.seen.has(text)) {
      recorder.seen.add(text);
      recorder.fresh.push(text);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

afterAll(() => {
  const recorder = global.__sqlRecorder!;
  if (!recorder.fresh.length) return;
  mkdirSync(STATEMENTS_DIR, { recursive: true });
  // One JSON string a line: statements span lines.
  appendFileSync(path.join(STATEMENTS_DIR, `${process.pid}.jsonl`), recorder.fresh.map((text) => `${JSON.stringify(text)}\n`).join(''));
  recorder.fresh = [];
});
