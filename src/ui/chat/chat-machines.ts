import type { ServiceIdentifier } from 'inversify';
import type { chatMachine } from '../../domain/chat/chat.machine';
import type { conversationsMachine } from '../../domain/chat/conversations.machine';
import { useService } from '../common/services-context';

/** The chat page's machines, ready to run: app/chat.module.ts provides their calls. */
export interface ChatMachines {
  /** The screen provides what is purely the page's: logging a failure. */
  chat: typeof chatMachine;
  /** The history beside it: the screen sends an opened conversation on to the chat. */
  conversations: typeof conversationsMachine;
}

export const ChatMachinesToken: ServiceIdentifier<ChatMachines> = Symbol.for('ChatMachines');

/** The chat page's ready machine. */
export const useChatMachines = (): ChatMachines => useService(ChatMachinesToken);
