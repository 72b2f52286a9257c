import type { ServiceIdentifier } from 'inversify';
import type { chatMachine } from '../../domain/chat/chat.machine';
import { useService } from '../common/services-context';

/** The chat page's machine, ready to run: app/chat.module.ts provides its `ask` call. */
export interface ChatMachines {
  /** The screen provides what is purely the page's: logging a failure. */
  chat: typeof chatMachine;
}

export const ChatMachinesToken: ServiceIdentifier<ChatMachines> = Symbol.for('ChatMachines');

/** The chat page's ready machine. */
export const useChatMachines = (): ChatMachines => useService(ChatMachinesToken);
