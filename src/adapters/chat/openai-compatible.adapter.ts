import { StreamDecoder, type StreamDelta } from '../../domain/chat/stream-chunks';
import { ChatUpstreamError, type AnswerRequest, type ChatAnswererPort } from '../../ports/chat-answerer.port';

export interface OpenAiCompatibleOptions {
  /** CHAT_API_URL: the chat-completions URL, or a base URL that `/chat/completions` is added to. */
  url: string;
  /** CHAT_API_KEY: sent as `Authorization: Bearer`, only to the upstream; never logged, never answered. */
  apiKey: string | null;
  model: string;
  /** Until the answer's headers (spec 3: a request times out after 20 s). */
  firstByteMs?: number;
  /** Longest silence between two pieces of the stream. */
  idleMs?: number;
  /** Longest whole answer. */
  totalMs?: number;
  /** Writes the system message from the passages and facts. */
  systemPrompt(request: AnswerRequest): string;
}

/** The completions URL of CHAT_API_URL: as given when it names a completions path, else with `/chat/completions` added. */
export function completionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /completions$/i.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * Any OpenAI-compatible chat-completions service (DECISIONS 5 and 6): the spec's body (stream
 * true, detail false, messages) with a system message of the retrieved passages and machine
 * facts, streamed back piece by piece. A stall, garbage, an HTTP error or a disconnect ends in a
 * `ChatUpstreamError` within the timeouts; the caller's abort cancels the request.
 */
export class OpenAiCompatibleAnswerer implements ChatAnswererPort {
  private readonly endpoint: string;
  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.endpoint = completionsUrl(options.url);
  }

  async *answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<StreamDelta> {
    const { firstByteMs = 20_000, idleMs = 20_000, totalMs = 120_000 } = this.options;
    const controller = new AbortController();
    let timedOut: string | null = null;
    const stopFor = (why: string) => {
      timedOut ??= why;
      controller.abort();
    };
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) controller.abort();
    const total = setTimeout(() => stopFor('the answer took too long'), totalMs);
    let idle = setTimeout(() => stopFor('the model service did not answer'), firstByteMs);
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stopFor('the model service stopped sending'), idleMs);
    };
    const messages = [
      { role: 'system', content: this.options.systemPrompt(request) },
      ...request.history.map((t) => ({ role: t.role, content: t.content })),
      { role: 'user', content: request.question },
    ];
    try {
      let response: Response;
      try {
        response = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: this.options.model, stream: true, detail: false, messages }),
          signal: controller.signal,
        });
      } catch (error) {
        throw this.failure(error, timedOut, signal, new ChatUpstreamError('unreachable', 'the model service could not be reached'));
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        throw new ChatUpstreamError('http', `the model service answered HTTP ${response.status}`);
      }
      rearm();
      const decoder = new StreamDecoder();
      const text = new TextDecoder();
      const reader = response.body.getReader();
      let finished = false;
      try {
        while (!finished) {
          let read: ReadableStreamReadResult<Uint8Array>;
          try {
            read = await reader.read();
          } catch (error) {
            throw this.failure(error, timedOut, signal, new ChatUpstreamError('disconnected', 'the model service closed the connection before the end of the answer'));
          }
          if (read.done) break;
          rearm();
          for (const event of decoder.push(text.decode(read.value, { stream: true }))) {
            if (event.kind === 'garbage') throw new ChatUpstreamError('garbage', 'the model service sent something that is not a chat stream');
            if (event.kind === 'done') {
              finished = true;
              break;
            }
            if (event.delta.content || event.delta.reasoning) yield event.delta;
          }
        }
        if (!finished) {
          for (const event of decoder.end()) if (event.kind === 'done') finished = true;
          if (!finished) throw new ChatUpstreamError('disconnected', 'the model service closed the connection before the end of the answer');
        }
      } finally {
        await reader.cancel().catch(() => {});
      }
    } finally {
      clearTimeout(total);
      clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }

  /** The error a failed fetch or read stands for: a timeout of ours, the caller's abort, or `otherwise`. */
  private failure(error: unknown, timedOut: string | null, signal: AbortSignal, otherwise: ChatUpstreamError): Error {
    if (error instanceof ChatUpstreamError) return error;
    if (timedOut) return new ChatUpstreamError('timeout', timedOut);
    if (signal.aborted) return new DOMException('The customer stopped the answer', 'AbortError');
    return otherwise;
  }
}
