// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import {
  workOrderConversationMachine,
  type ConversationInput,
  type ConversationLoad,
  type ConversationMessage,
  type ConversationUploadEvent,
  type SendInput,
} from '../../../src/domain/repair/work-order-conversation.machine';
import { ServicesProvider, type UiServices } from '../../../src/ui/common/services-context';
import { loadMessages } from '../../../src/ui/i18n/load-messages';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';
import en from '../../../src/ui/repair/repair.messages.en';
import { RepairMachinesToken, type RepairMachines } from '../../../src/ui/repair/repair-machines';
import { OrderConversation } from '../../../src/ui/repair/work-order-conversation';
import { conversationView } from '../../../src/ui/common/work-order-conversation.selectors';
import { ConversationView } from '../../../src/ui/common/work-order-conversation-view';

// Issue 38 item 1: the conversation under the three steps of the order's drawer. The view renders
// the machine's state and sends its events; the machine is provided with fakes here.

const MESSAGES: ConversationMessage[] = [
  { id: 1, author: 'customer', authorName: 'Alice', internal: false, content: 'Nozzle broke', createdAt: '2026-11-21T08:00:00.000Z', files: [{ id: 7, name: 'nozzle.jpg', mediaType: 'image/jpeg', size: 2_000_000, thumbnailUrl: 'blob:thumb-7' }, { id: 8, name: 'log.pdf', mediaType: 'application/pdf', size: 20_000, thumbnailUrl: null }] },
  { id: 2, author: 'staff', authorName: 'Wang Gong', internal: false, content: 'Please send the lens too', createdAt: '2026-11-21T09:00:00.000Z', files: [] },
];

afterEach(() => cleanup());

async function renderConversation(lang: 'zh' | 'en') {
  await loadMessages(lang, ['repair']);
  const sent: SendInput[] = [];
  let reply: ((event: ConversationUploadEvent) => void) | null = null;
  const conversation = workOrderConversationMachine.provide({
    actors: {
      loadConversation: fromPromise<ConversationLoad, ConversationInput>(async () => ({ kind: 'done', messages: MESSAGES })),
      sendMessage: fromCallback<ConversationUploadEvent, SendInput>(({ input, sendBack }) => {
        sent.push(input);
        reply = sendBack;
        return () => {};
      }),
    },
  });
  const machines = { conversation } as unknown as RepairMachines;
  const services = { get: (token: unknown) => (token === RepairMachinesToken ? machines : null) } as unknown as UiServices;
  const storage = { get: () => lang, set: () => {} };
  render(
    <ChakraProvider value={defaultSystem}>
      <LanguageProvider storage={storage} browserLanguage={lang}>
        <ServicesProvider services={services}>
          <OrderConversation eventNum="EV202611210001" />
        </ServicesProvider>
      </LanguageProvider>
    </ChakraProvider>,
  );
  await act(async () => {});
  return { sent, reply: (event: ConversationUploadEvent) => act(() => reply!(event)) };
}

describe("the order drawer's conversation", () => {
  it('shows the messages with their thumbnails, and sends a message with a photo and its progress', async () => {
    const { sent, reply } = await renderConversation('en');
    const messages = screen.getAllByTestId('conversation-message');
    expect(messages.map((m) => m.dataset.author)).toEqual(['customer', 'staff']);
    expect(within(messages[0]!).getByTestId('conversation-thumb').getAttribute('src')).toBe('blob:thumb-7');
    expect(within(messages[0]!).getByTestId('conversation-file').textContent).toContain('log.pdf');
    // A customer's drawer offers no staff-only note.
    expect(screen.queryByTestId('conversation-internal')).toBeNull();

    const send = screen.getByTestId('conversation-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const photo = new File([new Uint8Array(1000)], 'lens.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('conversation-file-input'), { target: { files: [photo] } });
    fireEvent.change(screen.getByTestId('conversation-content'), { target: { value: 'Lens photo' } });
    expect(screen.getAllByTestId('conversation-draft-file').map((f) => f.textContent)).toEqual([expect.stringContaining('lens.jpg')]);
    fireEvent.click(send);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ eventNum: 'EV202611210001', content: 'Lens photo', internal: false });
    expect(sent[0]!.files[0]).toBe(photo);
    reply({ type: 'upload.progress', loaded: 505 });
    expect(screen.getByTestId('conversation-progress').dataset.value).toBe('50');
    reply({ type: 'upload.answer', answer: { kind: 'done', message: { id: 3, author: 'customer', authorName: 'Alice', internal: false, content: 'Lens photo', createdAt: '2026-11-21T10:00:00.000Z', files: [] } } });
    expect(screen.getAllByTestId('conversation-message')).toHaveLength(3);
    expect(screen.queryByTestId('conversation-progress')).toBeNull();
    expect((screen.getByTestId('conversation-content') as HTMLTextAreaElement).value).toBe('');
  });

  it('says why a draft cannot go (a type outside the four) and shows the refusal of the server', async () => {
    const { reply } = await renderConversation('en');
    fireEvent.change(screen.getByTestId('conversation-file-input'), { target: { files: [new File(['x'], 'clip.gif', { type: 'image/gif' })] } });
    expect(screen.getByTestId('conversation-problem').textContent).toBe(en['repair.conversation.problem.badType']);
    expect((screen.getByTestId('conversation-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(screen.getByTestId('conversation-draft-file')).getByRole('button'));
    fireEvent.change(screen.getByTestId('conversation-file-input'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByTestId('conversation-send'));
    reply({ type: 'upload.answer', answer: { kind: 'refused', message: 'a.png: 文件内容与文件名不符' } });
    expect(screen.getByTestId('conversation-refusal').textContent).toBe('a.png: 文件内容与文件名不符');
  });

  it('shows no English text of ours on a Chinese page', async () => {
    await renderConversation('zh');
    const ours = Object.entries(en).filter(([key]) => key.startsWith('repair.conversation.')).map(([, text]) => text.replace(/\{\w+\}.*$/, '').trim()).filter((text) => /[a-z]{3}/i.test(text));
    const shown = screen.getByTestId('order-conversation').textContent ?? '';
    // The people's own words (the messages, the file names) are theirs, in whatever language they wrote.
    const withoutTheirs = MESSAGES.flatMap((m) => [m.content, m.authorName, ...m.files.map((f) => f.name)]).reduce((text, theirs) => text.replaceAll(theirs, ''), shown);
    for (const text of ours) expect(withoutTheirs).not.toContain(text);
    expect(withoutTheirs).toContain('沟通记录');
  });

  it('renders a staff view with the staff-only note switch and marks a note', async () => {
    await loadMessages('en', ['repair']);
    const storage = { get: () => 'en', set: () => {} };
    const snapshot = workOrderConversationMachine.resolveState({
      value: { ready: 'editing' },
      context: { eventNum: 'EV1', audience: 'staff', messages: [{ ...MESSAGES[1]!, id: 9, internal: true }], content: '', files: [], internal: true, progress: null, refusal: null, loadError: '' },
    });
    const noop = () => {};
    render(
      <ChakraProvider value={defaultSystem}>
        <LanguageProvider storage={storage} browserLanguage="en">
          <ConversationView view={conversationView(snapshot)} onContent={noop} onFiles={noop} onRemove={noop} onToggleInternal={noop} onSend={noop} onRetry={noop} />
        </LanguageProvider>
      </ChakraProvider>,
    );
    await act(async () => {});
    expect(screen.getByTestId('conversation-message').dataset.internal).toBe('true');
    expect(screen.getByTestId('conversation-internal')).toBeTruthy();
  });
});
