import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ChatMessage } from '../../../src/domain/chat/chat.machine';
import { conversationsMachine, type ConversationAnswer, type ConversationsAnswer, type RemoveAnswer } from '../../../src/domain/chat/conversations.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261202) };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(ids: string[], options: { removable?: boolean } = {}) {
  const calls = { lists: 0, opened: [] as string[], removed: [] as string[], told: [] as string[] };
  let held = [...ids];
  const actor = createActor(
    conversationsMachine.provide({
      actors: {
        loadList: fromPromise(async (): Promise<ConversationsAnswer> => {
          calls.lists++;
          await tick();
          return { kind: 'list', rows: held.map((id, i) => ({ id, title: id, updatedAt: 1000 - i })) };
        }),
        loadConversation: fromPromise(async ({ input }): Promise<ConversationAnswer> => {
          await tick();
          return held.includes(input.id) ? { kind: 'found', id: input.id, messages: [{ role: 'user', text: input.id } as unknown as ChatMessage] } : { kind: 'missing' };
        }),
        removeConversation: fromPromise(async ({ input }): Promise<RemoveAnswer> => {
          await tick();
          // A conversation gone already is refused, as the server refuses it.
          if (options.removable === false || !held.includes(input.id)) return { kind: 'refused', message: 'no' };
          calls.removed.push(input.id);
          held = held.filter((id) => id !== input.id);
          return { kind: 'deleted' };
        }),
      },
      actions: { openConversation: (_, { id }) => calls.opened.push(id), notifyRemoved: (_, { id }) => calls.told.push(id) },
    }),
  ).start();
  const settled = () => waitFor(actor, (s) => s.matches({ list: 'ready', opening: 'idle', removing: 'idle' }));
  return { actor, calls, settled };
}

describe('the assistant history machine (issue 20)', () => {
  it('continues the latest conversation once when the page opens, and none when there is none', async () => {
    for (const ids of [[], ['c3', 'c2', 'c1']]) {
      const { actor, calls, settled } = start(ids);
      await settled();
      expect(calls.opened).toEqual(ids.slice(0, 1));
      actor.send({ type: 'list.reload' });
      await settled();
      expect(calls.opened).toEqual(ids.slice(0, 1));
      expect(actor.getSnapshot().context.rows?.map((r) => r.id)).toEqual(ids);
    }
  });

  it('opens what is asked (the last of several asked at once), removes one at a time, tells each removal once and lists again after it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.record({ type: fc.constant('conversation.open' as const), id: fc.constantFrom('a', 'b', 'x') }), fc.record({ type: fc.constant('conversation.remove' as const), id: fc.constantFrom('a', 'b') })), { maxLength: 8 }), fc.boolean(), async (events, removable) => {
        const { actor, calls, settled } = start(['a', 'b'], { removable });
        await settled();
        calls.opened.length = 0;
        for (const e of events) {
          const before = calls.lists;
          const toldBefore = calls.told.length;
          actor.send(e);
          await settled();
          if (e.type === 'conversation.open') expect(calls.opened.at(-1) === e.id || e.id === 'x' || !actor.getSnapshot().context.rows?.some((r) => r.id === e.id)).toBe(true);
          if (e.type === 'conversation.remove') expect(calls.lists - before).toBe(calls.told.length - toldBefore);
        }
        expect(calls.told).toEqual(calls.removed);
        expect(new Set(calls.removed).size).toBe(calls.removed.length);
        expect(actor.getSnapshot().context.rows?.map((r) => r.id)).toEqual(['a', 'b'].filter((id) => !calls.removed.includes(id)));
        expect(calls.opened).not.toContain('x');
        actor.stop();
      }),
      FC,
    );
  });
});
