import type pg from 'pg';
import type { ScryptHasher } from '../adapters/crypto/scrypt-hasher.adapter';

/** Connections the pool opens before the portal says it is ready: a page's first calls at once. */
export const WARM_CONNECTIONS = 4;

/**
 * What the first calls would otherwise start lazily, done before the portal listens (issue 35
 * item 14: after a restart `/api/ready` answered 200 and the first `UserLogin` was the one to
 * start the rest): a password hash at the configured cost, and connections of the database pool
 * (each a PostgreSQL backend process to fork). A failure here is not the start's: the calls meet
 * it, and readiness reports the database as it finds it.
 */
export async function warmUp(deps: { hasher: Pick<ScryptHasher, 'warmUp'>; pool: pg.Pool }): Promise<void> {
  const connections = Math.min(WARM_CONNECTIONS, deps.pool.options.max ?? WARM_CONNECTIONS);
  const opened = await Promise.allSettled(Array.from({ length: connections }, () => deps.pool.connect()));
  for (const client of opened) if (client.status === 'fulfilled') client.value.release();
  await deps.hasher.warmUp().catch(() => {});
}
