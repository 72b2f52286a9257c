import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { streamEvents } from '../support/chat-stream';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

/** Owner questions as they would type them to the assistant, each with the seeded article it must cite (content/library). */
const QUESTIONS: Array<{ question: string; expect: string }> = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/chat-questions.json'), 'utf8'));

let portal: TestPortal;
let customer: TestCustomer;
beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  const report = await seedKnowledge(portal.services);
  expect(report?.problems).toEqual([]);
  customer = await createCustomer(portal, 'chat-quality');
});
afterAll(() => portal.close());

describe('the embedded assistant\'s answer quality over the seeded articles', () => {
  it('has at least 40 questions, 20 in each language', () => {
    const chinese = QUESTIONS.filter((q) => /\p{Script=Han}/u.test(q.question));
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(chinese.length).toBeGreaterThanOrEqual(20);
    expect(QUESTIONS.length - chinese.length).toBeGreaterThanOrEqual(20);
  });

  it('cites the right article in the top 3 for at least 90% of the questions, in each language', async () => {
    const misses: string[] = [];
    const missesBy = { zh: 0, en: 0 };
    let first = 0;
    for (const { question, expect: key } of QUESTIONS) {
      const article = await portal.services.knowledgeStore.articleBySourceKey(key);
      expect(article, key).not.toBeNull();
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/Chat/Completions',
        headers: { 'content-type': 'application/json', token: customer.token },
        payload: JSON.stringify({ stream: true, messages: [{ role: 'user', content: question }] }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const cited = (streamEvents(res.body).find((e) => e !== '[DONE]' && Array.isArray(e.citations)) as { citations: Array<{ id: number; title: string }> }).citations;
      if (cited[0]?.id === article!.id) first++;
      if (!cited.slice(0, 3).some((c) => c.id === article!.id)) {
        missesBy[/\p{Script=Han}/u.test(question) ? 'zh' : 'en']++;
        misses.push(`${question} -> ${key} (cited ${cited.map((c) => c.title).join(' | ') || 'nothing'})`);
      }
      // Within the per-customer limit of 12 questions a minute.
      portal.clock.advance(6_000);
    }
    const share = 1 - misses.length / QUESTIONS.length;
    console.log(`chat answer quality: ${QUESTIONS.length - misses.length}/${QUESTIONS.length} cite the right article in the top 3 (${(share * 100).toFixed(1)}%), ${first} first${misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''}`);
    expect(share).toBeGreaterThanOrEqual(0.9);
    const half = QUESTIONS.length / 2;
    expect(missesBy.zh / half, 'Chinese misses').toBeLessThanOrEqual(0.1);
    expect(missesBy.en / half, 'English misses').toBeLessThanOrEqual(0.1);
  });
});
