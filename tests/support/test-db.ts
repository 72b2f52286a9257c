import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/postgres/database';
import { withDatabase } from '../setup/pg-global-setup';

/** A fresh database cloned from the migrated template, private to one test file. */
export async function createTestDatabase(): Promise<Database & { url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTemplate')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = openDatabase(url, 4);
  return {
    ...database,
    url,
    async drop() {
      await database.close().catch(() => {}); // a test may have ended the pool on purpose
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
