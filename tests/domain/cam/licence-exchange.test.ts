import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  confirmationProblems,
  DAY_MS,
  EXCHANGE_PRICE,
  exchangeBlock,
  exchangeCost,
  exchangeTableVisible,
  exchangeWindow,
  isInternalEmail,
  needsConfirmation,
  type ExchangeAccess,
} from '../../../src/domain/cam/licence-exchange';

const access = fc.record({ oldUser: fc.boolean(), internal: fc.boolean(), confirmed: fc.boolean(), hasEmail: fc.boolean() });
const NOW = Date.UTC(2026, 10, 21, 8);

describe('the exchange window', () => {
  it('opens exactly 7 days before expiry and closes at it', () => {
    const expires = NOW + 10 * DAY_MS;
    expect(exchangeWindow(expires, expires - 7 * DAY_MS - 1000)).toBe('tooEarly');
    expect(exchangeWindow(expires, expires - 7 * DAY_MS)).toBe('open');
    expect(exchangeWindow(expires, expires - 1)).toBe('open');
    expect(exchangeWindow(expires, expires)).toBe('expired');
    expect(exchangeWindow(expires, expires + DAY_MS)).toBe('expired');
  });

  it('property: open exactly when 0 < expiry - now <= 7 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * DAY_MS, max: 30 * DAY_MS }), (left) => {
        expect(exchangeWindow(NOW + left, NOW) === 'open').toBe(left > 0 && left <= 7 * DAY_MS);
      }),
    );
  });
});

describe('who sees the exchange table', () => {
  it('old users and confirmed internal-domain users with an e-mail; nobody without one', () => {
    const base: ExchangeAccess = { oldUser: false, internal: false, confirmed: false, hasEmail: true };
    expect(exchangeTableVisible(base)).toBe(false);
    expect(exchangeTableVisible({ ...base, oldUser: true })).toBe(true);
    expect(exchangeTableVisible({ ...base, internal: true })).toBe(false);
    expect(needsConfirmation({ ...base, internal: true })).toBe(true);
    expect(exchangeTableVisible({ ...base, internal: true, confirmed: true })).toBe(true);
    expect(exchangeTableVisible({ ...base, oldUser: true, hasEmail: false })).toBe(false);
  });

  it('property: the table shows iff e-mail and (old user or internal and confirmed); confirmation is asked only of unconfirmed internal non-old users', () => {
    fc.assert(
      fc.property(access, (a) => {
        expect(exchangeTableVisible(a)).toBe(a.hasEmail && (a.oldUser || (a.internal && a.confirmed)));
        if (needsConfirmation(a)) expect(exchangeTableVisible(a)).toBe(false);
        // Confirming is what an internal user lacks: once confirmed, the table shows.
        if (needsConfirmation(a)) expect(exchangeTableVisible({ ...a, confirmed: true })).toBe(true);
        expect(exchangeCost(a)).toBe(a.oldUser ? EXCHANGE_PRICE.preferential : EXCHANGE_PRICE.full);
      }),
    );
  });
});

describe('when the exchange button is enabled', () => {
  it('property: enabled only for a visible table, an offered licence, an open window and enough points', () => {
    fc.assert(
      fc.property(
        access,
        fc.constantFrom(250626, 838249, 1, 999999),
        fc.integer({ min: -10 * DAY_MS, max: 20 * DAY_MS }),
        fc.integer({ min: 0, max: 5000 }),
        (a, offerId, left, points) => {
          const block = exchangeBlock({ offerId, expiresAt: NOW + left }, { access: a, points, now: NOW });
          const enabled = block === null;
          const expected =
            exchangeTableVisible(a) &&
            (offerId === 250626 || offerId === 838249) &&
            exchangeWindow(NOW + left, NOW) === 'open' &&
            points >= exchangeCost(a);
          expect(enabled).toBe(expected);
          // An enabled button never spends below zero.
          if (enabled) expect(points - exchangeCost(a)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('internal domains and confirmation', () => {
  it('matches a domain exactly and *.domain with its subdomains', () => {
    const patterns = ['corp.test', '*.group.test'];
    expect(isInternalEmail('a@corp.test', patterns)).toBe(true);
    expect(isInternalEmail('a@CORP.test', patterns)).toBe(true);
    expect(isInternalEmail('a@eu.corp.test', patterns)).toBe(false);
    expect(isInternalEmail('a@group.test', patterns)).toBe(true);
    expect(isInternalEmail('a@eu.group.test', patterns)).toBe(true);
    expect(isInternalEmail('a@evilgroup.test', patterns)).toBe(false);
    expect(isInternalEmail('a@corp.test.evil.com', patterns)).toBe(false);
    expect(isInternalEmail(null, patterns)).toBe(false);
    expect(isInternalEmail('corp.test', patterns)).toBe(false);
  });

  it('requires name and account (index.jobErr)', () => {
    expect(confirmationProblems({ realName: ' ', account: '' })).toEqual(['nameRequired', 'accountRequired']);
    expect(confirmationProblems({ realName: 'Li', account: 'a@b' })).toEqual([]);
  });
});
