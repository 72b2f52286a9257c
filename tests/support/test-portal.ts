import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { composeServices, type Services } from '../../src/server/compose';
import { loadConfig, type Config } from '../../src/server/config';
import { openInfrastructure } from '../../src/server/infrastructure';
import type { Clock } from '../../src/ports/clock.port';
import { seedCamCatalogue } from '../../src/seed/cam.seed';
import { seedDemoAccounts } from '../../src/seed/demo.seed';
import { seedDevices } from '../../src/seed/devices.seed';
import { seedSpareParts } from '../../src/seed/repair.seed';
import { createTestDatabase } from './test-db';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private t = Date.UTC(2026, 10, 21, 8, 0, 0)) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestPortal {
  app: FastifyInstance;
  services: Services;
  clock: TestClock;
  config: Config;
  /** POSTs a JSON body (or raw string) to /api/<path>; answers status and parsed envelope. */
  call(pathName: string, body?: unknown, token?: string | null): Promise<{ status: number; body: any }>;
  /** Logs in and answers the token and user id. */
  login(account: string, password: string): Promise<{ token: string; userId: string }>;
  /** The latest code the outbox holds for an address (what a user reads in their mail). */
  codeFor(address: string): string;
  close(): Promise<void>;
}

/** The real app on a fresh PostgreSQL database of its own and the test clock, without listening (Fastify `inject`). */
export async function createTestPortal(
  env: Record<string, string> = {},
  options: { logger?: object; distDir?: string; database?: Awaited<ReturnType<typeof createTestDatabase>> } = {},
): Promise<TestPortal> {
  // A database shared with other portals (as behind a balancer) is the caller's to drop.
  const shared = options.database ?? null;
  const database = shared ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  // No load shedding unless a test asks: a busy test machine must not turn a call into a 503.
  const config = loadConfig({ DATA_DIR: dataDir, SCRYPT_COST: String(2 ** 10), LOG_LEVEL: 'silent', LOAD_SHED_DELAY_MS: '0', BELL_WAIT_MS: '50', ...env });
  const clock = new TestClock();
  const infrastructure = await openInfrastructure(config, { database, clock, chatPaceMs: 0 });
  const services = composeServices(config, infrastructure, { delay: async () => {} });
  await seedDemoAccounts(services.users, services.hasher);
  await seedCamCatalogue(services);
  await seedDevices(services, null);
  await seedSpareParts(services);
  await services.knowledgeAdmin.ensureLibraries();
  const app = await buildApp({ config, services, logger: options.logger ?? false, distDir: options.distDir ?? path.join(dataDir, 'no-spa'), checkAnswers: true });
  await app.ready();

  const call: TestPortal['call'] = async (pathName, body = {}, token) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${pathName}`,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  };

  return {
    app,
    services,
    clock,
    config,
    call,
    async login(account, password) {
      const res = await call('Login/UserLogin', { Account: account, Password: password });
      if (res.body.code !== 200) throw new Error(`login of ${account} failed: ${res.body.info}`);
      return { token: res.body.ReturnData.Token, userId: res.body.ReturnData.UserId };
    },
    codeFor(address) {
      const entry = services.outbox.list().find((e) => e.to === address.toLowerCase());
      const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code in the outbox for ${address}`);
      return code;
    },
    async close() {
      await app.close();
      await infrastructure.close();
      if (!shared) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
