import pg from 'pg';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster, type EmbeddedCluster } from '../../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../../src/adapters/postgres/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run: the machine's own through DATABASE_URL (CI), or an embedded
 * cluster. A migrated template database is made once; each test file clones it (tests/support/test-db).
 */
export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startEmbeddedCluster({ dir: path.resolve('.tmp/test-pg'), ephemeral: true });
    adminUrl = cluster.url('postgres');
  }
  // One name per run: runs that share a server (two checkouts, CI's second pass) never touch each other's databases.
  const template = `portal_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openDatabase(withDatabase(adminUrl, template), 2);
  await migrateDatabase(database);
  await database.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template}\\_%`, template],
    );
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await cluster?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
