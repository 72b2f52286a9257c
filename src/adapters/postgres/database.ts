import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import path from 'node:path';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

/**
 * What a repository sends its statements through: the pool (`Db`), or one transaction of it that a
 * unit of work hands to the repositories that write together (pg-unit-of-work.adapter.ts).
 */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** A connection pool to the portal's PostgreSQL database, with drizzle on top. */
export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

/** True for a well-formed UUID: ids come from clients, and a malformed one is "not found", never a database error. */
export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Opens the pool; the caller decides whether to migrate (at start) or not (tests on a migrated template). */
export function openDatabase(url: string, poolSize = 10): Database {
  // A database that cannot be reached ends a call within the browser's 20 s timeout, as a 503
  // (server/unavailable.ts), instead of holding it: a connection is awaited 5 s at most. (No query
  // timeout: migrations and bulk seeds may rightly run longer.)
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server (restart, shutdown) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Applies the drizzle-kit migrations that are not yet applied. */
export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}
