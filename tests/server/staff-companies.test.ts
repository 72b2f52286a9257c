import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewMachine, createCustomer, registerMachine, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 37 item 5 (staff part) and issue 39 item 1's staff log: the console's companies tab (every
// company, its members and machines, a machine moved between companies in one transaction with its
// audit row) and every company's delivery log, paged and filtered. Staff only.

let portal: TestPortal;
let staff: { token: string; userId: string };
beforeAll(async () => {
  portal = await createTestPortal();
  staff = await portal.login('staff@example.com', 'staff1234');
});
afterAll(() => portal.close());

const call = (path: string, body: unknown, token = staff.token) => portal.call(path, body, token);
const fleetOf = async (who: TestCustomer) => ((await portal.call('Machine/GetMyMachine', {}, who.token)).body.ReturnData ?? []).map((m: { ordernumber: string }) => m.ordernumber);
const ownerOf = async (orderNumber: string) => (await portal.services.database.pool.query('select owner_id from machines where order_number = $1', [orderNumber])).rows[0]?.owner_id ?? null;
const moveRows = async (orderNumber: string) =>
  (await portal.services.database.pool.query(`select result, before, after, request, actor_id from audit_log where action = 'Staff/MoveMachine' and object = $1 order by id`, [`machine:${orderNumber}`])).rows;

/** A customer with a member of another role in their company. */
async function companyWithMember(tag: string, role = 'engineer') {
  const owner = await createCustomer(portal, `${tag}-owner`);
  const member = await createCustomer(portal, `${tag}-${role}`);
  const { pool } = portal.services.database;
  await pool.query('insert into company_members (company_id, user_id, role) values ($1, $2, $3)', [owner.userId, member.userId, role]);
  await pool.query('update sessions set company_id = $1 where user_id = $2', [owner.userId, member.userId]);
  return { owner, member };
}

describe('staff list the companies', () => {
  it('pages them with their size, finds one by its owner account or name, and refuses customers', async () => {
    const { owner, member } = await companyWithMember('list');
    await bindNewMachine(portal, owner, 'G', 'G3015 listed');
    const found = await call('Staff/GetCompanies', { Search: owner.account.slice(0, 20) });
    expect(found.body.code).toBe(200);
    const row = (found.body.ReturnData as any[]).find((c) => c.CompanyId === owner.userId);
    expect(row).toMatchObject({ OwnerAccount: owner.account, Members: 2, Machines: 1, Name: '' });
    // A member who is no owner does not find the company by their account.
    const byMember = await call('Staff/GetCompanies', { Search: member.account });
    expect((byMember.body.ReturnData as any[]).map((c) => c.CompanyId)).toEqual([member.userId]);
    const page = await call('Staff/GetCompanies', { PrevPageNums: 0, TopNums: 1 });
    expect(page.body.ReturnData).toHaveLength(1);
    expect(page.body.ReturnCount).toBeGreaterThanOrEqual(3);
    // `%` typed is matched as itself.
    expect(await call('Staff/GetCompanies', { Search: '%' })).toMatchObject({ body: { code: 200, info: 'No companies', ReturnData: [], ReturnCount: 0 } });
    const refused = await call('Staff/GetCompanies', {}, owner.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
  });

  it('open one with its members (owners first, with their roles) and its machines; an unknown one is not found', async () => {
    const { owner, member } = await companyWithMember('open', 'viewer');
    const machine = await bindNewMachine(portal, owner, 'T', 'T220 opened');
    const opened = await call('Staff/GetCompany', { CompanyId: owner.userId });
    expect(opened.body.code).toBe(200);
    expect(opened.body.ReturnData.MemberList.map((m: any) => [m.MemberId, m.Role])).toEqual([
      [owner.userId, 'owner'],
      [member.userId, 'viewer'],
    ]);
    expect(opened.body.ReturnData.MachineList).toEqual([expect.objectContaining({ OrderNumber: machine, Name: 'T220 opened', Kind: 'tube' })]);
    expect((await call('Staff/GetCompany', { CompanyId: randomUUID() })).body).toMatchObject({ code: 404, info: 'There is no such company' });
    expect((await call('Staff/GetCompany', { CompanyId: 'not-a-company' })).body.code).toBe(400);
    expect((await call('Staff/GetCompany', { CompanyId: owner.userId }, member.token)).status).toBe(403);
  });
});

describe('staff move a machine between companies', () => {
  it('moves it with its maintenance plans in one transaction with one audit row; the former members lose it, live included', async () => {
    const a = await companyWithMember('move-a');
    const b = await createCustomer(portal, 'move-b');
    const machine = await bindNewMachine(portal, a.owner, 'G', 'G3015 moved');
    const { pool } = portal.services.database;
    const [{ id: machineId }] = (await pool.query('select id from machines where order_number = $1', [machine])).rows;
    const [{ id: itemId }] = (
      await pool.query(`insert into maintenance_items (code, series, project_zh, project_en, content_zh, content_en, cycle_hours, warning_hours)
        values ('move-lens', 'G', '保护镜', 'Protective lens', '更换', 'Replace', 100, 10) returning id`)
    ).rows;
    await pool.query(`insert into maintenance_plans (user_id, machine_id, item_id, created_at, since, run_hours_at) values ($1, $2, $3, now(), now(), 0)`, [a.owner.userId, machineId, itemId]);
    // A member's live connection that watches the company's machines.
    let closed = 0;
    portal.app.telemetry.liveSessions.track('move-a-member-session', a.member.userId, () => closed++);
    expect(await portal.services.devices.seesLive(a.member.userId, machine)).toBe(true);

    const moved = await call('Staff/MoveMachine', { OrderNumber: machine, FromCompanyId: a.owner.userId, ToCompanyId: b.userId });
    expect(moved.body).toMatchObject({ code: 200, info: 'Moved', ReturnData: { OrderNumber: machine, FromCompanyId: a.owner.userId, ToCompanyId: b.userId } });
    expect(await ownerOf(machine)).toBe(b.userId);
    expect(await fleetOf(a.owner)).not.toContain(machine);
    expect(await fleetOf(a.member)).not.toContain(machine);
    expect(await fleetOf(b)).toContain(machine);
    expect(await portal.services.devices.seesLive(a.member.userId, machine)).toBe(false);
    expect(await portal.services.devices.seesLive(b.userId, machine)).toBe(true);
    expect(closed).toBe(1);
    expect((await pool.query('select user_id from maintenance_plans where machine_id = $1', [machineId])).rows).toEqual([{ user_id: b.userId }]);
    const rows = await moveRows(machine);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'done', actor_id: staff.userId, before: { OrderNumber: machine, CompanyId: a.owner.userId }, after: { OrderNumber: machine, CompanyId: b.userId } });
    expect(rows[0].request).toMatchObject({ OrderNumber: machine, FromCompanyId: a.owner.userId, ToCompanyId: b.userId });
    // The new company's page lists it, the former's not.
    const opened = await call('Staff/GetCompany', { CompanyId: b.userId });
    expect(opened.body.ReturnData.MachineList.map((m: any) => m.OrderNumber)).toEqual([machine]);
  });

  it('writes nothing when its audit row cannot be written: the move and its row are one transaction', async () => {
    const a = await createCustomer(portal, 'atomic-a');
    const b = await createCustomer(portal, 'atomic-b');
    const machine = await bindNewMachine(portal, a, 'G', 'G3015 atomic');
    const { pool } = portal.services.database;
    await pool.query(`create function refuse_move_row() returns trigger language plpgsql as $$
      begin if new.action = 'Staff/MoveMachine' and new.result = 'done' then raise exception 'audit log unavailable'; end if; return new; end $$`);
    await pool.query('create trigger refuse_move_row before insert on audit_log for each row execute function refuse_move_row()');
    try {
      const answer = await call('Staff/MoveMachine', { OrderNumber: machine, FromCompanyId: a.userId, ToCompanyId: b.userId });
      expect(answer.body.code).toBe(500);
    } finally {
      await pool.query('drop trigger refuse_move_row on audit_log; drop function refuse_move_row()');
    }
    expect(await ownerOf(machine)).toBe(a.userId);
    expect(await fleetOf(a)).toContain(machine);
    expect((await moveRows(machine)).map((r) => r.result)).toEqual(['error']);
  });

  it('refuses an unknown machine, one bound to nobody, one moved meanwhile, an unknown company and the same company, changing nothing', async () => {
    const a = await createCustomer(portal, 'refuse-a');
    const b = await createCustomer(portal, 'refuse-b');
    const machine = await bindNewMachine(portal, a, 'G', 'G3015 kept');
    const unbound = await registerMachine(portal, 'G');
    expect((await portal.call('Machine/SaveMachineData', { OrderNumber: unbound }, a.token)).body.code).toBe(200);
    const move = (OrderNumber: string, FromCompanyId: string, ToCompanyId: string) => call('Staff/MoveMachine', { OrderNumber, FromCompanyId, ToCompanyId });
    expect((await move('NO-SUCH-MACHINE', a.userId, b.userId)).body).toMatchObject({ code: 404, info: 'There is no machine with this order number' });
    expect((await move(unbound, a.userId, b.userId)).body).toMatchObject({ code: 409, info: 'This machine belongs to no company' });
    expect((await move(machine, b.userId, a.userId)).body).toMatchObject({ code: 409, info: 'This machine is not in that company any more; reload the company' });
    expect((await move(machine, a.userId, randomUUID())).body).toMatchObject({ code: 404, info: 'There is no company to move the machine to' });
    expect((await move(machine, a.userId, a.userId.toUpperCase())).body).toMatchObject({ code: 400, info: 'The machine is in this company already' });
    expect((await move(machine, a.userId, 'x')).body.code).toBe(400);
    expect(await ownerOf(machine)).toBe(a.userId);
    // Each refusal is an audit row of its own, written by the trail.
    expect((await moveRows(machine)).map((r) => r.result)).toEqual([
      '409 This machine is not in that company any more; reload the company',
      '404 There is no company to move the machine to',
      '400 The machine is in this company already',
    ]);
    // Customers are refused before the call runs, whatever company they name.
    const refused = await portal.call('Staff/MoveMachine', { OrderNumber: machine, FromCompanyId: a.userId, ToCompanyId: b.userId }, b.token);
    expect(refused.status).toBe(403);
    expect(await ownerOf(machine)).toBe(a.userId);
  });
});

