import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

/** Queries as owners type them, each with the seeded article it must find (content/library). */
const QUERIES: Array<{ query: string; expect: string }> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/knowledge-search-queries.json'), 'utf8'),
);

let portal: TestPortal;
let customer: TestCustomer;
beforeAll(async () => {
  portal = await createTestPortal();
  const report = await seedKnowledge(portal.services);
  expect(report?.problems).toEqual([]);
  customer = await createCustomer(portal, 'search');
});
afterAll(() => portal.close());

describe('search quality over the seeded libraries', () => {
  it('has at least 30 queries in each language half', () => {
    const chinese = QUERIES.filter((q) => /\p{Script=Han}/u.test(q.query));
    expect(QUERIES.length).toBeGreaterThanOrEqual(30);
    expect(chinese.length).toBeGreaterThanOrEqual(12);
    expect(QUERIES.length - chinese.length).toBeGreaterThanOrEqual(12);
  });

  it('puts the right article in the top 3 for at least 90% of the queries', async () => {
    const misses: string[] = [];
    for (const { query, expect: key } of QUERIES) {
      const article = await portal.services.knowledgeStore.articleBySourceKey(key);
      expect(article, key).not.toBeNull();
      // The language the owner reads in, as the page sends it.
      const Language = /\p{Script=Han}/u.test(query) ? 'zh' : 'en';
      const answer = (await portal.call('KnowledgeClassify/SearchAllowAnonymous', { Keyword: query, Language, TopNums: 3 }, customer.token)).body;
      const ids = Array.isArray(answer.ReturnData) ? answer.ReturnData.map((h: { Id: number }) => h.Id) : [];
      if (!ids.includes(article!.id)) misses.push(`${query} -> ${key} (got ${Array.isArray(answer.ReturnData) ? answer.ReturnData.map((h: { Title: string }) => h.Title).join(' | ') : 'nothing'})`);
    }
    const share = 1 - misses.length / QUERIES.length;
    console.log(`search quality: ${QUERIES.length - misses.length}/${QUERIES.length} in the top 3 (${(share * 100).toFixed(1)}%)${misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''}`);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
