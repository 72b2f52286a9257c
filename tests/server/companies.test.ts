import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewMachine, createCustomer, memberOf as joinAs, type TestCustomer } from '../support/customers';
import { beforeMigration } from '../support/migrated-before';
import { createTestPortal, type TestPortal } from '../support/test-portal';

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

describe("a company's members", () => {
  const memberOf = (company: TestCustomer, role: string, tag: string) => joinAs(portal, company, role, tag);
  const order = async (orderNumber: string, who: TestCustomer) => ({
    ComponentId: (await portal.call('Component/GetList', { lang: 'en' }, who.token)).body.ReturnData[0].Id,
    OrderNumber: orderNumber,
    Phone: '+86 531 8888 0000',
    Email: 'engineer@factory.cn',
    Company: 'Jinan Sheet Metal Co.',
    UserName: 'Engineer',
    ProvinceName: '山东省',
    Province: '370000',
    CityName: '济南市',
    City: '370100',
    sparePart: '',
    Content: 'Alarm E101 on the second shift',
  });

  it("see the company's machines and work on them as their role allows; another company sees none of it", async () => {
    const owner = await createCustomer(portal, 'company-a');
    const stranger = await createCustomer(portal, 'company-b');
    const machine = await bindNewMachine(portal, owner, 'G', 'G3015 Shared Line');
    const viewer = await memberOf(owner, 'viewer', 'company-a-viewer');
    const engineer = await memberOf(owner, 'engineer', 'company-a-engineer');
    const fleet = async (who: TestCustomer) => ((await portal.call('Machine/GetMyMachine', {}, who.token)).body.ReturnData ?? []).map((m: { ordernumber: string }) => m.ordernumber);
    expect(await fleet(viewer)).toEqual([machine]);
    expect(await fleet(engineer)).toEqual([machine]);
    expect(await fleet(stranger)).toEqual([]);

    const refused = await portal.call('CSSAPI/SaveWorkOrder', await order(machine, viewer), viewer.token);
    expect(refused.body).toMatchObject({ code: 403, info: 'Your role in this company does not allow this' });
    const raised = await portal.call('CSSAPI/SaveWorkOrder', await order(machine, engineer), engineer.token);
    expect(raised.body.code, raised.body.info).toBe(200);
    const eventNum = raised.body.ReturnData.data as string;
    const listed = await portal.call('CSSAPI/QueryWorkOrders', { EventNum: eventNum, PrevPageNums: 0, TopNums: 10 }, owner.token);
    expect(listed.body.ReturnCount).toBe(1);
    const theirs = await portal.call('CSSAPI/QueryWorkOrders', { EventNum: eventNum, PrevPageNums: 0, TopNums: 10 }, stranger.token);
    expect(theirs.body.ReturnCount ?? 0).toBe(0);
    expect((await portal.call('CSSAPI/SaveWorkOrder', await order(machine, stranger), stranger.token)).body.code).toBe(400);
  });

  it('watch the machines of every company they belong to live, and stop when they leave', async () => {
    const owner = await createCustomer(portal, 'company-live');
    const stranger = await createCustomer(portal, 'company-live-b');
    const machine = await bindNewMachine(portal, owner, 'T', 'T220 Shared Tube');
    const viewer = await memberOf(owner, 'viewer', 'company-live-viewer');
    const { devices } = portal.services;
    expect(await devices.seesLive(viewer.userId, machine)).toBe(true);
    expect(await devices.liveMachinesOf(viewer.userId)).toEqual([machine]);
    expect(await devices.seesLive(stranger.userId, machine)).toBe(false);
    await portal.services.database.pool.query('delete from company_members where user_id = $1 and company_id = $2', [viewer.userId, owner.userId]);
    expect(await devices.seesLive(viewer.userId, machine)).toBe(false);
    expect((await portal.call('Machine/GetMyMachine', {}, viewer.token)).body).toMatchObject({ code: 403 });
  });
});

