import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_QUESTIONS } from '../../bench/chat-questions';
import { expectedFacts, grade, GRADING_ZONE, questionText, seedGradedFleet, shares, wrongLines, type Graded, type GradingData } from '../../bench/chat-grader';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { seedMaintenanceItems } from '../../src/seed/maintenance.seed';
import { LIVE_FRESH_MS } from '../../src/server/services/chat/facts/live-state.facts';
import { contentOf, streamEvents } from '../support/chat-stream';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 35 item 4: the graded question set (bench/chat-questions.ts, half zh, half en) asked of the
// embedded answerer on a real server, the demo fleet seeded for the asker (history, warranty, plans,
// work orders, one machine in alarm now); each answer's first sentences must hold the facts the
// grader computes from the same data. At least 90% right in each language, as `npm run bench:chat` reports.
let portal: TestPortal;
let owner: TestCustomer;
let data: GradingData;
const results: Graded[] = [];

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  await seedKnowledge(portal.services);
  await seedMaintenanceItems(portal.services);
  owner = await createCustomer(portal, 'graded-owner');
  const fleet = await seedGradedFleet(portal.services, portal.services.infrastructure.database.db, owner.userId);
  // The live state: the K350 in a chiller alarm, the others cutting.
  const live = portal.app.telemetry.live;
  for (const m of fleet) {
    const alarm = m.startsWith('K350');
    live.ingest(m, JSON.stringify([{ KEY: 'State', VALUE: alarm ? 0 : 1 }, { KEY: 'ErrorType', VALUE: alarm ? 'Chiller' : '' }, ...(alarm ? [{ KEY: 'ErrorContent', VALUE: 'E512 Chiller water flow low' }] : [])]));
  }
  data = {
    services: portal.services,
    userId: owner.userId,
    liveAlarm: (orderNumber) => {
      const type = live.latest(orderNumber, LIVE_FRESH_MS)?.values.ErrorType;
      return typeof type === 'string' ? type : null;
    },
  };
});
afterAll(() => portal?.close());

describe('the graded question set', () => {
  it('has at least 60 questions, half in each language', () => {
    expect(CHAT_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(CHAT_QUESTIONS.filter((q) => q.lang === 'zh').length).toBe(CHAT_QUESTIONS.filter((q) => q.lang === 'en').length);
  });

  it('is answered right from the data first, at least 90% in each language', async () => {
    for (const q of CHAT_QUESTIONS) {
      // 12 questions a minute per customer: the clock moves on between them.
      portal.clock.advance(5_100);
      const asked = await questionText(q, data);
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/Chat/Completions',
        headers: { 'content-type': 'application/json', token: owner.token },
        payload: JSON.stringify({ stream: true, messages: [{ role: 'user', content: asked }], lang: q.lang, TimeZone: GRADING_ZONE }),
      });
      expect(res.statusCode).toBe(200);
      results.push(grade(q, asked, contentOf(streamEvents(res.body)), await expectedFacts(q, data, portal.clock.now())));
    }
    const share = shares(results);
    const report = `zh ${share.zh.right}/${share.zh.total}, en ${share.en.right}/${share.en.total}\n${wrongLines(results).join('\n')}`;
    if (process.env.CHAT_GRADED_REPORT) console.log(report);
    expect(share.zh.share, report).toBeGreaterThanOrEqual(90);
    expect(share.en.share, report).toBeGreaterThanOrEqual(90);
  });
});
