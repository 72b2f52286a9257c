import type { AskInput, StreamReport } from '../domain/chat/chat.machine';
import type { ConversationAnswer, ConversationsAnswer, ConversationSummary, RemoveAnswer } from '../domain/chat/conversations.machine';

export type { ConversationSummary };

/** The assistant's calls in domain terms (issue 20). */
export interface ChatApiPort {
  /**
   * Asks and reports the answer as it streams (`stream.meta`, `stream.delta`, `stream.citations`,
   * then `stream.done` or `stream.failed`); resolves when the answer ended. The signal stops it.
   */
  ask(input: AskInput, options: { lang: 'zh' | 'en'; timeZone: string }, report: (event: StreamReport) => void, signal: AbortSignal): Promise<void>;
  conversations(signal?: AbortSignal): Promise<ConversationsAnswer>;
  conversation(id: string, signal?: AbortSignal): Promise<ConversationAnswer>;
  remove(id: string, signal?: AbortSignal): Promise<RemoveAnswer>;
}
