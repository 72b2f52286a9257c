import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import { KyPortalHttpAdapter } from '../../src/adapters/ky/ky-portal-http.adapter';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';
import type { NoticeDialog, NotifierPort } from '../../src/ports/notifier.port';

// Streamed calls (Chat/Completions): the answer's headers within the call timeout, then the body
// as it comes, however long it streams; a refusal is the envelope.
let server: Server;
let baseUrl: string;
const tokens: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    tokens.push(req.headers.token as string | undefined);
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/Chat/Refused') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ code: 400, info: '请输入内容', ReturnData: null }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      let n = 0;
      const timer = setInterval(() => {
        if (n < 6) res.write(`data: {"choices":[{"delta":{"content":"${n++}"}}]}\n\n`);
        else {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, 300);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function adapter() {
  const values = new Map<StorageKey, string>([['token', 'tok-1']]);
  const storage: KeyValueStoragePort = { get: (k) => values.get(k) ?? null, set: (k, v) => void values.set(k, v), remove: (k) => void values.delete(k), clearExcept: () => values.clear() };
  const errors: string[] = [];
  const dialogs: NoticeDialog[] = [];
  const notifier: NotifierPort = { error: (t) => void errors.push(t), success: () => {}, warning: () => {}, dialog: (d) => void dialogs.push(d) };
  return { http: new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 1_000 }), errors, dialogs };
}

describe('KyPortalHttpAdapter.stream', () => {
  it('hands back the body, read to its end well past the call timeout, with the token sent', async () => {
    const { http, dialogs } = adapter();
    const answer = await http.stream('Chat/Completions', { messages: [] });
    expect(answer.kind).toBe('stream');
    if (answer.kind !== 'stream') return;
    const text = await new Response(answer.body).text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(text.match(/"content"/g)?.length).toBe(6);
    expect(tokens.at(-1)).toBe('tok-1');
    expect(dialogs).toEqual([]);
  });

  it('hands back a refusal as the envelope, quietly when asked', async () => {
    const { http, errors } = adapter();
    expect(await http.stream('Chat/Refused', {}, undefined, { quiet: true })).toEqual({ kind: 'envelope', envelope: { code: 400, info: '请输入内容', ReturnData: null } });
    expect(errors).toEqual([]);
  });

  it('stops reading when the signal aborts', async () => {
    const { http } = adapter();
    const controller = new AbortController();
    const answer = await http.stream('Chat/Completions', {}, controller.signal);
    if (answer.kind !== 'stream') throw new Error('no stream');
    const reader = answer.body.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
  });
});
