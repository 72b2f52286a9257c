import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../../src/adapters/postgres/database';
import { createCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';
import { withDatabase } from '../setup/pg-global-setup';

// Issue 37 step 1 (ADR 0030): every user has a company of their own whose id is their user id,
// and the caller's company and role come with the session lookup.
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal.close());

describe('a company of one', () => {
  it('is made with each new user, with them as owner, and is the caller\u2019s company at login', async () => {
    const customer = await createCustomer(portal, 'company-own');
    const { rows } = await portal.services.database.pool.query('select company_id, role from company_members where user_id = $1', [customer.userId]);
    expect(rows).toEqual([{ company_id: customer.userId, role: 'owner' }]);
    const caller = await portal.services.sessions.authenticate(customer.token);
    expect(caller).toMatchObject({ userId: customer.userId, companyId: customer.userId, role: 'owner' });
  });

  it('loses its role at the next call when the membership ends', async () => {
    const customer = await createCustomer(portal, 'company-gone');
    await portal.services.database.pool.query('delete from company_members where user_id = $1', [customer.userId]);
    expect(await portal.services.sessions.authenticate(customer.token)).toMatchObject({ companyId: customer.userId, role: null });
  });

  it('works in the company its session names, with the role it has there', async () => {
    const owner = await createCustomer(portal, 'company-host');
    const member = await createCustomer(portal, 'company-member');
    const { pool } = portal.services.database;
    await pool.query(`insert into company_members (company_id, user_id, role) values ($1, $2, 'engineer')`, [owner.userId, member.userId]);
    await pool.query('update sessions set company_id = $1 where user_id = $2', [owner.userId, member.userId]);
    expect(await portal.services.sessions.authenticate(member.token)).toMatchObject({ userId: member.userId, companyId: owner.userId, role: 'engineer' });
  });
});

describe('migration 0013', () => {
  it('gives every existing user a company of their own and keeps every row and id of theirs', async () => {
    // A database migrated to 0012 with a customer and a bound machine, then migrated on.
    const adminUrl = inject('pgAdminUrl');
    const name = `companies_migration_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    const database = openDatabase(withDatabase(adminUrl, name), 2);
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      rmSync(path.join(folder, '0013_companies.sql'));
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0013');
      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(database.db, { migrationsFolder: folder });
      const { pool } = database;
      const users = await pool.query<{ id: string }>(
        `insert into users (account, password_hash) values ('old-owner-1', 'x'), ('old-owner-2', 'x') returning id`,
      );
      const [a, b] = users.rows.map((r) => r.id);
      const machine = await pool.query<{ id: number }>(
        `insert into machines (order_number, name, series_name, kind, owner_id, bound_at) values ('G-OLD-1', 'G3015 old', 'G3015', 'sheet', $1, now()) returning id`,
        [a],
      );
      await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
      const members = await pool.query('select company_id, user_id, role from company_members order by user_id');
      expect(members.rows).toEqual([a, b].sort().map((id) => ({ company_id: id, user_id: id, role: 'owner' })));
      const kept = await pool.query('select id, owner_id from machines');
      expect(kept.rows).toEqual([{ id: machine.rows[0]!.id, owner_id: a }]);
      // And the trigger carries it on for users made after the migration.
      const later = await pool.query<{ id: string }>(`insert into users (account, password_hash) values ('new-owner', 'x') returning id`);
      const own = await pool.query('select id from companies where id = $1', [later.rows[0]!.id]);
      expect(own.rowCount).toBe(1);
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
