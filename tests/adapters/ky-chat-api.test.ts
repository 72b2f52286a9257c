import { describe, expect, it } from 'vitest';
import { KyChatApi } from '../../src/adapters/ky/ky-chat-api.adapter';
import type { CallContract } from '../../src/contract/call';
import type { Envelope } from '../../src/contract/envelope';
import type { StreamReport } from '../../src/domain/chat/chat.machine';
import { chunkLine, DONE_LINE } from '../../src/domain/chat/stream-chunks';
import type { PortalCallOptions, PortalHttpPort, PortalStream, PortalStreamPort } from '../../src/ports/portal-http.port';

/** A byte stream of these pieces, as the network hands them over (split anywhere). */
const bytes = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(new TextEncoder().encode(p));
      controller.close();
    },
  });

function setup(stream: PortalStream, answer: Envelope<unknown> = { code: 200, info: 'success', ReturnData: [] }) {
  const calls: Array<{ path: string; body: any; quiet: boolean }> = [];
  const http = {
    call: async (call: CallContract | string, body: unknown, _s?: AbortSignal, options?: PortalCallOptions) => {
      calls.push({ path: typeof call === 'string' ? call : call.path, body, quiet: !!options?.quiet });
      return answer;
    },
  } as PortalHttpPort;
  const streams: PortalStreamPort = {
    stream: async (path, body, _s, options) => {
      calls.push({ path, body, quiet: !!options?.quiet });
      return stream;
    },
  };
  return { api: new KyChatApi(http, streams), calls };
}

const ask = async (api: KyChatApi) => {
  const reports: StreamReport[] = [];
  await api.ask({ conversationId: null, messages: [{ role: 'user', content: 'E203?' }], lang: 'en' }, { lang: 'en', timeZone: 'Asia/Shanghai' }, (r) => reports.push(r), new AbortController().signal);
  return reports;
};

describe('ky chat API', () => {
  it('sends the spec body quietly and reads the stream into reports, split anywhere', async () => {
    const text = chunkLine({ content: '' }, { conversation_id: 'c-1' }) + chunkLine({}, { citations: [{ id: 1, nodeId: 2, library: 'faults', title: 'E203' }] }) + chunkLine({ reasoning: 'r' }) + chunkLine({ content: 'Hel' }) + chunkLine({ content: 'lo' }) + DONE_LINE;
    const { api, calls } = setup({ kind: 'stream', body: bytes(text.slice(0, 7), text.slice(7, 100), text.slice(100)) });
    expect(await ask(api)).toEqual([
      { type: 'stream.meta', conversationId: 'c-1' },
      { type: 'stream.citations', citations: [{ id: 1, nodeId: 2, library: 'faults', title: 'E203' }] },
      { type: 'stream.delta', content: '', reasoning: 'r' },
      { type: 'stream.delta', content: 'Hel', reasoning: '' },
      { type: 'stream.delta', content: 'lo', reasoning: '' },
      { type: 'stream.done' },
    ]);
    expect(calls).toEqual([
      { path: 'Chat/Completions', body: { stream: true, detail: false, messages: [{ role: 'user', content: 'E203?' }], ConversationId: '', lang: 'en', TimeZone: 'Asia/Shanghai' }, quiet: true },
    ]);
  });

  it('an answer that says it could not finish, or ends without the marker, fails', async () => {
    const failed = setup({ kind: 'stream', body: bytes(chunkLine({ content: 'part' }) + chunkLine({ content: ' (could not finish)' }, { error: 'timeout' }) + DONE_LINE) });
    expect((await ask(failed.api)).at(-1)).toEqual({ type: 'stream.failed', message: 'timeout' });
    const cut = setup({ kind: 'stream', body: bytes(chunkLine({ content: 'part' })) });
    expect((await ask(cut.api)).at(-1)).toEqual({ type: 'stream.failed', message: 'the answer ended without its end marker' });
  });

  it('a refusal fails with its info; an expired login with no message (its dialog tells)', async () => {
    const refusal = setup({ kind: 'envelope', envelope: { code: 400, info: 'Please enter content', ReturnData: null } });
    expect(await ask(refusal.api)).toEqual([{ type: 'stream.failed', message: 'Please enter content' }]);
    const expired = setup({ kind: 'envelope', envelope: { code: 401, info: 'Login has expired, please log in again', ReturnData: null } });
    expect(await ask(expired.api)).toEqual([{ type: 'stream.failed', message: '' }]);
  });

  it('reads the history calls into domain terms', async () => {
    const list = setup({ kind: 'envelope', envelope: { code: 200, info: '', ReturnData: null } }, { code: 200, info: 'success', ReturnData: [{ Id: 'c', Title: 'E203?', CreateTime: '2026-11-24T01:00:00.000Z', UpdateTime: '2026-11-24T02:00:00.000Z' }] });
    expect(await list.api.conversations()).toEqual({ kind: 'list', rows: [{ id: 'c', title: 'E203?', updatedAt: Date.parse('2026-11-24T02:00:00.000Z') }] });
    const one = setup({ kind: 'envelope', envelope: { code: 200, info: '', ReturnData: null } }, {
      code: 200,
      info: 'success',
      ReturnData: {
        Id: 'c',
        Title: 'E203?',
        Messages: [
          { Id: 1, Role: 'user', Content: 'E203?', ReasoningContent: '', Citations: [], Ending: '', CreateTime: '2026-11-24T01:00:00.000Z' },
          { Id: 2, Role: 'assistant', Content: 'A', ReasoningContent: 'R', Citations: [], Ending: 'stopped', CreateTime: '2026-11-24T01:00:01.000Z' },
        ],
      },
    });
    const found = await one.api.conversation('c');
    expect(found).toMatchObject({ kind: 'found', id: 'c' });
    expect(found.kind === 'found' && found.messages.map((m) => [m.side, m.text, m.reasoning, m.ending])).toEqual([
      ['self', 'E203?', '', null],
      ['assistant', 'A', 'R', 'stopped'],
    ]);
    const missing = setup({ kind: 'envelope', envelope: { code: 200, info: '', ReturnData: null } }, { code: 404, info: '未查询到数据', ReturnData: null });
    expect(await missing.api.conversation('x')).toEqual({ kind: 'missing' });
  });
});
