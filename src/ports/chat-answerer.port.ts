import type { ChatTurn } from '../domain/chat/chat.machine';
import type { Citation } from '../domain/chat/citations';
import type { StreamDelta } from '../domain/chat/stream-chunks';

/** A passage of an article the answer may use, as plain text (Markdown emphasis for the matched words). */
export interface Passage {
  citation: Citation;
  text: string;
}

/**
 * A fact about one of the caller's machines, with where it came from (the area and what in it):
 * the assistant cites the source beside the fact.
 */
export interface MachineFact {
  orderNumber: string;
  text: string;
  source: string;
}

/** What the assistant answers from: the question, the turns before it, the passages found and the machine facts. */
export interface AnswerRequest {
  question: string;
  history: ChatTurn[];
  language: 'zh' | 'en';
  passages: Passage[];
  facts: MachineFact[];
  /**
   * The answer's first sentences, written from the customer's data when the question is one an
   * owner asks of it (issue 35: "which machine is in alarm now?"); null for a question for the articles.
   */
  lead: string | null;
  /**
   * The customer's data as functions a model may call (issue 35 item 2), each answering for the
   * asker's own machines only; an answerer that cannot call functions leaves it unused.
   */
  tools?: ChatToolbox;
}

/** A function a model may call: OpenAI's `tools[].function` (a JSON Schema for the arguments). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * The functions of one answer, bound to the asker. `call` never throws: a refusal (another
 * customer's machine, bad arguments, an unknown function) is a result the model reads.
 */
export interface ChatToolbox {
  readonly definitions: readonly ToolDefinition[];
  call(name: string, argumentsJson: string): Promise<string>;
}

/** Why an answer could not finish, in words fit for the customer (never a key, never the upstream's body). */
export class ChatUpstreamError extends Error {
  constructor(
    readonly reason: 'timeout' | 'http' | 'garbage' | 'disconnected' | 'unreachable',
    message: string,
    /** The upstream's HTTP status, when it answered with one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ChatUpstreamError';
  }
}

/**
 * Who writes the answers (DECISIONS 5 and 6): the embedded assistant that answers from the passages
 * and facts themselves, or an OpenAI-compatible service given them as context. Pieces are yielded
 * as they come; the signal aborts the request; a failure throws `ChatUpstreamError`.
 */
export interface ChatAnswererPort {
  answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<StreamDelta>;
}
