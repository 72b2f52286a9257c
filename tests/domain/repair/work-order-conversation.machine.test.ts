import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  draftProblem,
  type ConversationInput,
  type ConversationLoad,
  workOrderConversationMachine,
  type ConversationEvent,
  type ConversationUploadEvent,
  type ConversationMessage,
  type SendInput,
} from '../../../src/domain/repair/work-order-conversation.machine';
import type { MessageAuthor } from '../../../src/domain/repair/work-order-message.policy';

const message = (id: number, over: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id, author: 'customer', authorName: 'Alice', internal: false, content: `m${id}`, createdAt: '2026-11-21T08:00:00.000Z', files: [], ...over,
});

/** The machine with a list of one message and a send the test answers by hand. */
function conversation(audience: MessageAuthor) {
  const sent: SendInput[] = [];
  let reply: ((event: ConversationEvent) => void) | null = null;
  const actor = createActor(
    workOrderConversationMachine.provide({
      actors: {
        loadConversation: fromPromise<ConversationLoad, ConversationInput>(async () => ({ kind: 'done', messages: [message(1)] })),
        sendMessage: fromCallback<ConversationUploadEvent, SendInput>(({ input, sendBack }) => {
          sent.push(input);
          reply = sendBack;
          return () => {};
        }),
      },
    }),
    { input: { eventNum: 'EV202611210001', audience } },
  ).start();
  return { actor, sent, reply: (event: ConversationEvent) => reply!(event) };
}

const photo = { name: 'nozzle.jpg', size: 2_000_000, type: 'image/jpeg' };

describe('the conversation of a work order', () => {
  it('loads the messages, sends a draft with its photos and shows the answer in place', async () => {
    const { actor, sent, reply } = conversation('customer');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'message.send' })).toBe(false);
    actor.send({ type: 'draft.change', content: '  The lens  ' });
    actor.send({ type: 'files.add', files: [photo] });
    actor.send({ type: 'message.send' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sent).toEqual([{ eventNum: 'EV202611210001', content: 'The lens', files: [photo], internal: false }]);
    reply({ type: 'upload.progress', loaded: 1_000_000 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 1_000_000, total: photo.size + 'The lens'.length });
    reply({ type: 'upload.progress', loaded: 9_000_000 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: photo.size + 8, total: photo.size + 8 });
    reply({ type: 'upload.answer', answer: { kind: 'done', message: message(2, { content: 'The lens' }) } });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ content: '', files: [], progress: null });
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it("keeps the draft and says the server's refusal when a file is refused", async () => {
    const { actor, reply } = conversation('customer');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'files.add', files: [photo] });
    actor.send({ type: 'message.send' });
    reply({ type: 'upload.answer', answer: { kind: 'refused', message: 'nozzle.jpg: its content is not the JPEG, PNG, WebP or PDF file its name says' } });
    expect(actor.getSnapshot().context).toMatchObject({ files: [photo], refusal: expect.stringContaining('nozzle.jpg') });
  });

  const event = fc.oneof(
    fc.record({ type: fc.constant('draft.change' as const), content: fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 20 })) }),
    fc.record({
      type: fc.constant('files.add' as const),
      files: fc.array(fc.record({ name: fc.constantFrom('a.jpg', 'b.pdf', 'c.svg', 'd.png', 'e.exe'), size: fc.nat({ max: 12 * 1024 * 1024 }), type: fc.constant('') }), { maxLength: 3 }),
    }),
    fc.record({ type: fc.constant('file.remove' as const), index: fc.nat({ max: 6 }) }),
    fc.constant({ type: 'internal.toggle' as const }),
    fc.constant({ type: 'message.send' as const }),
    fc.record({ type: fc.constant('upload.progress' as const), loaded: fc.integer({ min: -10, max: 1e8 }) }),
    fc.constant({ type: 'upload.lost' as const }),
  );

  it('never sends a draft with a problem, never sends a note for a customer, and never shows more sent than the total', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<MessageAuthor>('customer', 'staff'), fc.array(event, { maxLength: 40 }), async (audience, events) => {
        const { actor, sent } = conversation(audience);
        await waitFor(actor, (s) => s.matches('ready'));
        for (const e of events) {
          const before = actor.getSnapshot().context;
          const count = sent.length;
          actor.send(e);
          if (sent.length > count) expect(draftProblem(before.content, before.files)).toBeNull();
          const { progress, internal } = actor.getSnapshot().context;
          if (progress) expect(progress.loaded).toBeLessThanOrEqual(progress.total);
          if (audience === 'customer') expect(internal).toBe(false);
        }
        for (const s of sent) if (audience === 'customer') expect(s.internal).toBe(false);
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
