import type { StreamDelta } from '../../domain/chat/stream-chunks';
import type { AnswerRequest, ChatAnswererPort } from '../../ports/chat-answerer.port';

/** Characters per streamed piece of the embedded answer. */
const PIECE_CHARS = 24;

export interface RetrievalAssistantOptions {
  /** Writes the answer from the passages and facts themselves: its reasoning line and its Markdown. */
  write(request: AnswerRequest): { reasoning: string; text: string };
  /** Pause between streamed pieces (0 in tests and the bench). */
  paceMs?: number;
}

/**
 * The embedded assistant (DECISIONS 5: no network): it answers with the passages the search
 * found, each under its article's number, and the facts of the customer's machines with their
 * sources; it says plainly when it found nothing. Streamed in small pieces, `paceMs` apart (0 in
 * tests and the bench), so the page shows it arriving as it would from a model.
 */
export class RetrievalAssistant implements ChatAnswererPort {
  private readonly paceMs: number;

  constructor(private readonly options: RetrievalAssistantOptions) {
    this.paceMs = options.paceMs ?? 12;
  }

  async *answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<StreamDelta> {
    const { reasoning, text } = this.options.write(request);
    yield { content: '', reasoning };
    // Whole characters (code points), so a piece never ends inside a surrogate pair.
    const chars = [...text];
    for (let i = 0; i < chars.length; i += PIECE_CHARS) {
      if (signal.aborted) return;
      if (i > 0 && this.paceMs > 0) await new Promise((r) => setTimeout(r, this.paceMs));
      yield { content: chars.slice(i, i + PIECE_CHARS).join(''), reasoning: '' };
    }
  }
}
