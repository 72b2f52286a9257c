import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsBalances, pointsLedger } from '../../src/adapters/postgres/tables/points';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal.close());

const mallPoints = async (token: string) => (await portal.call('User/GetMallPoints', {}, token)).body;

/** The ledger's rows of a user and their sum, read straight from the tables. */
async function ledgerOf(userId: string) {
  const { db } = portal.services.database;
  const rows = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId));
  const [stored] = await db.select().from(pointsBalances).where(eq(pointsBalances.userId, userId));
  return { rows, sum: rows.reduce((s, r) => s + r.delta, 0), balance: stored?.balance ?? 0 };
}

const grant = (c: TestCustomer, delta: number, extra: { idempotencyKey?: string; reason?: string } = {}) =>
  portal.services.points.change({ userId: c.userId, delta, reason: extra.reason ?? 'test', source: 'staff', idempotencyKey: extra.idempotencyKey });

describe('User/GetMallPoints', () => {
  it('answers 0 points at level 1 for a customer with no ledger rows', async () => {
    const c = await createCustomer(portal, 'points-none');
    const answer = await mallPoints(c.token);
    expect(answer).toMatchObject({ code: 200, ReturnData: 0, ReturnType: { Level: 1, Points: 0, Floor: 0, Next: 5000, ToNext: 5001, Progress: 0 } });
  });

  it("answers the sum of the caller's own rows with the level of spec 2 section 9, never another's", async () => {
    const a = await createCustomer(portal, 'points-a');
    const b = await createCustomer(portal, 'points-b');
    await grant(a, 6000);
    await grant(a, -500);
    await grant(b, 40_000);
    expect(await mallPoints(a.token)).toMatchObject({ ReturnData: 5500, ReturnType: { Level: 2, Floor: 5000, Next: 10000, Progress: 55 } });
    expect(await mallPoints(b.token)).toMatchObject({ ReturnData: 40_000, ReturnType: { Level: 5, Next: null, ToNext: 0, Progress: 100 } });
    // A UserId in the body never widens what a caller sees (DECISIONS 2).
    expect((await portal.call('User/GetMallPoints', { UserId: b.userId }, a.token)).body.code).toBe(403);
  });

  it('asks for a login without a token', async () => {
    expect((await portal.call('User/GetMallPoints', {})).body.code).toBe(401);
  });
});

describe('the points ledger', () => {
  it('keeps every change as a row with reason, source, time and the balance after it', async () => {
    const c = await createCustomer(portal, 'points-rows');
    const first = await grant(c, 1200, { reason: 'welcome bonus' });
    const second = await portal.services.points.change({ userId: c.userId, delta: -200, reason: 'correction', source: 'staff', sourceRef: 'ticket 7' });
    expect(first.ok && second.ok).toBe(true);
    const { rows, total } = await portal.services.pointsLedger.entries(c.userId, { offset: 0, limit: 10 });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason, r.source, r.sourceRef])).toEqual([
      [-200, 1000, 'correction', 'staff', 'ticket 7'],
      [1200, 1200, 'welcome bonus', 'staff', ''],
    ]);
    expect(rows[0].createdAt).toEqual(portal.clock.now());
  });

  it('refuses a change that would go below zero and books nothing', async () => {
    const c = await createCustomer(portal, 'points-low');
    await grant(c, 100);
    const refused = await grant(c, -101);
    expect(refused).toMatchObject({ ok: false, refusal: 'insufficient', values: { balance: 100 } });
    expect(await ledgerOf(c.userId)).toMatchObject({ sum: 100, balance: 100 });
    expect((await grant(c, -100)).ok).toBe(true);
    expect(await portal.services.pointsLedger.balance(c.userId)).toBe(0);
  });

  it('refuses a change that is not a whole non-zero number of points with a reason', async () => {
    const c = await createCustomer(portal, 'points-bad');
    expect(await grant(c, 0)).toMatchObject({ ok: false, refusal: 'zero' });
    expect(await grant(c, 1.5)).toMatchObject({ ok: false, refusal: 'notWhole' });
    expect(await grant(c, 5, { reason: ' ' })).toMatchObject({ ok: false, refusal: 'reasonRequired' });
    expect((await ledgerOf(c.userId)).rows).toHaveLength(0);
  });

  it('books one idempotency key once, even when its changes race', async () => {
    const c = await createCustomer(portal, 'points-key');
    const answers = await Promise.all(Array.from({ length: 8 }, () => grant(c, 300, { idempotencyKey: 'click-1' })));
    expect(answers.every((a) => a.ok)).toBe(true);
    const ids = new Set(answers.map((a) => (a.ok ? a.data.id : 0)));
    expect(ids.size).toBe(1);
    expect(await ledgerOf(c.userId)).toMatchObject({ sum: 300, balance: 300 });
  });

  it('20 parallel debits and credits on one balance stay exact and never negative', async () => {
    const c = await createCustomer(portal, 'points-race');
    await grant(c, 1000);
    // 15 debits of 100 (only 10 fit into 1000 without credits) and 5 credits of 30, all at once.
    const deltas = [...Array.from({ length: 15 }, () => -100), ...Array.from({ length: 5 }, () => 30)];
    const answers = await Promise.all(deltas.map((d) => grant(c, d)));
    const booked = deltas.filter((_, i) => answers[i].ok);
    const refused = answers.filter((a) => !a.ok);
    expect(refused.every((a) => !a.ok && a.refusal === 'insufficient')).toBe(true);
    const ledger = await ledgerOf(c.userId);
    expect(ledger.sum).toBe(1000 + booked.reduce((s, d) => s + d, 0));
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.rows.every((r) => r.balanceAfter >= 0)).toBe(true);
    // At least 10 debits fit, at most 11 (with all credits first); every credit books.
    const debits = booked.filter((d) => d < 0).length;
    expect(debits).toBeGreaterThanOrEqual(10);
    expect(debits).toBeLessThanOrEqual(11);
    expect(booked.filter((d) => d > 0)).toHaveLength(5);
    // The running balances form one chain: each row's balance is the one before plus its delta.
    const chain = [...ledger.rows].sort((x, y) => x.id - y.id);
    chain.reduce((before, r) => {
      expect(r.balanceAfter).toBe(before + r.delta);
      return r.balanceAfter;
    }, 0);
    expect((await mallPoints(c.token)).ReturnData).toBe(ledger.sum);
  });

  it('the schema itself refuses a negative balance, whatever writes it', async () => {
    const c = await createCustomer(portal, 'points-schema');
    await grant(c, 10);
    await expect(
      portal.services.database.db.update(pointsBalances).set({ balance: sql`${pointsBalances.balance} - 11` }).where(eq(pointsBalances.userId, c.userId)),
    ).rejects.toThrow();
  });
});
