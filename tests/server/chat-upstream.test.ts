import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { createCustomer, type TestCustomer } from '../support/customers';
import { FakeChatUpstream } from '../support/fake-chat-upstream';
import { contentOf, reasoningOf, streamEvents } from '../support/chat-stream';
import { createTestPortal, type TestPortal } from '../support/test-portal';

const KEY = 'sk-test-9f3c2a7d41e8-do-not-leak';
let upstream: FakeChatUpstream;
let portal: TestPortal;
let customer: TestCustomer;
const logLines: string[] = [];

async function ask(content: string, options: { lang?: string } = {}) {
  const started = Date.now();
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/Chat/Completions',
    headers: { 'content-type': 'application/json', token: customer.token },
    payload: JSON.stringify({ stream: true, messages: [{ role: 'user', content }], ...options }),
  });
  return { status: res.statusCode, body: res.body, events: streamEvents(res.body), ms: Date.now() - started, headers: res.headers };
}

beforeAll(async () => {
  upstream = await FakeChatUpstream.start();
  const logger = { level: 'info', stream: new Writable({ write: (line, _enc, done) => void (logLines.push(String(line)), done()) }) };
  // Timeouts a stalled upstream reaches at once, and that a busy test machine does not: with 400 ms,
  // a pause of this worker under the browser tests' load ended the long answer as timed out.
  portal = await createTestPortal(
    { CHAT_API_URL: upstream.url, CHAT_API_KEY: KEY, CHAT_MODEL: 'test-model', CHAT_FIRST_BYTE_MS: '1000', CHAT_IDLE_MS: '1000', CHAT_TOTAL_MS: '8000' },
    { logger },
  );
  await seedKnowledge(portal.services);
  customer = await createCustomer(portal, 'chat-upstream');
});
afterAll(async () => {
  await upstream.close();
  // The stop test's client connection (undici keeps its socket after the abort) would hold the close.
  portal.app.server.closeAllConnections();
  await portal.close();
});

describe('an OpenAI-compatible upstream', () => {
  it('gets the spec body with the key, the passages as context, and its stream is passed through with the citations', async () => {
    const res = await ask('How do I clean the protective lens?');
    expect(res.status).toBe(200);
    const request = upstream.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toMatchObject({ model: 'test-model', stream: true, detail: false });
    expect(request.body.messages[0]!.role).toBe('system');
    expect(request.body.messages[0]!.content).toMatch(/\[1\] .*protective/i);
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I clean the protective lens?' });
    expect(reasoningOf(res.events)).toBe('Thinking about it. ');
    const text = contentOf(res.events);
    expect(text.startsWith('First part. Second part, see [1].')).toBe(true);
    expect(text).toMatch(/\*\*Articles cited\*\*\n\n1\. \[.+\]\(\/app\/article\/\d+\/\d+\)/);
    expect(res.events.at(-1)).toBe('[DONE]');
  });

  const failures: Array<[string, RegExp, string]> = [
    ['stall after the first piece', /stopped sending/, 'stall'],
    ['no answer at all', /did not answer/, 'silent'],
    ['garbage', /not a chat stream/, 'garbage'],
    ['HTTP 500', /answered HTTP 500/, 'http500'],
    ['a disconnect mid-stream', /closed the connection/, 'disconnect'],
  ];
  for (const [what, message, word] of failures) {
    it(`${what} ends in a clear message within the timeout, the answer stored as failed`, async () => {
      const res = await ask(`lens ${word}`, { lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.ms).toBeLessThan(3000);
      const last = res.events.at(-2) as Record<string, any>;
      expect(last.error).toBeTruthy();
      expect(contentOf(res.events)).toMatch(message);
      expect(res.events.at(-1)).toBe('[DONE]');
      const id = (res.events[0] as { conversation_id: string }).conversation_id;
      const stored = await portal.call('Chat/GetConversation', { Id: id }, customer.token);
      expect(stored.body.ReturnData.Messages[1]).toMatchObject({ Ending: 'failed' });
      expect(stored.body.ReturnData.Messages[1].Content).toMatch(message);
    });
  }

  it('says why in Chinese for a Chinese question', async () => {
    const res = await ask('镜片 http500');
    expect(contentOf(res.events)).toContain('回答未能完成：模型服务返回错误');
  });

  it('stopping in the browser aborts the upstream request', async () => {
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/Chat/Completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: customer.token },
      body: JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'lens long' }] }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('piece 3.')) {
      const read = await reader.read();
      if (read.done) throw new Error(`the stream ended early: ${text}`);
      text += new TextDecoder().decode(read.value);
    }
    const request = upstream.requests.at(-1)!;
    expect(request.closedEarly).toBe(false);
    controller.abort();
    const until = Date.now() + 2000;
    while (!request.closedEarly && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(request.closedEarly).toBe(true);
    // The answer is kept as far as it came, marked stopped.
    const id = JSON.parse(text.split('\n')[0]!.slice(6)).conversation_id;
    let stored: any;
    while (Date.now() < until + 2000) {
      stored = await portal.call('Chat/GetConversation', { Id: id }, customer.token);
      if (stored.body.ReturnData.Messages.length === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(stored.body.ReturnData.Messages[1], stored.body.ReturnData.Messages[1]?.Content).toMatchObject({ Ending: 'stopped' });
    expect(stored.body.ReturnData.Messages[1].Content).toContain('piece 3.');
  });

  it('the key is in no answer and no log line', async () => {
    await ask('lens http500');
    const everything = [JSON.stringify(upstream.requests.length), ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(KEY);
    expect(logLines.some((l) => l.includes('chat answer failed'))).toBe(true);
    for (const word of ['http500', 'garbage', 'stall']) expect((await ask(`lens ${word}`)).body).not.toContain(KEY);
    const conversations = await portal.call('Chat/GetConversations', {}, customer.token);
    expect(JSON.stringify(conversations.body)).not.toContain(KEY);
  });
});

describe('the built app', () => {
  it('holds no chat key and no chat service address', () => {
    const dist = path.resolve(import.meta.dirname, '../../dist');
    if (!existsSync(dist)) return expect.fail('dist/ is not built: run npm run build first');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(dist);
    for (const f of files) {
      const text = readFileSync(f, 'latin1');
      // The browser code never reads the key's setting nor holds the server's upstream code.
      expect(text.includes('CHAT_API_KEY'), f).toBe(false);
      expect(text.includes('the model service answered HTTP'), f).toBe(false);
      expect(text.includes(KEY), f).toBe(false);
    }
  });
});
