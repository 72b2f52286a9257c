import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STATEMENTS_DIR } from '../setup/sql-record';
import { createTestDatabase } from '../support/test-db';

// The store run (.ci/run, docs/TESTING.md): every statement the server tests sent to the embedded
// PostgreSQL (recorded by tests/setup/sql-record.ts) is parsed and planned by the PostgreSQL at
// DATABASE_URL, on a database migrated by its own run of the migrations. A statement that only
// the embedded server's version understands (a function, a syntax, a cast) fails here.

/** Statements a server plans (PREPARE takes them); the others are migrations, transactions and settings. */
const PLANNED = /^\s*(?:--[^\n]*\n\s*)*\(?\s*(select|insert|update|delete|with|values|merge)\b/i;

function recorded(): string[] {
  if (!existsSync(STATEMENTS_DIR)) return [];
  const all = new Set<string>();
  for (const file of readdirSync(STATEMENTS_DIR)) {
    for (const line of readFileSync(path.join(STATEMENTS_DIR, file), 'utf8').split('\n')) if (line) all.add(JSON.parse(line) as string);
  }
  return [...all];
}

const database = await createTestDatabase();
afterAll(() => database.drop());

describe("the server tests' statements on this PostgreSQL", () => {
  const statements = recorded().filter((text) => PLANNED.test(text));

  it('has the statements of a server run to check', () => {
    expect(statements.length, `no statements in ${STATEMENTS_DIR}: run the server tests first (npm test records them)`).toBeGreaterThan(100);
  });

  it('parses and plans every one of them', async () => {
    const client = await database.pool.connect();
    const refused: string[] = [];
    try {
      const { rows } = await client.query<{ server_version: string }>('show server_version');
      console.log(`${statements.length} statements on PostgreSQL ${rows[0].server_version}`);
      for (const [i, text] of statements.entries()) {
        try {
          await client.query(`prepare checked_${i} as ${text}`);
          await client.query(`deallocate checked_${i}`);
        } catch (error) {
          // A table the migrations do not make is a test's own (fuzz.test.ts counts writes in one).
          if ((error as { code?: string }).code === '42P01') continue;
          refused.push(`${(error as Error).message}\n    ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
        }
      }
    } finally {
      client.release();
    }
    expect(refused, refused.join('\n')).toEqual([]);
  }, 120_000);
});
