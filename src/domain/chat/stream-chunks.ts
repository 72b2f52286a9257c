/**
 * The chat stream's shape (spec 3 section 7, DECISIONS 6): server-sent events whose `data:` lines
 * hold `{"choices":[{"delta":{"content", "reasoning_content"}}]}`, ending with `data: [DONE]`.
 * The portal's server reads an OpenAI-compatible upstream with this decoder and the browser reads
 * the portal's answer with it; the portal writes the same shape with `chunkLine`.
 */

/** One piece of an answer as the stream carries it. */
export interface StreamDelta {
  content: string;
  reasoning: string;
}

/** What a data line says: a piece of the answer, the end marker, the portal's extras, or garbage. */
export type StreamEvent =
  | {
      kind: 'delta';
      delta: StreamDelta;
      extra: Record<string, unknown>;
      /** Pieces of the function calls a model asks for (OpenAI's `delta.tool_calls`), when it asks. */
      toolCalls?: ToolCallPiece[];
      /** The choice's `finish_reason` when this chunk ends it (`stop`, `tool_calls`, `length`). */
      finishReason?: string;
    }
  | { kind: 'done' }
  | { kind: 'garbage'; line: string };

/** Longest line kept while waiting for its end: a stream that never sends a newline is garbage, not a memory leak. */
export const MAX_LINE_CHARS = 1_000_000;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * One chunk's piece of a function call: the first piece of a call has its `id` and `name`, the
 * arguments' JSON text comes in pieces, all under the call's `index` (tool-calls.ts joins them).
 */
export interface ToolCallPiece {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

/** The well-formed tool-call pieces of a delta (others are dropped: the call they belong to ends as bad arguments). */
function toolCallPieces(value: unknown): ToolCallPiece[] {
  if (!Array.isArray(value)) return [];
  const pieces: ToolCallPiece[] = [];
  value.forEach((raw, position) => {
    if (!raw || typeof raw !== 'object') return;
    const call = raw as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    const piece: ToolCallPiece = { index: Number.isInteger(call.index) ? (call.index as number) : position };
    if (typeof call.id === 'string') piece.id = call.id;
    if (typeof call.function?.name === 'string') piece.name = call.function.name;
    if (typeof call.function?.arguments === 'string') piece.arguments = call.function.arguments;
    pieces.push(piece);
  });
  return pieces;
}

/** Reads one `data:` payload. Comments, `event:`/`id:` lines and blank lines are not data and give nothing. */
export function readDataLine(line: string): StreamEvent | null {
  if (!line.startsWith('data:')) return null;
  const payload = line.slice(5).trim();
  if (payload === '') return null;
  if (payload === '[DONE]') return { kind: 'done' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { kind: 'garbage', line: payload.slice(0, 200) };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'garbage', line: payload.slice(0, 200) };
  const { choices, ...extra } = parsed as { choices?: unknown };
  const first = Array.isArray(choices)
    ? (choices[0] as { delta?: { content?: unknown; reasoning_content?: unknown; tool_calls?: unknown }; finish_reason?: unknown } | undefined)
    : undefined;
  if (choices !== undefined && !Array.isArray(choices)) return { kind: 'garbage', line: payload.slice(0, 200) };
  const delta = first?.delta ?? {};
  const event: StreamEvent = { kind: 'delta', delta: { content: text(delta.content), reasoning: text(delta.reasoning_content) }, extra };
  const toolCalls = toolCallPieces(delta.tool_calls);
  if (toolCalls.length) event.toolCalls = toolCalls;
  if (typeof first?.finish_reason === 'string') event.finishReason = first.finish_reason;
  return event;
}

/** Splits a byte stream's text into lines across chunk boundaries (`\n`, `\r\n` or `\r`) and reads each. */
export class StreamDecoder {
  private rest = '';

  /** The events of the text received so far; an unfinished last line waits for the next call. */
  push(chunk: string): StreamEvent[] {
    const lines = (this.rest + chunk).split(/\r\n|\n|\r/);
    this.rest = lines.pop() ?? '';
    if (this.rest.length > MAX_LINE_CHARS) {
      this.rest = '';
      return [...this.read(lines), { kind: 'garbage', line: 'a line longer than the limit' }];
    }
    return this.read(lines);
  }

  /** The last line when the stream ended without a newline. */
  end(): StreamEvent[] {
    const last = this.rest;
    this.rest = '';
    return this.read([last]);
  }

  private read(lines: string[]): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const line of lines) {
      const event = readDataLine(line);
      if (event) out.push(event);
    }
    return out;
  }
}

/** One `data:` line of the stream with a piece of the answer (and the portal's extras beside `choices`). */
export function chunkLine(delta: Partial<StreamDelta>, extra: Record<string, unknown> = {}): string {
  const d: Record<string, string> = {};
  if (delta.content !== undefined) d.content = delta.content;
  if (delta.reasoning !== undefined) d.reasoning_content = delta.reasoning;
  return `data: ${JSON.stringify({ ...extra, object: 'chat.completion.chunk', choices: [{ index: 0, delta: d }] })}\n\n`;
}

export const DONE_LINE = 'data: [DONE]\n\n';
