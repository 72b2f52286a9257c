import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/adapters/postgres/database';
import { withDatabase } from '../setup/pg-global-setup';

/**
 * The test of a migration's backfill: a database of its own migrated up to the migration `tag`
 * ('0013'), given to `work` with the rows the test puts there, and `migrateOn` to run the rest of
 * the migrations over them. The database and the copied migrations go afterwards.
 */
export async function beforeMigration(tag: string, work: (database: Database, migrateOn: () => Promise<void>) => Promise<void>): Promise<void> {
  const adminUrl = inject('pgAdminUrl');
  const name = `before_${tag.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  const database = openDatabase(withDatabase(adminUrl, name), 2);
  try {
    // Drizzle runs what its journal lists: the copy's journal stops before `tag`.
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(database.db, { migrationsFolder: folder });
    await work(database, () => migrate(database.db, { migrationsFolder: MIGRATIONS_DIR }));
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
