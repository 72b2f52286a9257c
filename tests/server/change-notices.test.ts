import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgChangeNotices } from '../../src/adapters/postgres/pg-change-notices.adapter';
import { composeServices, type Services } from '../../src/server/compose';
import { loadConfig } from '../../src/server/config';
import { openInfrastructure, type Infrastructure } from '../../src/server/infrastructure';
import { createTestDatabase } from '../support/test-db';

// @store: LISTEN/NOTIFY between portals on one database, which the server's configuration may change.

// Two portals on one database, as behind a balancer: each with its own caches and its own
// listening connection.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'notices-'));
const portals: { infrastructure: Infrastructure; services: Services }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCRYPT_COST: String(2 ** 10) });
  for (let i = 0; i < 2; i++) {
    const infrastructure = await openInfrastructure(config, { database });
    portals.push({ infrastructure, services: composeServices(config, infrastructure) });
    await (infrastructure.notices as PgChangeNotices).listening();
  }
  await portals[0]!.services.knowledgeAdmin.ensureLibraries();
});
afterAll(async () => {
  for (const p of portals) await p.infrastructure.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const namesOn = async (services: Services) => {
  const outcome = await services.knowledge.tree('knowledge', 'en');
  if (!outcome.ok) throw new Error('no tree');
  return outcome.data[0]!.children.map((c) => c.name);
};

describe('a staff change on one portal', () => {
  it('clears the cached tree of the other portal at once, not after the cache expires', async () => {
    const [a, b] = portals as [(typeof portals)[0], (typeof portals)[0]];
    expect(await namesOn(b.services)).not.toContain('Welding'); // cached on b for 5 s
    const root = (await a.services.knowledgeAdmin.tree('knowledge'));
    if (!root.ok) throw new Error('no admin tree');
    const saved = await a.services.knowledgeAdmin.saveNode({ library: 'knowledge', parentId: root.data[0]!.id, name: '焊接', nameEn: 'Welding' });
    expect(saved.ok).toBe(true);
    const started = Date.now();
    while (!(await namesOn(b.services)).includes('Welding')) {
      expect(Date.now() - started).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
