import type { PointsLedgerStore } from '../ports/points-ledger.port';
import type { SupportStore, WarrantyRegistryPort } from '../ports/user-centre-store.port';
import { DEMO_FLEET, UNBOUND_MACHINES } from './devices.seed';

const YEAR = 365 * 24 * 3600_000;
const DAY = 24 * 3600_000;

/**
 * The maintenance platform's warranty records for the demo fleet and the unbound machines: two
 * years from delivery, every third machine with a one-year extension (issue 14, item 4).
 */
export async function seedWarranty(deps: { warrantyRegistry: WarrantyRegistryPort }): Promise<number> {
  const all = [...DEMO_FLEET, ...UNBOUND_MACHINES];
  for (const [i, m] of all.entries()) {
    const delivered = m.deliveryTime ?? new Date('2024-01-01T00:00:00Z');
    const guaranteeUntil = new Date(delivered.getTime() + 2 * YEAR);
    const extended = i % 3 === 0;
    await deps.warrantyRegistry.put({
      orderNumber: m.orderNumber,
      deliveryTime: delivered,
      marketingDept: i % 2 === 0 ? 'East China Sales' : 'International Sales',
      belongDept: i % 2 === 0 ? 'Jinan Service Centre' : 'Overseas Service Centre',
      laserBrand: ['Raycus', 'IPG', 'Max'][i % 3]!,
      guaranteeUntil,
      extendedUntil: extended ? new Date(guaranteeUntil.getTime() + YEAR) : null,
      extendedType: extended ? 'Whole machine +1 year' : '',
    });
  }
  return all.length;
}

/** The demo customer's questions, one in every state (open, urgent, answered, completed), unless they have some. */
export async function seedDemoQuestions(deps: { supportStore: SupportStore }, ownerId: string, now: Date): Promise<number> {
  const { total } = await deps.supportStore.list({ ownerId });
  if (total > 0) return 0;
  const base = { ownerId, userName: 'Demo Customer', phone: 'demo@example.com', mainFileId: null, mainFileName: '', otherFileId: null, otherFileName: '' };
  const open = await deps.supportStore.create({
    ...base,
    product: 1,
    version: '1.5.2',
    title: 'Nest Tube hangs when importing a STEP file',
    htmlContent: '<p>1. Open Nest Tube.</p><p>2. Import a large STEP assembly.</p><p>3. The progress bar stops at 80%.</p>',
    expectedAt: new Date(now.getTime() + 7 * DAY),
    createdAt: new Date(now.getTime() - 2 * DAY),
  });
  const urgent = await deps.supportStore.create({
    ...base,
    product: 0,
    version: '2.0.1',
    title: 'Nest part spacing ignored on the second sheet',
    htmlContent: '<p>The spacing of <strong>5 mm</strong> is kept on the first sheet only.</p>',
    expectedAt: new Date(now.getTime() + 3 * DAY),
    createdAt: new Date(now.getTime() - 5 * DAY),
  });
  await deps.supportStore.urge(urgent.id, ownerId);
  const answered = await deps.supportStore.create({
    ...base,
    product: 2,
    version: '1.0.8',
    title: 'Hub does not show the machine online',
    htmlContent: '<p>The Hub lists the machine as offline although it is cutting.</p>',
    expectedAt: new Date(now.getTime() + 1 * DAY),
    createdAt: new Date(now.getTime() - 9 * DAY),
  });
  await deps.supportStore.answer(answered.id, 'Please update the Hub gateway to 1.0.9; the status will show again within a minute.', null, new Date(now.getTime() - 8 * DAY), false);
  const completed = await deps.supportStore.create({
    ...base,
    product: 3,
    version: '3.2.0',
    title: 'MES report export is empty',
    htmlContent: '<p>The monthly export has headers but no rows.</p>',
    expectedAt: new Date(now.getTime() - 10 * DAY),
    createdAt: new Date(now.getTime() - 20 * DAY),
  });
  await deps.supportStore.answer(completed.id, 'Fixed in MES 3.2.1, released today. Thank you for the report.', null, new Date(now.getTime() - 15 * DAY), true);
  return [open, urgent, answered, completed].length;
}

/**
 * The demo customer's points history: purchases and a staff grant that put them at 7,400 points,
 * level 2 (silver) on the way to 10,000 (issue 14, item 4). Booked once (idempotency keys).
 */
export async function seedDemoPoints(deps: { pointsLedger: PointsLedgerStore }, ownerId: string, now: Date): Promise<number> {
  const rows: Array<[delta: number, reason: string, source: 'purchase' | 'staff', daysAgo: number]> = [
    // What staff would write: the order numbers of what was bought (the page names the source in its language).
    [3000, 'G3015-240101', 'purchase', 400],
    [2500, 'P6025-240217', 'purchase', 300],
    [1500, 'PO-2025-0412', 'purchase', 120],
    [400, 'CS-2026-0031', 'staff', 30],
  ];
  let booked = 0;
  for (const [i, [delta, reason, source, daysAgo]] of rows.entries()) {
    const answer = await deps.pointsLedger.book({
      userId: ownerId,
      delta,
      reason,
      source,
      idempotencyKey: `demo-points-${i + 1}`,
      at: new Date(now.getTime() - daysAgo * DAY),
    });
    if (answer.kind === 'booked' && !answer.repeated) booked++;
  }
  return booked;
}
