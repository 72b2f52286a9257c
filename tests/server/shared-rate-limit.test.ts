import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Two portals behind a balancer on the machine's Redis; a prefix of this run's own.
const env = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
let a: TestPortal;
let b: TestPortal;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestPortal(env), createTestPortal(env)]);
});
afterAll(async () => {
  const redis = new Redis(env.REDIS_URL);
  const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await Promise.all([a?.close(), b?.close()]);
});

describe('rate limits with REDIS_URL', () => {
  it('count calls across portals: ten contact messages in ten minutes from one address, wherever they land', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await (i % 2 ? b : a).call('Home/SaveContact', {})).status);
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await b.call('Home/SaveContact', {});
    expect(refused.body).toMatchObject({ code: 429, info: expect.stringContaining('Too many requests') });
  });
});
