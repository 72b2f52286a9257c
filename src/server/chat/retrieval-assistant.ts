import type { StreamDelta } from '../../domain/chat/stream-chunks';
import type { AnswerRequest, ChatAnswererPort } from '../../ports/chat-answerer.port';
import { factsSection, TEXTS } from './answer-texts';

/** Characters per streamed piece of the embedded answer. */
const PIECE_CHARS = 24;

/**
 * The embedded assistant (DECISIONS 5: no network): it answers with the passages the search
 * found, each under its article's number, and the facts of the customer's machines with their
 * sources; it says plainly when it found nothing. Streamed in small pieces, `paceMs` apart (0 in
 * tests and the bench), so the page shows it arriving as it would from a model.
 */
export class RetrievalAssistant implements ChatAnswererPort {
  constructor(private readonly paceMs = 12) {}

  async *answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<StreamDelta> {
    const t = TEXTS[request.language];
    const machines = new Set(request.facts.map((f) => f.orderNumber)).size;
    yield { content: '', reasoning: `${t.reasoningSearch(request.passages.length)} ${t.reasoningFacts(request.facts.length, machines)}` };
    const parts: string[] = [];
    if (request.passages.length) {
      parts.push(t.found);
      request.passages.forEach((p, i) => {
        const quoted = p.text
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n');
        parts.push(`**[${i + 1}] ${p.citation.title}**\n\n${quoted}`);
      });
    } else parts.push(t.nothing);
    const facts = factsSection(request);
    if (facts) parts.push(facts);
    // Whole characters (code points), so a piece never ends inside a surrogate pair.
    const chars = [...parts.join('\n\n')];
    for (let i = 0; i < chars.length; i += PIECE_CHARS) {
      if (signal.aborted) return;
      if (i > 0 && this.paceMs > 0) await new Promise((r) => setTimeout(r, this.paceMs));
      yield { content: chars.slice(i, i + PIECE_CHARS).join(''), reasoning: '' };
    }
  }
}
