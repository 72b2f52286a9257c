import type { ToolCallPiece } from './stream-chunks';

/** A function call a model asked for, whole: its arguments are the JSON text it wrote (not yet checked). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** Most calls one model turn may ask for; the rest are not run (a model looping on calls is cut off). */
export const MAX_CALLS_PER_TURN = 8;
/** Longest arguments text of one call: a model writing megabytes of arguments is garbage (kept one past it, so it is refused, not read in part). */
export const MAX_ARGUMENT_CHARS = 4_000;

/**
 * Joins the pieces of a streamed turn's function calls (OpenAI's `delta.tool_calls`): each call's
 * pieces share an index, the first names it, the arguments come in order. A call without a name
 * is dropped; one without an id gets `call_<index>`, so its answer can still be matched.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  push(pieces: readonly ToolCallPiece[]): void {
    for (const piece of pieces) {
      let call = this.calls.get(piece.index);
      if (!call) {
        if (this.calls.size >= MAX_CALLS_PER_TURN) continue;
        call = { id: '', name: '', arguments: '' };
        this.calls.set(piece.index, call);
      }
      if (piece.id && !call.id) call.id = piece.id;
      if (piece.name && !call.name) call.name = piece.name;
      if (piece.arguments && call.arguments.length <= MAX_ARGUMENT_CHARS) call.arguments = (call.arguments + piece.arguments).slice(0, MAX_ARGUMENT_CHARS + 1);
    }
  }

  /** The calls asked for, in index order. */
  done(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, c]) => c.name)
      .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: c.arguments }));
  }
}
