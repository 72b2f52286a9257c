import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedCluster } from '../../src/adapters/postgres/embedded-cluster.adapter';
import { buildApp } from '../../src/server/app';
import { composeServices } from '../../src/server/compose';
import { loadConfig } from '../../src/server/config';
import { openInfrastructure } from '../../src/server/infrastructure';
import { isDatabaseUnavailable } from '../../src/server/unavailable';

const dir = mkdtempSync(path.join(tmpdir(), 'db-outage-'));
chmodSync(dir, 0o755); // PostgreSQL runs as `postgres` when the tests run as root
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('calls while the database is down', () => {
  it('answer 503 with Retry-After in the envelope, at once, and the probes tell the balancer', async () => {
    const cluster = await startEmbeddedCluster({ dir: path.join(dir, 'pg'), ephemeral: true });
    // Load shedding off: on a busy host the stop's pause would be shed (503 "busy") before the database is asked.
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: cluster.url(), LOG_LEVEL: 'silent', SCRYPT_COST: String(2 ** 10), LOAD_SHED_DELAY_MS: '0' });
    const infrastructure = await openInfrastructure(config);
    const app = await buildApp({ config, services: composeServices(config, infrastructure), logger: false, distDir: path.join(dir, 'no-spa') });
    try {
      const login = () => app.inject({ method: 'POST', url: '/api/Login/UserLogin', payload: { Account: 'nobody@example.com', Password: 'secret123' } });
      expect((await login()).json().code).not.toBe(503);

      await cluster.stop();
      const started = Date.now();
      const down = await login();
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ code: 503, info: expect.stringContaining('try again in 5 seconds'), ReturnData: null, Refused: { id: 'unavailable', values: { seconds: 5 } } });
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await infrastructure.close();
    }
  });

  it('tells an outage from a bug, through drizzle\'s wrapping', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});
