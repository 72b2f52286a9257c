import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { machineMoveProblem, type MachineMoveDraft, type StaffCompany, type StaffCompanyDetail } from '../../../src/domain/staff/company-move';
import type { PageAnswer } from '../../../src/domain/staff/paged-list.machine';
import { staffCompanyMachine, TARGETS_SHOWN, type CompanyAnswer, type MoveAnswer } from '../../../src/domain/staff/staff-company.machine';

const HERE = '11111111-1111-4111-8111-111111111111';
const company = (companyId: string, name = ''): StaffCompany => ({ companyId, name, ownerName: 'Owner', ownerAccount: `${companyId.slice(0, 4)}@example.com`, members: 1, machines: 0, createdAt: '2026-12-01T00:00:00.000Z' });
const OTHERS = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'].map((id) => company(id));
const DETAIL: StaffCompanyDetail = {
  ...company(HERE, 'Jinan Sheet Metal'),
  members: 2,
  machines: 2,
  memberList: [
    { memberId: HERE, name: 'Wang', account: 'wang@example.com', role: 'owner', joinedAt: '2026-12-01T00:00:00.000Z' },
    { memberId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Li', account: 'li@example.com', role: 'engineer', joinedAt: '2026-12-02T00:00:00.000Z' },
  ],
  machineList: [
    { equipmentId: 1, orderNumber: 'G3015-A', name: 'G3015', seriesName: 'G', kind: 'sheet', boundAt: '' },
    { equipmentId: 2, orderNumber: 'T220-A', name: 'T220', seriesName: 'T', kind: 'tube', boundAt: '' },
  ],
};

function run(options: { load?: CompanyAnswer; found?: PageAnswer<StaffCompany>; move?: MoveAnswer } = {}) {
  const loads: string[] = [];
  const searches: string[] = [];
  const moves: MachineMoveDraft[] = [];
  const machine = staffCompanyMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => (loads.push(input.companyId), options.load ?? { kind: 'done', data: DETAIL })),
      findTargets: fromPromise(async ({ input }) => (searches.push(input.search), options.found ?? { kind: 'page', rows: [company(HERE), ...OTHERS], total: 3 })),
      move: fromPromise(async ({ input }) => (moves.push(input), options.move ?? { kind: 'done', data: null })),
    },
  });
  return { actor: createActor(machine, { input: { companyId: HERE } }).start(), loads, searches, moves };
}

