import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { companySwitcherMachine, currentCompany, type CompaniesAnswer, type CompanyChoice, type SwitchAnswer } from '../../../src/domain/companies/company-switcher.machine';
import { invitationMachine, type JoinAnswer } from '../../../src/domain/companies/invitation.machine';

const companies = fc.integer({ min: 1, max: 5 }).chain((n) =>
  fc.nat(n - 1).map((current) => Array.from({ length: n }, (_, i): CompanyChoice => ({ companyId: `c${i}`, name: i ? `Company ${i}` : '', ownerName: 'Owner', role: 'viewer', current: i === current }))),
);

describe('the company switcher', () => {
  it('switches only into another company of the list, and then ends so the app starts again in it', async () => {
    await fc.assert(
      fc.asyncProperty(companies, fc.constantFrom('c0', 'c1', 'c2', 'c4', 'elsewhere'), async (list, asked) => {
        const switched: string[] = [];
        const actor = createActor(
          companySwitcherMachine.provide({
            actors: {
              load: fromPromise<CompaniesAnswer>(async () => ({ kind: 'done', data: list })),
              switchTo: fromPromise<SwitchAnswer, { companyId: string }>(async ({ input }) => (switched.push(input.companyId), { kind: 'done', data: null })),
            },
          }),
        ).start();
        await waitFor(actor, (s) => s.matches('ready'));
        expect(currentCompany(actor.getSnapshot().context.companies)?.current).toBe(true);
        actor.send({ type: 'switcher.choose', companyId: asked });
        await waitFor(actor, (s) => s.matches('ready') || s.matches('switched'));
        const allowed = list.some((c) => c.companyId === asked && !c.current);
        expect(switched).toEqual(allowed ? [asked] : []);
        expect(actor.getSnapshot().matches('switched')).toBe(allowed);
        actor.stop();
      }),
    );
  });

  it('reads the list again when the company is not theirs any more', async () => {
    const lists: CompanyChoice[][] = [
      [
        { companyId: 'c0', name: '', ownerName: 'Me', role: 'owner', current: true },
        { companyId: 'c1', name: 'Gone', ownerName: 'X', role: 'viewer', current: false },
      ],
      [{ companyId: 'c0', name: '', ownerName: 'Me', role: 'owner', current: true }],
    ];
    let loads = 0;
    const actor = createActor(
      companySwitcherMachine.provide({
        actors: {
          load: fromPromise<CompaniesAnswer>(async () => ({ kind: 'done', data: lists[Math.min(loads++, 1)] })),
          switchTo: fromPromise<SwitchAnswer, { companyId: string }>(async () => ({ kind: 'notMember' })),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'switcher.choose', companyId: 'c1' });
    await waitFor(actor, (s) => s.matches('ready') && loads === 2);
    expect(actor.getSnapshot().context.companies.map((c) => c.companyId)).toEqual(['c0']);
    actor.stop();
  });
});

describe('the invitation page', () => {
  const joinWith = (answer: JoinAnswer, code: string | null) => {
    const asked: string[] = [];
    const actor = createActor(invitationMachine.provide({ actors: { accept: fromPromise<JoinAnswer, { code: string }>(async ({ input }) => (asked.push(input.code), answer)) } }), { input: { code } }).start();
    return { actor, asked };
  };

  it('accepts only on a press, with the code of the link', async () => {
    const joined: CompanyChoice = { companyId: 'c1', name: 'Acme', ownerName: 'A', role: 'engineer', current: true };
    const { actor, asked } = joinWith({ kind: 'done', data: joined }, ' abc ');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(asked).toEqual([]);
    actor.send({ type: 'invitation.accept' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual(['abc']);
    expect(actor.getSnapshot().context.joined).toEqual(joined);
  });

  it('says a link without a code, a used code and another address, and lets a failed press be tried again', async () => {
    expect(joinWith({ kind: 'unknownCode' }, null).actor.getSnapshot().context.problem).toBe('noCode');
    expect(joinWith({ kind: 'unknownCode' }, 'x'.repeat(101)).actor.getSnapshot().value).toBe('refused');
    for (const kind of ['unknownCode', 'otherAddress'] as const) {
      const { actor } = joinWith({ kind }, 'abc');
      actor.send({ type: 'invitation.accept' });
      await waitFor(actor, (s) => s.matches('refused'));
      expect(actor.getSnapshot().context.problem).toBe(kind);
      actor.send({ type: 'invitation.accept' });
      expect(actor.getSnapshot().matches('refused')).toBe(true);
    }
    const { actor } = joinWith({ kind: 'refused', message: 'Network error' }, 'abc');
    actor.send({ type: 'invitation.accept' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== '');
    expect(actor.getSnapshot().context.error).toBe('Network error');
  });
});