describe('invitations, roles and removal over the API', () => {
  const call = async (path: string, body: Record<string, unknown>, token: string) => (await portal.call(path, body, token)).body;
  const codeIn = (email: string) => {
    const mail = portal.services.outbox.list().filter((m) => m.to === email.toLowerCase()).at(-1);
    return mail ? decodeURIComponent(/invitation\?code=([^\s]+)/.exec(mail.text)![1]!) : null;
  };

  it('an owner invites by e-mail, the invitee joins and works in the company, a manager is held below owner, the last owner stays, removal ends access', async () => {
    const owner = await createCustomer(portal, 'flow-owner');
    const invitee = await createCustomer(portal, 'flow-invitee');
    const inviteeEmail = (await portal.services.users.findById(invitee.userId))!.email!;
    const machine = await bindNewMachine(portal, owner, 'G', 'G3015 Flow Line');

    const invited = await call('Company/InviteMember', { Email: inviteeEmail, Role: 'manager', lang: 'en' }, owner.token);
    expect(invited.code).toBe(200);
    expect((await call('Company/GetInvitations', {}, owner.token)).ReturnData.map((i: { Email: string }) => i.Email)).toEqual([inviteeEmail.toLowerCase()]);
    const code = codeIn(inviteeEmail)!;
    expect(code).toBeTruthy();
    // Another person cannot use it; the invitee can, once.
    const stranger = await createCustomer(portal, 'flow-stranger');
    expect((await call('Company/AcceptInvitation', { Code: code }, stranger.token)).code).toBe(403);
    expect((await call('Company/AcceptInvitation', { Code: code }, invitee.token)).ReturnData).toEqual({ CompanyId: owner.userId, Role: 'manager' });
    expect((await call('Company/AcceptInvitation', { Code: code }, invitee.token)).code).toBe(404);
    const mine = (await call('Company/GetCompanies', {}, invitee.token)).ReturnData;
    expect(mine.find((c: { Current: boolean }) => c.Current)).toMatchObject({ CompanyId: owner.userId, Role: 'manager' });
    expect((await call('Machine/GetMyMachine', {}, invitee.token)).ReturnData.map((m: { ordernumber: string }) => m.ordernumber)).toEqual([machine]);

    // A manager cannot touch the owner; the last owner cannot be demoted or leave.
    expect((await call('Company/SetMemberRole', { MemberId: owner.userId, Role: 'viewer' }, invitee.token)).code).toBe(403);
    expect((await call('Company/SetMemberRole', { MemberId: owner.userId, Role: 'viewer' }, owner.token)).code).toBe(400);
    expect((await call('Company/SetMemberRole', { MemberId: invitee.userId, Role: 'viewer' }, owner.token)).code).toBe(200);
    expect((await call('Company/InviteMember', { Email: 'someone@example.com', Role: 'viewer' }, invitee.token)).code).toBe(403);

    // Removal: the member's sessions end, and with them every call and live connection.
    expect((await call('Company/RemoveMember', { MemberId: invitee.userId }, owner.token)).code).toBe(200);
    expect((await portal.call('Machine/GetMyMachine', {}, invitee.token)).status).toBe(401);
    expect(await portal.services.devices.seesLive(invitee.userId, machine)).toBe(false);
    const audit = await portal.services.database.pool.query('select action from audit_log where actor_id = $1 order by id', [owner.userId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['Company/InviteMember', 'Company/SetMemberRole', 'Company/RemoveMember']);
  });

  it('an owner names the company: its members see the name and invitations carry it; a member below owner cannot; an empty name gives back the founder\u2019s', async () => {
    const owner = await createCustomer(portal, 'name-owner');
    const manager = await createCustomer(portal, 'name-manager');
    const { pool } = portal.services.database;
    await pool.query(`insert into company_members (company_id, user_id, role) values ($1, $2, 'manager')`, [owner.userId, manager.userId]);
    await pool.query('update sessions set company_id = $1 where user_id = $2', [owner.userId, manager.userId]);
    const named = async (who: TestCustomer) => (await call('Company/GetCompanies', {}, who.token)).ReturnData.find((c: { CompanyId: string }) => c.CompanyId === owner.userId).Name;

    expect(await call('Company/RenameCompany', { Name: 'Jinan Sheet Metal' }, manager.token)).toMatchObject({ code: 403 });
    expect(await call('Company/RenameCompany', { Name: '<b>Jinan</b>' }, owner.token)).toMatchObject({ code: 400, info: 'A company name may not hold control characters or markup' });
    expect((await call('Company/RenameCompany', { Name: '  济南  钣金  ' }, owner.token)).code).toBe(200);
    expect(await named(manager)).toBe('济南 钣金');
    await call('Company/InviteMember', { Email: 'named-invitee@example.com', Role: 'viewer', lang: 'en' }, owner.token);
    expect(portal.services.outbox.list().filter((m) => m.to === 'named-invitee@example.com').at(-1)?.subject).toContain('济南 钣金');
    expect((await call('Company/RenameCompany', { Name: '' }, owner.token)).code).toBe(200);
    expect(await named(owner)).toBe('');
    const audit = await pool.query(`select before, after from audit_log where actor_id = $1 and action = 'Company/RenameCompany' order by id`, [owner.userId]);
    expect(audit.rows).toEqual([
      { before: { name: '' }, after: { name: '济南 钣金' } },
      { before: { name: '济南 钣金' }, after: { name: '' } },
    ]);
    // Lone surrogates (valid JSON, not text): stored and audited as U+FFFD, never a 500 (the
    // fuzzing found the audit row's jsonb refusing them).
    const lone = await portal.app.inject({ method: 'POST', url: '/api/Company/RenameCompany', headers: { 'content-type': 'application/json', token: owner.token }, payload: '{"Name":"Jinan \\udfff\\ud800"}' });
    expect(lone.json()).toMatchObject({ code: 200 });
    expect(await named(owner)).toBe('Jinan \ufffd\ufffd');
    const last = await pool.query(`select after from audit_log where actor_id = $1 and action = 'Company/RenameCompany' order by id desc limit 1`, [owner.userId]);
    expect(last.rows[0].after).toEqual({ name: 'Jinan \ufffd\ufffd' });
  });
});

describe('migration 0013', () => {
  it('gives every existing user a company of their own and keeps every row and id of theirs', async () => {
    // A database migrated to 0012 with a customer and a bound machine, then migrated on.
    await beforeMigration('0013', async (database, migrateOn) => {
      const { pool } = database;
      const users = await pool.query<{ id: string }>(
        `insert into users (account, password_hash) values ('old-owner-1', 'x'), ('old-owner-2', 'x') returning id`,
      );
      const [a, b] = users.rows.map((r) => r.id);
      const machine = await pool.query<{ id: number }>(
        `insert into machines (order_number, name, series_name, kind, owner_id, bound_at) values ('G-OLD-1', 'G3015 old', 'G3015', 'sheet', $1, now()) returning id`,
        [a],
      );
      await migrateOn();
      const members = await pool.query('select company_id, user_id, role from company_members order by user_id');
      expect(members.rows).toEqual([a, b].sort().map((id) => ({ company_id: id, user_id: id, role: 'owner' })));
      const kept = await pool.query('select id, owner_id from machines');
      expect(kept.rows).toEqual([{ id: machine.rows[0]!.id, owner_id: a }]);
      // And the trigger carries it on for users made after the migration.
      const later = await pool.query<{ id: string }>(`insert into users (account, password_hash) values ('new-owner', 'x') returning id`);
      const own = await pool.query('select id from companies where id = $1', [later.rows[0]!.id]);
      expect(own.rowCount).toBe(1);
    });
  });
});