const settled = (actor: ReturnType<typeof run>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('the staff company page machine', () => {
  it('loads the company, moves a machine to a company the search found, then reloads and names the machine moved', async () => {
    const { actor, loads, searches, moves } = run();
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'move.open', orderNumber: 'T220-A' });
    actor.send({ type: 'move.submit' });
    expect(actor.getSnapshot().context.problem).toBe('staff.companies.error.noTarget');
    actor.send({ type: 'target.search', search: '  zhang ' });
    await settled(actor);
    expect(searches).toEqual(['zhang']);
    // The company itself is never offered.
    expect(actor.getSnapshot().context.move!.targets.map((t) => t.companyId)).toEqual(OTHERS.map((c) => c.companyId));
    actor.send({ type: 'target.choose', companyId: OTHERS[1]!.companyId });
    actor.send({ type: 'move.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('busy'));
    expect(moves).toEqual([{ orderNumber: 'T220-A', fromCompanyId: HERE, toCompanyId: OTHERS[1]!.companyId }]);
    expect(loads).toEqual([HERE, HERE]);
    expect(actor.getSnapshot().context).toMatchObject({ moved: 'T220-A', move: null });
  });

  it('keeps the dialog with the words of a refusal, and knows the not found and staff-only answers', async () => {
    const refused = run({ move: { kind: 'movedMeanwhile' } });
    await settled(refused.actor);
    refused.actor.send({ type: 'move.open', orderNumber: 'G3015-A' });
    refused.actor.send({ type: 'target.search', search: 'x' });
    await settled(refused.actor);
    refused.actor.send({ type: 'target.choose', companyId: OTHERS[0]!.companyId });
    refused.actor.send({ type: 'move.submit' });
    await settled(refused.actor);
    expect(refused.actor.getSnapshot().matches({ ready: 'choosing' })).toBe(true);
    expect(refused.actor.getSnapshot().context.problem).toBe('staff.companies.refused.movedMeanwhile');
    const server = run({ move: { kind: 'refused', message: 'Too many requests' } });
    await settled(server.actor);
    server.actor.send({ type: 'move.open', orderNumber: 'G3015-A' });
    server.actor.send({ type: 'target.search', search: 'x' });
    await settled(server.actor);
    server.actor.send({ type: 'target.choose', companyId: OTHERS[0]!.companyId });
    server.actor.send({ type: 'move.submit' });
    await settled(server.actor);
    expect(server.actor.getSnapshot().context).toMatchObject({ problem: null, message: 'Too many requests' });

    const missing = run({ load: { kind: 'notFound' } });
    await settled(missing.actor);
    expect(missing.actor.getSnapshot().matches('notFound')).toBe(true);
    const customer = run({ load: { kind: 'staffOnly' } });
    await settled(customer.actor);
    expect(customer.actor.getSnapshot().matches('forbidden')).toBe(true);
    // A machine of another company is not opened for a move.
    const other = run();
    await settled(other.actor);
    other.actor.send({ type: 'move.open', orderNumber: 'NOT-HERE' });
    expect(other.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('the rule: a machine, a company chosen, another than its own', () => {
    expect(machineMoveProblem({ orderNumber: ' ', fromCompanyId: HERE, toCompanyId: OTHERS[0]!.companyId })).toBe('staff.companies.error.noMachine');
    expect(machineMoveProblem({ orderNumber: 'G', fromCompanyId: HERE, toCompanyId: '' })).toBe('staff.companies.error.noTarget');
    expect(machineMoveProblem({ orderNumber: 'G', fromCompanyId: HERE, toCompanyId: HERE.toUpperCase() })).toBe('staff.companies.error.sameCompany');
    expect(machineMoveProblem({ orderNumber: 'G', fromCompanyId: HERE, toCompanyId: OTHERS[0]!.companyId })).toBeNull();
  });

  const ids = [HERE, ...OTHERS.map((c) => c.companyId), '44444444-4444-4444-8444-444444444444'];
  const event = fc.oneof(
    fc.record({ type: fc.constant('move.open' as const), orderNumber: fc.constantFrom('G3015-A', 'T220-A', 'NOT-HERE', '') }),
    fc.constant({ type: 'move.cancel' as const }),
    fc.record({ type: fc.constant('target.search' as const), search: fc.constantFrom('', '  ', 'zhang', 'li') }),
    fc.record({ type: fc.constant('target.choose' as const), companyId: fc.constantFrom(...ids) }),
    fc.constant({ type: 'move.submit' as const }),
    fc.constant({ type: 'details.reload' as const }),
  );
  const found = fc.subarray([company(HERE), ...OTHERS, company(ids[3]!)]).map((rows): PageAnswer<StaffCompany> => ({ kind: 'page', rows, total: rows.length }));
  const moveAnswer = fc.constantFrom<MoveAnswer>({ kind: 'done', data: null }, { kind: 'unknownCompany' }, { kind: 'notBound' }, { kind: 'movedMeanwhile' }, { kind: 'refused', message: 'no' });

  it('sends only a move the rule takes, of a machine of the company, to a company found that is not this one; nothing of it changes while sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 14 }), found, moveAnswer, async (events, targets, answer) => {
        const { actor, moves } = run({ found: targets, move: answer });
        const offered = new Set(targets.kind === 'page' ? targets.rows.map((r) => r.companyId) : []);
        let sentDraft: string | null = null;
        actor.subscribe((s) => {
          const move = s.context.move;
          if (move) {
            expect(move.draft.fromCompanyId).toBe(HERE);
            expect(move.targets.length).toBeLessThanOrEqual(TARGETS_SHOWN);
            expect(move.targets.some((t) => t.companyId === HERE)).toBe(false);
            if (move.draft.toCompanyId) expect(move.targets.map((t) => t.companyId)).toContain(move.draft.toCompanyId);
          }
          if (s.matches({ ready: 'sending' })) {
            const now = JSON.stringify(move);
            if (sentDraft !== null) expect(now).toBe(sentDraft);
            sentDraft = now;
          } else sentDraft = null;
        });
        await settled(actor);
        for (const e of events) {
          actor.send(e);
          if (actor.getSnapshot().hasTag('busy')) await settled(actor);
        }
        for (const m of moves) {
          expect(machineMoveProblem(m)).toBeNull();
          expect(DETAIL.machineList.map((x) => x.orderNumber)).toContain(m.orderNumber);
          expect(offered.has(m.toCompanyId)).toBe(true);
          expect(m.toCompanyId).not.toBe(HERE);
        }
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});
