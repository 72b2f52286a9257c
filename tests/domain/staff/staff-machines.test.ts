import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { clampPage, pageCount, pagedListMachine, type PageAnswer } from '../../../src/domain/staff/paged-list.machine';
import { serviceLoginMachine, type GateAnswer } from '../../../src/domain/staff/service-login.machine';
import { isStaffUser, serviceModeOf } from '../../../src/domain/staff/staff-role';

describe('the staff flag and the service page modes', () => {
  it('reads IsStaff or Is{product}User = 1', () => {
    expect(isStaffUser({ IsLaserUser: 1 })).toBe(true);
    expect(isStaffUser({ IsStaff: 1 })).toBe(true);
    expect(isStaffUser({ IsLaserUser: 0, IsStaff: 0 })).toBe(false);
    expect(isStaffUser({ IsLaserUser: '1' })).toBe(true);
    expect(isStaffUser({ IsDomestic: '1' })).toBe(false);
  });

  it('lang=en is English, none or zh is Chinese, anything else is the lifecycle lookup', () => {
    expect(serviceModeOf('en')).toBe('en');
    expect(serviceModeOf(null)).toBe('zh');
    expect(serviceModeOf('zh')).toBe('zh');
    expect(serviceModeOf('plm')).toBe('lifecycle');
    fc.assert(fc.property(fc.string(), (lang) => ['en', 'zh', 'lifecycle'].includes(serviceModeOf(lang))));
  });
});

const gate = (answers: GateAnswer[], input: { alreadyStaff: boolean }) => {
  let i = 0;
  return createActor(serviceLoginMachine.provide({ actors: { login: fromPromise(async () => answers[i++ % answers.length]!) } }), { input });
};

const gateAnswer = fc.oneof(
  fc.record({ kind: fc.constant('signed-in' as const), isStaff: fc.boolean() }),
  fc.record({ kind: fc.constant('refused' as const), message: fc.string() }),
);
const gateEvent = fc.oneof(
  fc.record({ type: fc.constant('account.change' as const), value: fc.string({ maxLength: 5 }) }),
  fc.record({ type: fc.constant('password.change' as const), value: fc.string({ maxLength: 5 }) }),
  fc.constant({ type: 'submit' as const }),
);

describe('the service page login gate', () => {
  it('opens only after a login that names a company user, in every language, whatever staff type and the server answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(gateAnswer, { minLength: 1, maxLength: 4 }), fc.array(gateEvent, { maxLength: 12 }), async (answers, events) => {
        const answered: GateAnswer[] = [];
        let i = 0;
        const actor = createActor(
          serviceLoginMachine.provide({
            actors: {
              login: fromPromise(async () => {
                const a = answers[i++ % answers.length]!;
                answered.push(a);
                return a;
              }),
            },
          }),
          { input: { alreadyStaff: false } },
        ).start();
        for (const event of events) {
          actor.send(event);
          await waitFor(actor, (s) => !s.matches('checking'));
        }
        if (actor.getSnapshot().matches('open')) {
          const last = answered.at(-1);
          expect(last?.kind).toBe('signed-in');
          expect((last as { isStaff: boolean }).isStaff).toBe(true);
        }
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('a customer is told "not allowed" and the modal stays, whatever the page\'s language (issue 35, item 8: English mode let them through to a dead end)', async () => {
    const actor = gate([{ kind: 'signed-in', isStaff: false }], { alreadyStaff: false }).start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'required' });
    actor.send({ type: 'account.change', value: 'demo@example.com' });
    actor.send({ type: 'password.change', value: 'demo1234' });
    actor.send({ type: 'submit' });
    const snapshot = await waitFor(actor, (s) => !s.matches('checking'));
    expect(snapshot.matches('locked')).toBe(true);
    expect(snapshot.context.error).toEqual({ kind: 'notAllowed' });
  });

  it('a page the server refuses (403: the stored session was staff no longer) locks again with "not allowed"', () => {
    const actor = gate([], { alreadyStaff: true }).start();
    expect(actor.getSnapshot().matches('open')).toBe(true);
    actor.send({ type: 'forbidden' });
    expect(actor.getSnapshot().matches('locked')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'notAllowed' });
  });

  it('a stored staff session opens the page at once', () => {
    expect(gate([], { alreadyStaff: true }).start().getSnapshot().matches('open')).toBe(true);
  });
});

describe('a paged staff list', () => {
  it('asks for (page-1)*size, and any page asked for stays within the pages there are', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 95 }), fc.array(fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constant(Number.NaN)), { maxLength: 6 }), async (total, pages) => {
        const offsets: number[] = [];
        const machine = pagedListMachine<number, string>().provide({
          actors: {
            load: fromPromise(async ({ input }): Promise<PageAnswer<number>> => {
              offsets.push(input.offset);
              return { kind: 'page', rows: [], total };
            }),
          },
        });
        const actor = createActor(machine, { input: { filter: '', size: 10 } }).start();
        await waitFor(actor, (s) => s.matches('ready'));
        for (const page of pages) {
          actor.send({ type: 'page', page });
          const s = await waitFor(actor, (x) => x.matches('ready'));
          expect(s.context.page).toBeGreaterThanOrEqual(1);
          expect(s.context.page).toBeLessThanOrEqual(pageCount(total, 10));
        }
        expect(offsets.every((o) => o % 10 === 0 && o >= 0 && o < Math.max(10, total))).toBe(true);
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('shows the rows of the last filter sent, whether it was sent while a page was loading or after', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.boolean()), { minLength: 1, maxLength: 5 }), async (filters) => {
        // Each load answers with its filter as its only row, once the test lets it.
        const pending: Array<() => void> = [];
        const machine = pagedListMachine<string, string>().provide({
          actors: {
            load: fromPromise(({ input }) => new Promise<PageAnswer<string>>((resolve) => pending.push(() => resolve({ kind: 'page', rows: [input.filter], total: 1 })))),
          },
        });
        const actor = createActor(machine, { input: { filter: '', size: 10 } }).start();
        for (const [filter, whileLoading] of filters) {
          // Sent during the load of the page before, or once it has come.
          if (!whileLoading) {
            pending.splice(0).forEach((answer) => answer());
            await waitFor(actor, (s) => s.matches('ready'));
          }
          actor.send({ type: 'filter', filter });
        }
        pending.splice(0).forEach((answer) => answer());
        const done = await waitFor(actor, (s) => s.matches('ready'));
        expect(done.context.rows).toEqual([filters.at(-1)![0]]);
        expect(done.context.page).toBe(1);
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('a new filter starts at page 1; a 403 is forbidden', async () => {
    const answers: PageAnswer<number>[] = [{ kind: 'page', rows: [1], total: 50 }, { kind: 'page', rows: [1], total: 50 }, { kind: 'page', rows: [1], total: 50 }, { kind: 'forbidden' }];
    let i = 0;
    const actor = createActor(pagedListMachine<number, string>().provide({ actors: { load: fromPromise(async () => answers[i++]!) } }), { input: { filter: '', size: 10 } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page', page: 3 });
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.page).toBe(3);
    actor.send({ type: 'filter', filter: 'x' });
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.page).toBe(1);
    actor.send({ type: 'reload' });
    expect((await waitFor(actor, (s) => s.matches('forbidden'))).matches('forbidden')).toBe(true);
    expect(clampPage(99, 0, 10)).toBe(1);
  });
});
