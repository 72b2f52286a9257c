import { afterAll, describe, expect, it } from 'vitest';
import { PgStaffRoles } from '../../src/adapters/postgres/pg-staff-roles.adapter';
import { StaffAccountsService } from '../../src/server/services/staff-accounts.service';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 19: the login result's Is{product}User, the review verdict by mail, staff accounts by command only.

const portal: TestPortal = await createTestPortal({ RATE_LIMIT_SCALE: '1000', BRAND_NAME: 'Laser' });
afterAll(() => portal.close());

const staffAccounts = () => {
  const db = portal.services.database.db;
  return new StaffAccountsService(portal.services.users, new PgStaffRoles(db), portal.services.unitOfWork, portal.services.hasher, portal.clock);
};

describe('the login result names the staff flag as spec 3 does', () => {
  it('IsLaserUser is 1 for staff and 0 for a customer, beside IsStaff', async () => {
    const staff = await portal.call('Login/UserLogin', { Account: 'staff@example.com', Password: 'staff1234' });
    expect(staff.body.ReturnData).toMatchObject({ IsLaserUser: 1, IsStaff: 1 });
    const customer = await portal.call('Login/UserLogin', { Account: 'demo@example.com', Password: 'demo1234' });
    expect(customer.body.ReturnData).toMatchObject({ IsLaserUser: 0, IsStaff: 0 });
  });
});

describe('approving or rejecting a registration that waits for review', () => {
  const register = (email: string) =>
    portal.call('User/SaveEmailErrorUser', {
      Account: email, RealName: 'Wang Fang', Mobile: '', Email: email, FullPathId: '44-370000', FullPathName: '中国/山东省',
      Address: '2 Industrial Road', Password: 'secret-pass', IsDomestic: '0', CreateOrigin: '0',
    });

  it('the customer gets a mail with the verdict, and an approved one logs in', async () => {
    const staff = await portal.login('staff@example.com', 'staff1234');
    await register('approve-me@example.com');
    await register('reject-me@example.com');
    expect((await portal.call('Login/UserLogin', { Account: 'approve-me@example.com', Password: 'secret-pass' })).body.code).toBe(403);
    const pending = (await portal.call('User/GetReviewUsers', {}, staff.token)).body.ReturnData as { Account: string; UserId: string }[];
    const idOf = (account: string) => pending.find((u) => u.Account === account)!.UserId;
    expect((await portal.call('User/ReviewUser', { TargetUserId: idOf('approve-me@example.com'), Approve: true }, staff.token)).body.code).toBe(200);
    expect((await portal.call('User/ReviewUser', { TargetUserId: idOf('reject-me@example.com'), Approve: false }, staff.token)).body.code).toBe(200);
    const mail = portal.services.outbox.list();
    expect(mail.find((m) => m.to === 'approve-me@example.com')?.text).toMatch(/approved/);
    expect(mail.find((m) => m.to === 'reject-me@example.com')?.text).toMatch(/not approved/);
    expect((await portal.call('Login/UserLogin', { Account: 'approve-me@example.com', Password: 'secret-pass' })).body.code).toBe(200);
  });
});

describe('staff accounts are made and removed by the command, never by registration', () => {
  it('add creates a staff account with a password shown once; it reaches staff calls', async () => {
    const change = await staffAccounts().add('New.Staff@Example.com');
    expect(change.kind).toBe('created');
    const password = (change as { password: string }).password;
    const { token } = await portal.login('new.staff@example.com', password);
    expect((await portal.call('Staff/GetAuditLog', {}, token)).body.code).toBe(200);
    expect(await staffAccounts().add('new.staff@example.com')).toMatchObject({ kind: 'already-staff' });
  });

  it('remove takes the role and ends the sessions; the account stays a customer', async () => {
    await staffAccounts().add('leaving@example.com', 'leaving-pass-1');
    const { token } = await portal.login('leaving@example.com', 'leaving-pass-1');
    expect(await staffAccounts().remove('leaving@example.com')).toMatchObject({ kind: 'removed' });
    expect((await portal.call('Staff/GetAuditLog', {}, token)).status).toBe(401);
    const again = await portal.login('leaving@example.com', 'leaving-pass-1');
    expect((await portal.call('Staff/GetAuditLog', {}, again.token)).status).toBe(403);
    expect(await staffAccounts().remove('leaving@example.com')).toMatchObject({ kind: 'not-staff' });
    expect(await staffAccounts().remove('nobody@example.com')).toMatchObject({ kind: 'unknown' });
  });

  it('keeps the role and the sessions together when the sessions cannot be ended (ADR 0027)', async () => {
    await staffAccounts().add('stays-staff@example.com', 'stays-staff-pass');
    const { token } = await portal.login('stays-staff@example.com', 'stays-staff-pass');
    const pool = portal.services.database.pool;
    await pool.query(`create function staff_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'the second write fails (staff.test.ts)'; end $$`);
    await pool.query(`create trigger staff_test_refuse before update on sessions for each row when (new.revoked_at is not null) execute function staff_test_refuse()`);
    try {
      await expect(staffAccounts().remove('stays-staff@example.com')).rejects.toThrow();
    } finally {
      await pool.query('drop trigger staff_test_refuse on sessions');
      await pool.query('drop function staff_test_refuse()');
    }
    // The role's removal, written first, was rolled back with the sessions' end.
    expect((await portal.call('Staff/GetAuditLog', {}, token)).status).toBe(200);
    expect(await staffAccounts().list()).toContain('stays-staff@example.com');
  });

  it('add gives the role to an existing customer; a registration never makes staff', async () => {
    expect(await staffAccounts().add('demo@example.com')).toMatchObject({ kind: 'promoted' });
    expect((await staffAccounts().list())).toContain('demo@example.com');
    await staffAccounts().remove('demo@example.com');
    expect((await staffAccounts().list())).not.toContain('demo@example.com');
    expect(await staffAccounts().add('not an email')).toMatchObject({ kind: 'bad-email' });
  });
});
