import { expect } from 'vitest';
import { streamEvents } from './chat-stream';
import type { TestPortal } from './test-portal';

/** Asks the assistant as `token`'s customer, in the factory's zone (UTC here), and answers the stream's events. */
export async function askChat(portal: TestPortal, token: string, content: string, lang: 'zh' | 'en' = 'en') {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/Chat/Completions',
    headers: { 'content-type': 'application/json', token },
    payload: JSON.stringify({ stream: true, messages: [{ role: 'user', content }], lang, TimeZone: 'UTC' }),
  });
  expect(res.statusCode).toBe(200);
  return streamEvents(res.body);
}
