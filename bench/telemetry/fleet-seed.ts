import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/adapters/postgres/database';
import { hashToken } from '../../src/server/services/session.service';
import { machinePassword } from '../../src/server/telemetry/device-key';
import type { PublisherSpec } from './publishers';
import type { SubscriberSpec } from './load-phase';

export interface BenchFleet {
  machines: PublisherSpec[];
  /** One browser page per owner, watching every machine of that owner. */
  owners: Array<{ userId: string; token: string }>;
  /** A staff session, for Telemetry/GetStats. */
  staffToken: string;
}

async function userWithSession(database: Database, account: string, isStaff: boolean): Promise<{ userId: string; token: string }> {
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into users (account, email, real_name, password_hash, is_staff) values ($1, $1, $1, 'not-a-login', $2) returning id`,
    [account, isStaff],
  );
  const token = randomBytes(32).toString('base64url');
  await database.pool.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [hashToken(token), rows[0].id]);
  return { userId: rows[0].id, token };
}

/**
 * Customers and machines straight into the database: `owners` customers, `count` tube machines
 * `BENCH-000001`... bound round-robin to them, and a live session per customer.
 */
export async function seedBenchFleet(database: Database, deviceKey: string, count: number, ownerCount: number): Promise<BenchFleet> {
  const owners: BenchFleet['owners'] = [];
  for (let i = 0; i < ownerCount; i++) owners.push(await userWithSession(database, `bench-owner-${i}@example.com`, false));
  const staff = await userWithSession(database, 'bench-staff@example.com', true);
  const orderNumber = (i: number) => `BENCH-${String(i + 1).padStart(6, '0')}`;
  await database.pool.query(
    `insert into machines (order_number, name, series_name, kind, owner_id, bound_at)
     select 'BENCH-' || lpad(i::text, 6, '0'), 'Bench tube ' || i, 'T', 'tube', ($2::uuid[])[1 + (i - 1) % $3], now()
     from generate_series(1, $1) as i`,
    [count, owners.map((o) => o.userId), ownerCount],
  );
  const machines = Array.from({ length: count }, (_, i) => ({
    orderNumber: orderNumber(i),
    username: `machine:${orderNumber(i)}`,
    password: machinePassword(deviceKey, orderNumber(i)),
  }));
  return { machines, owners, staffToken: staff.token };
}

/** The pages watching the first `n` machines: each owner's page subscribes to its machines among them. */
export function subscribersFor(fleet: BenchFleet, n: number): SubscriberSpec[] {
  const pages = fleet.owners.map((o) => ({ username: o.userId, password: o.token, topics: [] as string[] }));
  fleet.machines.slice(0, n).forEach((m, i) => pages[i % pages.length].topics.push(m.orderNumber));
  return pages.filter((p) => p.topics.length);
}
