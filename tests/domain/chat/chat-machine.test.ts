import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { chatMachine, type AskInput, type ChatEvent } from '../../../src/domain/chat/chat.machine';
import { QUESTION_MAX_CHARS } from '../../../src/domain/chat/chat-rules';

/** The chat machine with an `ask` actor the test drives: it records each request and each abort. */
function start() {
  const asked: AskInput[] = [];
  const aborted: number[] = [];
  const logged: string[] = [];
  let sendBack: ((e: ChatEvent) => void) | null = null;
  let live = 0;
  const actor = createActor(
    chatMachine.provide({
      actors: {
        ask: fromCallback<ChatEvent, AskInput>(({ input, sendBack: back }) => {
          const n = asked.push(input);
          live += 1;
          sendBack = back;
          return () => {
            live -= 1;
            aborted.push(n);
          };
        }),
      },
      actions: { logFailure: (_, params) => void logged.push(params.message) },
    }),
  );
  actor.start();
  return { actor, asked, aborted, logged, report: (e: ChatEvent) => sendBack?.(e), live: () => live };
}

const state = (actor: ReturnType<typeof start>['actor']) => {
  const s = actor.getSnapshot();
  return s.matches('ready') ? 'ready' : s.matches({ asking: 'waiting' }) ? 'waiting' : s.matches({ asking: 'streaming' }) ? 'streaming' : 'other';
};

describe('chat machine', () => {
  it('ready → waiting → streaming → ready on the done marker', () => {
    const t = start();
    t.actor.send({ type: 'chat.send', text: '  E203 on my tube cutter ', at: 1000 });
    expect(state(t.actor)).toBe('waiting');
    expect(t.asked).toEqual([{ conversationId: null, messages: [{ role: 'user', content: 'E203 on my tube cutter' }], lang: 'zh' }]);
    t.report({ type: 'stream.meta', conversationId: 'c1' });
    t.report({ type: 'stream.delta', content: '', reasoning: '' });
    expect(state(t.actor)).toBe('waiting');
    t.report({ type: 'stream.delta', content: '', reasoning: 'thinking' });
    expect(state(t.actor)).toBe('streaming');
    t.report({ type: 'stream.delta', content: 'Hello', reasoning: '' });
    t.report({ type: 'stream.done' });
    expect(state(t.actor)).toBe('ready');
    const { messages, conversationId } = t.actor.getSnapshot().context;
    expect(conversationId).toBe('c1');
    expect(messages.map((m) => [m.side, m.text, m.reasoning, m.ending])).toEqual([
      ['self', 'E203 on my tube cutter', '', null],
      ['assistant', 'Hello', 'thinking', 'done'],
    ]);
    // The next question continues the conversation with the history.
    t.actor.send({ type: 'chat.send', text: 'and E410?', at: 2000 });
    expect(t.asked[1]).toEqual({
      lang: 'zh',
      conversationId: 'c1',
      messages: [
        { role: 'user', content: 'E203 on my tube cutter' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'and E410?' },
      ],
    });
  });

  it('an empty question stays ready with the warning and asks nothing', () => {
    const t = start();
    t.actor.send({ type: 'chat.send', text: ' \n\t ', at: 1 });
    expect(state(t.actor)).toBe('ready');
    expect(t.actor.getSnapshot().context.warning).toBe('empty');
    t.actor.send({ type: 'chat.send', text: 'x'.repeat(QUESTION_MAX_CHARS + 1), at: 1 });
    expect(t.actor.getSnapshot().context.warning).toBe('tooLong');
    expect(t.asked).toEqual([]);
  });

  it('stop aborts the request and keeps what came; a failure is logged only', () => {
    const t = start();
    t.actor.send({ type: 'chat.send', text: 'long answer', at: 1 });
    t.report({ type: 'stream.delta', content: 'part', reasoning: '' });
    t.actor.send({ type: 'chat.stop' });
    expect(state(t.actor)).toBe('ready');
    expect(t.aborted).toEqual([1]);
    expect(t.actor.getSnapshot().context.messages[1]).toMatchObject({ text: 'part', ending: 'stopped' });
    t.actor.send({ type: 'chat.send', text: 'again', at: 2 });
    t.report({ type: 'stream.failed', message: 'upstream 500' });
    expect(state(t.actor)).toBe('ready');
    expect(t.logged).toEqual(['upstream 500']);
    expect(t.actor.getSnapshot().context.messages[3]).toMatchObject({ ending: 'failed' });
  });

  // Any sequence of page actions and stream reports.
  const step = fc.oneof(
    fc.record({ type: fc.constant('chat.send' as const), text: fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ minLength: 1, maxLength: 12 })), at: fc.nat() }),
    fc.constant({ type: 'chat.stop' as const }),
    fc.constant({ type: 'chat.new' as const }),
    fc.record({ type: fc.constant('stream.delta' as const), content: fc.string({ maxLength: 4 }), reasoning: fc.string({ maxLength: 4 }) }),
    fc.constant({ type: 'stream.done' as const }),
    fc.record({ type: fc.constant('stream.failed' as const), message: fc.string({ maxLength: 5 }) }),
    fc.record({ type: fc.constant('stream.meta' as const), conversationId: fc.uuid() }),
  );

  it('properties: one request at most, every request ends aborted or finished, answers are what streamed', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const t = start();
        let expectedMessages = 0;
        let streamed = '';
        for (const e of steps) {
          const before = state(t.actor);
          if (e.type.startsWith('stream.')) t.report(e as ChatEvent);
          else t.actor.send(e as ChatEvent);
          const after = state(t.actor);
          // Never more than one request in flight, and one exactly while asking.
          expect(t.live()).toBe(after === 'ready' ? 0 : 1);
          if (before === 'ready' && e.type === 'chat.send') {
            const valid = (e as { text: string }).text.trim() !== '';
            expect(after).toBe(valid ? 'waiting' : 'ready');
            if (valid) {
              expectedMessages += 2;
              streamed = '';
            }
          }
          if (before === 'ready' && e.type === 'chat.new') expectedMessages = 0;
          if (before !== 'ready' && e.type === 'stream.delta') streamed += (e as { content: string }).content;
          // Stop, done and failure always end in ready; stop aborts the request.
          if (before !== 'ready' && ['chat.stop', 'stream.done', 'stream.failed'].includes(e.type)) expect(after).toBe('ready');
          if (before === 'waiting' && e.type === 'stream.delta') {
            const d = e as { content: string; reasoning: string };
            expect(after).toBe(d.content || d.reasoning ? 'streaming' : 'waiting');
          }
          if (before === 'streaming') expect(after === 'waiting').toBe(false);
          const messages = t.actor.getSnapshot().context.messages;
          expect(messages.length).toBe(expectedMessages);
          if (expectedMessages > 0 && before !== 'ready') expect(messages[messages.length - 1]!.text).toBe(streamed);
        }
        expect(t.aborted.length).toBe(t.asked.length - t.live());
      }),
      { numRuns: 300 },
    );
  });
});
