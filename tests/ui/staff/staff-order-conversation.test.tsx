// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import {
  workOrderConversationMachine,
  type ConversationInput,
  type ConversationLoad,
  type ConversationUploadEvent,
  type SendInput,
} from '../../../src/domain/repair/work-order-conversation.machine';
import { ServicesProvider, type UiServices } from '../../../src/ui/common/services-context';
import { loadMessages } from '../../../src/ui/i18n/load-messages';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';
import { StaffMachinesToken, type StaffMachines } from '../../../src/ui/staff/staff-machines';
import { StaffOrderConversation } from '../../../src/ui/staff/staff-order-conversation';

// Issue 38 item 1: the staff console's work-order drawer shows the conversation, notes included,
// and writes a staff-only note when asked.

afterEach(() => cleanup());

describe("the staff console's order conversation", () => {
  it('shows staff-only notes as such and sends a note when the switch is on', async () => {
    await loadMessages('zh', ['repair', 'staff']);
    const loaded: ConversationInput[] = [];
    const sent: SendInput[] = [];
    const conversation = workOrderConversationMachine.provide({
      actors: {
        loadConversation: fromPromise<ConversationLoad, ConversationInput>(async ({ input }) => {
          loaded.push(input);
          return { kind: 'done', messages: [{ id: 1, author: 'staff', authorName: '王工', internal: true, content: '客户本月第二次撞机', createdAt: '2026-11-21T08:00:00.000Z', files: [] }] };
        }),
        sendMessage: fromCallback<ConversationUploadEvent, SendInput>(({ input }) => {
          sent.push(input);
          return () => {};
        }),
      },
    });
    const machines = { conversation } as unknown as StaffMachines;
    const services = { get: (token: unknown) => (token === StaffMachinesToken ? machines : null) } as unknown as UiServices;
    render(
      <ChakraProvider value={defaultSystem}>
        <LanguageProvider storage={{ get: () => 'zh', set: () => {} }} browserLanguage="zh">
          <ServicesProvider services={services}>
            <StaffOrderConversation eventNum="EV202611210001" onClose={() => {}} />
          </ServicesProvider>
        </LanguageProvider>
      </ChakraProvider>,
    );
    await act(async () => {});
    expect(loaded).toEqual([{ eventNum: 'EV202611210001', audience: 'staff' }]);
    expect(screen.getByTestId('conversation-message').dataset.internal).toBe('true');
    expect(screen.getByTestId('conversation-message').textContent).toContain('仅员工可见');
    fireEvent.change(screen.getByTestId('conversation-content'), { target: { value: '已安排工程师' } });
    fireEvent.click(screen.getByText('内部备注（仅员工可见）'));
    await act(async () => {});
    fireEvent.click(screen.getByTestId('conversation-send'));
    expect(sent).toEqual([{ eventNum: 'EV202611210001', content: '已安排工程师', files: [], internal: true }]);
  });
});
