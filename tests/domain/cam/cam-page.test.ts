import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  camPageMachine,
  licenceBlock,
  type ConfirmAnswer,
  type ExchangeAnswer,
  type ExchangeRequest,
  type LicencesAnswer,
  type LicenceView,
} from '../../../src/domain/cam/cam-page.machine';
import { DAY_MS, exchangeTableVisible, needsConfirmation, type ExchangeAccess } from '../../../src/domain/cam/licence-exchange';

const NOW = Date.UTC(2026, 10, 21, 8);

const licence = (no: string, offerId: number, daysLeft: number): LicenceView => ({
  licenceNo: no,
  offerId,
  product: offerId === 250626 ? 'nest' : offerId === 838249 ? 'nestTube' : '',
  startTime: NOW - 300 * DAY_MS,
  endTime: NOW + daysLeft * DAY_MS,
  expiredTime: NOW + daysLeft * DAY_MS,
  firstUseTime: null,
  creationTime: NOW - 301 * DAY_MS,
  version: 'v',
  email: 'a@b.c',
  isOldUser: true,
});

interface Fakes {
  load: () => LicencesAnswer;
  confirm?: (form: { realName: string; account: string }) => ConfirmAnswer;
  exchange?: (request: ExchangeRequest) => ExchangeAnswer;
}

function start(fakes: Fakes) {
  const exchanges: ExchangeRequest[] = [];
  const confirms: Array<{ realName: string; account: string }> = [];
  const actor = createActor(
    camPageMachine.provide({
      actors: {
        loadLicences: fromPromise(async () => fakes.load()),
        confirm: fromPromise(async ({ input }) => {
          confirms.push(input);
          return fakes.confirm?.(input) ?? { kind: 'confirmed' };
        }),
        exchange: fromPromise(async ({ input }) => {
          exchanges.push(input);
          return fakes.exchange?.(input) ?? { kind: 'exchanged', licenceNo: input.licenceNo, expiredTime: NOW + 400 * DAY_MS, points: 100 };
        }),
      },
    }),
  ).start();
  return { actor, exchanges, confirms };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

const loaded = (access: ExchangeAccess, licences: LicenceView[], points = 1000, cost = 300): LicencesAnswer => ({
  kind: 'loaded',
  licences,
  standing: { access, points, cost, now: NOW },
});

const OLD: ExchangeAccess = { oldUser: true, internal: false, confirmed: false, hasEmail: true };

describe('the CAM page machine', () => {
  it('exchanges a licence in its window once and shows the new expiry and balance', async () => {
    const { actor, exchanges } = start({ load: () => loaded(OLD, [licence('A', 250626, 5)]) });
    await settled(actor);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'exchange.start', licenceNo: 'A', key: 'k-1' });
    actor.send({ type: 'exchange.start', licenceNo: 'A', key: 'k-2' });
    await settled(actor);
    expect(exchanges).toEqual([{ licenceNo: 'A', key: 'k-1' }]);
    const { context } = actor.getSnapshot();
    expect(context.licences[0].expiredTime).toBe(NOW + 400 * DAY_MS);
    expect(context.standing?.points).toBe(100);
    expect(context.notice).toMatchObject({ kind: 'exchanged', licenceNo: 'A' });
  });

  it('sends an internal-domain user to the confirmation first, checks name and account, then loads again', async () => {
    let confirmed = false;
    const { actor, confirms } = start({
      load: () => loaded({ oldUser: false, internal: true, confirmed, hasEmail: true }, [licence('A', 250626, 5)], 5000, 3000),
      confirm: () => {
        confirmed = true;
        return { kind: 'confirmed' };
      },
    });
    await settled(actor);
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'confirm.submit', realName: ' ', account: '' });
    expect(actor.getSnapshot().context.confirmProblems).toEqual(['nameRequired', 'accountRequired']);
    expect(confirms).toHaveLength(0);
    actor.send({ type: 'confirm.submit', realName: 'Li', account: 'li@corp.test' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(confirms).toEqual([{ realName: 'Li', account: 'li@corp.test' }]);
  });

  it('stops at the no-e-mail state for a user without an e-mail', async () => {
    const { actor } = start({ load: () => loaded({ ...OLD, hasEmail: false }, []) });
    await settled(actor);
    expect(actor.getSnapshot().matches('noEmail')).toBe(true);
  });

  it('loads again after a refused exchange, keeping the reason', async () => {
    let loads = 0;
    const { actor } = start({
      load: () => (loads++, loaded(OLD, [licence('A', 250626, 5)])),
      exchange: () => ({ kind: 'refused', reason: 'insufficientPoints', message: 'no' }),
    });
    await settled(actor);
    actor.send({ type: 'exchange.start', licenceNo: 'A', key: 'k' });
    await waitFor(actor, (s) => s.matches('ready') && loads === 2);
    expect(actor.getSnapshot().context.notice).toMatchObject({ kind: 'exchangeRefused', reason: 'insufficientPoints' });
  });

  it('property: whatever the standing and the clicks, an exchange is asked only for a licence whose button is enabled, one at a time, each click with its own key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ oldUser: fc.boolean(), internal: fc.boolean(), confirmed: fc.boolean(), hasEmail: fc.boolean() }),
        fc.array(fc.tuple(fc.constantFrom(250626, 838249, 7), fc.integer({ min: -3, max: 12 })), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.array(fc.nat(5), { maxLength: 8 }),
        async (access, specs, points, clicks) => {
          const licences = specs.map(([offer, days], i) => licence(`L${i}`, offer, days));
          const cost = access.oldUser ? 300 : 3000;
          const { actor, exchanges } = start({ load: () => loaded(access, licences, points, cost) });
          await settled(actor);
          const snapshot = actor.getSnapshot();
          expect(snapshot.matches('noEmail')).toBe(!access.hasEmail);
          expect(snapshot.matches('confirming')).toBe(needsConfirmation(access));
          const context = snapshot.context;
          const enabled = new Set(licences.filter((l) => licenceBlock(context, l) === null).map((l) => l.licenceNo));
          if (!exchangeTableVisible(access)) expect(enabled.size).toBe(0);
          for (const [i, n] of clicks.entries()) {
            actor.send({ type: 'exchange.start', licenceNo: `L${n}`, key: `k${i}` });
          }
          await settled(actor);
          // The first click on an enabled licence goes through; every other click arrives while it runs, or on a disabled one.
          for (const request of exchanges) expect(enabled.has(request.licenceNo)).toBe(true);
          expect(exchanges.length).toBeLessThanOrEqual(1);
          expect(new Set(exchanges.map((e) => e.key)).size).toBe(exchanges.length);
          actor.stop();
        },
      ),
      { numRuns: 60 },
    );
  });
});
