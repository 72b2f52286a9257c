import { StreamDecoder, type StreamDelta } from '../../domain/chat/stream-chunks';
import { ToolCallAssembler, type ToolCall } from '../../domain/chat/tool-calls';
import { ChatUpstreamError, type AnswerRequest, type ChatAnswererPort } from '../../ports/chat-answerer.port';

/** How many times a model may call functions in one answer before it must answer in words. */
export const MAX_TOOL_ROUNDS = 4;

type UpstreamMessage =
  | { role: string; content: string }
  | { role: 'assistant'; content: string | null; tool_calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The timeouts of one answer, across its requests: the silence timer, which timeout fired, the abort of the request in flight. */
class AnswerTimer {
  timedOut: string | null = null;
  readonly controller = new AbortController();
  private idle: ReturnType<typeof setTimeout> | undefined;

  stopFor(why: string) {
    this.timedOut ??= why;
    this.controller.abort();
  }

  /** Stops the answer unless something comes within `ms`. */
  arm(ms: number, why: string) {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stopFor(why), ms);
  }

  /** No silence counts while the portal itself works (its functions run). */
  pause() {
    clearTimeout(this.idle);
  }
}

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
    const timer = new AnswerTimer();
    const onAbort = () => timer.controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) timer.controller.abort();
    const total = setTimeout(() => timer.stopFor('the answer took too long'), totalMs);
    const messages: UpstreamMessage[] = [
      { role: 'system', content: this.options.systemPrompt(request) },
      ...request.history.map((t) => ({ role: t.role, content: t.content })),
      { role: 'user', content: request.question },
    ];
    let tools = request.tools?.definitions.length ? request.tools : null;
    try {
      // A model that calls functions gets their answers and is asked again, a few times at most;
      // the last round forbids calls, so an answer always ends in words.
      for (let round = 1; ; round++) {
        const offer = tools ? { tools: tools.definitions.map((f) => ({ type: 'function', function: f })), tool_choice: round > MAX_TOOL_ROUNDS ? 'none' : 'auto' } : {};
        timer.arm(firstByteMs, 'the model service did not answer');
        let turn: { content: string; calls: ToolCall[] };
        try {
          turn = yield* this.turn({ model: this.options.model, stream: true, detail: false, messages, ...offer }, timer, signal, idleMs);
        } catch (error) {
          // A service that takes no functions refuses the first request as malformed: ask it again without them.
          if (!(tools && round === 1 && error instanceof ChatUpstreamError && (error.status === 400 || error.status === 422))) throw error;
          tools = null;
          round = 0;
          continue;
        }
        timer.pause();
        if (!tools || !turn.calls.length || round > MAX_TOOL_ROUNDS) return;
        messages.push({
          role: 'assistant',
          content: turn.content || null,
          tool_calls: turn.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        });
        for (const call of turn.calls) {
          if (signal.aborted) throw new DOMException('The customer stopped the answer', 'AbortError');
          messages.push({ role: 'tool', tool_call_id: call.id, content: await tools.call(call.name, call.arguments) });
        }
      }
    } finally {
      clearTimeout(total);
      timer.pause();
      signal.removeEventListener('abort', onAbort);
      timer.controller.abort();
    }
  }

  /** One request to the model: its words are yielded as they come, the function calls it asks for are returned. */
  private async *turn(body: Record<string, unknown>, timer: AnswerTimer, signal: AbortSignal, idleMs: number): AsyncGenerator<StreamDelta, { content: string; calls: ToolCall[] }> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: timer.controller.signal,
      });
    } catch (error) {
      throw this.failure(error, timer.timedOut, signal, new ChatUpstreamError('unreachable', 'the model service could not be reached'));
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new ChatUpstreamError('http', `the model service answered HTTP ${response.status}`, response.status);
    }
    timer.arm(idleMs, 'the model service stopped sending');
    const decoder = new StreamDecoder();
    const calls = new ToolCallAssembler();
    const text = new TextDecoder();
    const reader = response.body.getReader();
    let content = '';
    let finished = false;
    try {
      while (!finished) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (error) {
          throw this.failure(error, timer.timedOut, signal, new ChatUpstreamError('disconnected', 'the model service closed the connection before the end of the answer'));
        }
        if (read.done) break;
        timer.arm(idleMs, 'the model service stopped sending');
        for (const event of decoder.push(text.decode(read.value, { stream: true }))) {
          if (event.kind === 'garbage') throw new ChatUpstreamError('garbage', 'the model service sent something that is not a chat stream');
          if (event.kind === 'done') {
            finished = true;
            break;
          }
          if (event.toolCalls) calls.push(event.toolCalls);
          content += event.delta.content;
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
    return { content, calls: calls.done() };
  }

  /** The error a failed fetch or read stands for: a timeout of ours, the caller's abort, or `otherwise`. */
  private failure(error: unknown, timedOut: string | null, signal: AbortSignal, otherwise: ChatUpstreamError): Error {
    if (error instanceof ChatUpstreamError) return error;
    if (timedOut) return new ChatUpstreamError('timeout', timedOut);
    if (signal.aborted) return new DOMException('The customer stopped the answer', 'AbortError');
    return otherwise;
  }
}