describe("staff read every company's delivery log", () => {
  /** A delivery of an episode of the machine, as the notifier writes it. */
  async function delivery(machine: string, companyId: string, fields: { channel: string; status: string; error?: string; at: string }) {
    const { pool } = portal.services.database;
    const [{ id: machineId }] = (await pool.query('select id from machines where order_number = $1', [machine])).rows;
    const [{ id: episodeId }] = (await pool.query(`insert into alarm_episodes (machine_id, kind, opened_at, cleared_at) values ($1, 'alarmStop', $2, $2) returning id`, [machineId, fields.at])).rows;
    await pool.query(
      `insert into alarm_deliveries (episode_id, owner_id, event, channel, target, status, attempts, next_at, last_error, created_at, message)
       values ($1, $2, 'raised', $3, 'ops@example.com', $4, 1, $5, $6, $5, $7)`,
      [episodeId, companyId, fields.channel, fields.status, fields.at, fields.error ?? '', JSON.stringify({ orderNumber: machine, machineName: 'Log machine', kind: 'alarmStop', text: '', link: 'http://localhost/app/devices' })],
    );
  }

  it('pages them newest first with their company, filters by status, channel, company and order number, and shows why one failed', async () => {
    const a = await createCustomer(portal, 'log-a');
    const b = await createCustomer(portal, 'log-b');
    const ma = await bindNewMachine(portal, a, 'G', 'G3015 log');
    const mb = await bindNewMachine(portal, b, 'G', 'G3015 log');
    await delivery(ma, a.userId, { channel: 'email', status: 'sent', at: '2026-11-01T08:00:00Z' });
    await delivery(ma, a.userId, { channel: 'webhook', status: 'failed', error: 'HTTP 502 from the receiver', at: '2026-11-02T08:00:00Z' });
    await delivery(mb, b.userId, { channel: 'bell', status: 'sent', at: '2026-11-03T08:00:00Z' });

    const log = async (body: Record<string, unknown>) => (await call('Staff/GetAlarmDeliveries', body)).body;
    const ofA = await log({ CompanyId: a.userId });
    expect(ofA.ReturnCount).toBe(2);
    expect(ofA.ReturnData.map((d: any) => [d.Channel, d.Status])).toEqual([
      ['webhook', 'failed'],
      ['email', 'sent'],
    ]);
    expect(ofA.ReturnData[0]).toMatchObject({ CompanyId: a.userId, OwnerAccount: a.account, CompanyName: '', LastError: 'HTTP 502 from the receiver', OrderNumber: ma });
    const firstPage = await log({ CompanyId: a.userId, PrevPageNums: 1, TopNums: 1 });
    expect(firstPage).toMatchObject({ ReturnCount: 2, ReturnData: [expect.objectContaining({ Channel: 'email' })] });
    expect((await log({ CompanyId: a.userId, Status: 'failed' })).ReturnData.map((d: any) => d.Channel)).toEqual(['webhook']);
    expect((await log({ Search: b.account, Channel: 'bell' })).ReturnData.map((d: any) => d.OrderNumber)).toEqual([mb]);
    expect((await log({ Search: mb.slice(2) })).ReturnData.map((d: any) => d.OrderNumber)).toEqual([mb]);
    expect((await log({ OrderNumber: ma, Channel: 'bell' }))).toMatchObject({ code: 200, info: 'No deliveries', ReturnData: [], ReturnCount: 0 });
    const all = await log({ TopNums: 100 });
    expect(all.ReturnData.map((d: any) => d.OrderNumber)).toEqual(expect.arrayContaining([ma, mb]));
    expect((await call('Staff/GetAlarmDeliveries', {}, a.token)).status).toBe(403);
  });
});
