import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, ROLES, type Capability, type CompanyRole } from '../../src/domain/companies/company-roles';
import { seedHistory } from '../../src/seed/history.seed';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 37's "done when": no call lets one company see or change another's data. Random
// memberships of three people in two companies (any role, or none), a session working in either
// company or the person's own, and a call on either company's machine: the call is answered
// exactly when the person is a member of the company they work in, their role allows the call,
// and the machine is that company's; the fleet they see is that company's, whole.

let portal: TestPortal;
let companies: Record<'A' | 'B', { owner: TestCustomer; machine: string }>;
let people: TestCustomer[];
beforeAll(async () => {
  portal = await createTestPortal();
  const a = await createCustomer(portal, 'iso-a');
  const b = await createCustomer(portal, 'iso-b');
  companies = { A: { owner: a, machine: await bindNewMachine(portal, a, 'G', 'Line A') }, B: { owner: b, machine: await bindNewMachine(portal, b, 'T', 'Tube B') } };
  // A week of tasks and alarms each, so that their reports answer with data.
  await seedHistory(portal.services.database.db, { orderNumber: companies.A.machine, kind: 'sheet' }, new Date(), { days: 8 });
  await seedHistory(portal.services.database.db, { orderNumber: companies.B.machine, kind: 'tube' }, new Date(), { days: 8 });
  people = [await createCustomer(portal, 'iso-p0'), await createCustomer(portal, 'iso-p1'), await createCustomer(portal, 'iso-p2')];
});
afterAll(() => portal.close());

type Company = 'A' | 'B';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const NO_DATA = '暂无数据';
/** Calls on one machine that answer its owner with data, each with the capability its route needs (the authorization matrix's NEEDS). */
const CALLS: ReadonlyArray<{ path: string; needs: Capability; body: (orderNumber: string) => Record<string, unknown>; writes?: boolean }> = [
  { path: 'Machine/GetMachineLabel', needs: 'read', body: (o) => ({ OrderNumber: o }) },
  { path: 'Machine/GetMachineTasks', needs: 'read', body: (o) => ({ OrderNumber: o, CreateTimeS: day(-6), CreateTimeE: day(0) }) },
  { path: 'Machine/GetErrorLog', needs: 'read', body: (o) => ({ OrderNumber: o, ErrorDateS: day(-6), ErrorDateE: day(0) }) },
  { path: 'Machine/WithdrawMachineLabels', needs: 'machines', body: (o) => ({ OrderNumber: o }), writes: true },
];

const role = fc.option(fc.constantFrom(...ROLES), { nil: null });
const case_ = fc.record({
  memberships: fc.array(fc.record({ A: role, B: role }), { minLength: 3, maxLength: 3 }),
  who: fc.nat(2),
  worksIn: fc.constantFrom<Company | 'own'>('A', 'B', 'own'),
  call: fc.nat(CALLS.length - 1),
  on: fc.constantFrom<Company>('A', 'B'),
});

describe('two companies, random memberships', () => {
  it('answer a call exactly when the person is a member where they work, the role allows it and the machine is that company’s', async () => {
    const { pool } = portal.services.database;
    await fc.assert(
      fc.asyncProperty(case_, async ({ memberships, who, worksIn, call, on }) => {
        const ids = people.map((p) => p.userId);
        await pool.query('delete from company_members where user_id = any($1) and company_id = any($2)', [ids, [companies.A.owner.userId, companies.B.owner.userId]]);
        for (const [i, m] of memberships.entries()) {
          for (const c of ['A', 'B'] as const) {
            if (m[c]) await pool.query('insert into company_members (company_id, user_id, role) values ($1, $2, $3)', [companies[c].owner.userId, ids[i], m[c]]);
          }
        }
        const person = people[who];
        await pool.query('update sessions set company_id = $1 where user_id = $2', [worksIn === 'own' ? null : companies[worksIn].owner.userId, person.userId]);
        const roleThere: CompanyRole | null = worksIn === 'own' ? 'owner' : memberships[who][worksIn];

        const fleet = (await portal.call('Machine/GetMyMachine', {}, person.token)).body;
        if (roleThere === null) expect(fleet.code).toBe(403);
        else {
          const seen = (Array.isArray(fleet.ReturnData) ? fleet.ReturnData : []).map((m: { ordernumber: string }) => m.ordernumber);
          expect(seen).toEqual(worksIn === 'own' ? [] : [companies[worksIn].machine]);
        }

        const { path, needs, body, writes } = CALLS[call];
        // What the machine's own company is answered: a member allowed the call gets the same.
        const owners = writes ? null : (await portal.call(path, body(companies[on].machine), companies[on].owner.token)).body;
        if (owners) expect([null, NO_DATA], `${path} answers its owner with data`).not.toContain(owners.ReturnData ?? null);
        const answer = (await portal.call(path, body(companies[on].machine), person.token)).body;
        const answered = roleThere !== null && allows(roleThere, needs) && worksIn === on;
        const context = `${path} on ${on}'s machine, working in ${worksIn} as ${roleThere}: ${answer.code} ${answer.info}`;
        if (answered) expect(owners ? answer : answer.code, context).toEqual(owners ?? 200);
        else {
          // Refused, or the spec's no-data marker for a machine that is not the company's: nothing of it either way.
          expect(answer.code !== 200 || answer.info === NO_DATA, context).toBe(true);
          expect([null, NO_DATA], context).toContain(answer.ReturnData ?? null);
        }
      }),
      { numRuns: 40 },
    );
  });
});
