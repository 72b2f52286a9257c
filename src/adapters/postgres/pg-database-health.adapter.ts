import type pg from 'pg';
import type { DatabaseHealthPort } from '../../ports/database-health.port';

/** The readiness probe's question to PostgreSQL: `select 1` on the portal's pool. */
export class PgDatabaseHealth implements DatabaseHealthPort {
  constructor(private readonly pool: pg.Pool) {}

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }
}
