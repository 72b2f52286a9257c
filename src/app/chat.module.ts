import { ContainerModule } from 'inversify';
import { fromCallback, fromPromise } from 'xstate';
import { KyChatApi } from '../adapters/ky/ky-chat-api.adapter';
import { KyPortalHttpAdapter } from '../adapters/ky/ky-portal-http.adapter';
import { chatMachine, type AskInput, type ChatEvent } from '../domain/chat/chat.machine';
import { conversationsMachine } from '../domain/chat/conversations.machine';
import { isAbortError } from '../domain/shared/abort';
import { ChatApiToken, PortalStreamToken } from '../ports/api-tokens';
import { ChatMachinesToken, type ChatMachines } from '../ui/chat/chat-machines';
import { browserTimeZone } from '../ui/common/intl-formats';

/**
 * The chat page's bindings (issue 20): the streamed call, the history calls and the chat machine
 * whose `ask` reads the stream; stopping the actor aborts the request, and the server then
 * aborts its upstream one.
 */
export const chatModule = new ContainerModule((options) => {
  options.bind(PortalStreamToken).to(KyPortalHttpAdapter).inSingletonScope();
  options.bind(ChatApiToken).to(KyChatApi).inSingletonScope();
  options
    .bind(ChatMachinesToken)
    .toDynamicValue((context): ChatMachines => {
      const api = context.get(ChatApiToken);
      return {
        chat: chatMachine.provide({
          actors: {
            ask: fromCallback<ChatEvent, AskInput>(({ input, sendBack }) => {
              const controller = new AbortController();
              api.ask(input, { lang: input.lang, timeZone: browserTimeZone() }, sendBack, controller.signal).catch((error: unknown) => {
                if (controller.signal.aborted || isAbortError(error)) return;
                sendBack({ type: 'stream.failed', message: (error as Error)?.message ?? String(error) });
              });
              return () => controller.abort();
            }),
          },
        }),
        conversations: conversationsMachine.provide({
          actors: {
            loadList: fromPromise(({ signal }) => api.conversations(signal)),
            loadConversation: fromPromise(({ input, signal }) => api.conversation(input.id, signal)),
            removeConversation: fromPromise(({ input, signal }) => api.remove(input.id, signal)),
          },
        }),
      };
    })
    .inSingletonScope();
});
