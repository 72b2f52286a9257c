import type { AskInput, ChatMessage, StreamReport } from '../domain/chat/chat.machine';
import type { Refused } from '../domain/shared/refused';

/** A conversation in the history list. */
export interface ConversationSummary {
  id: string;
  title: string;
  /** Milliseconds since 1970: the last message. */
  updatedAt: number;
}

/** The assistant's calls in domain terms (issue 20). */
export interface ChatApiPort {
  /**
   * Asks and reports the answer as it streams (`stream.meta`, `stream.delta`, `stream.citations`,
   * then `stream.done` or `stream.failed`); resolves when the answer ended. The signal stops it.
   */
  ask(input: AskInput, options: { lang: 'zh' | 'en'; timeZone: string }, report: (event: StreamReport) => void, signal: AbortSignal): Promise<void>;
  conversations(signal?: AbortSignal): Promise<{ kind: 'list'; rows: ConversationSummary[] } | Refused>;
  conversation(id: string, signal?: AbortSignal): Promise<{ kind: 'found'; id: string; messages: ChatMessage[] } | { kind: 'missing' } | Refused>;
  remove(id: string): Promise<{ kind: 'deleted' } | Refused>;
}
