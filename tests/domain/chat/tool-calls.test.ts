import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDataLine, type ToolCallPiece } from '../../../src/domain/chat/stream-chunks';
import { MAX_ARGUMENT_CHARS, MAX_CALLS_PER_TURN, ToolCallAssembler } from '../../../src/domain/chat/tool-calls';

const call = fc.record({ id: fc.stringMatching(/^call_[a-z0-9]{1,8}$/), name: fc.stringMatching(/^[a-z_]{1,20}$/), arguments: fc.json({ maxDepth: 2 }) });

/** A call's pieces as a model streams them: the first names it, the arguments in 1 to 4 cuts. */
const piecesOf = (c: { id: string; name: string; arguments: string }, index: number, cuts: number[]): ToolCallPiece[] => {
  const at = [...new Set(cuts.map((x) => Math.floor(x * c.arguments.length)))].sort((a, b) => a - b);
  const parts = [0, ...at, c.arguments.length].slice(1).map((end, i, ends) => c.arguments.slice(i ? ends[i - 1] : 0, end));
  return [{ index, id: c.id, name: c.name, arguments: parts[0] ?? '' }, ...parts.slice(1).map((a) => ({ index, arguments: a }))];
};

describe('the tool calls of a streamed turn', () => {
  it('are joined whole, in index order, however the arguments were cut and the calls interleaved', () => {
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: MAX_CALLS_PER_TURN }).filter((cs) => cs.every((c) => c.arguments.length <= MAX_ARGUMENT_CHARS)),
        fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }), { minLength: MAX_CALLS_PER_TURN, maxLength: MAX_CALLS_PER_TURN }),
        fc.infiniteStream(fc.nat()),
        (calls, cuts, choices) => {
          // Each call's pieces stay in order; which call's next piece comes first is drawn.
          const queues = calls.map((c, i) => piecesOf(c, i, cuts[i]!));
          const stream: ToolCallPiece[] = [];
          const picks = choices[Symbol.iterator]();
          while (queues.some((q) => q.length)) {
            const open = queues.filter((q) => q.length);
            stream.push(open[picks.next().value % open.length]!.shift()!);
          }
          const assembler = new ToolCallAssembler();
          for (const piece of stream) assembler.push([piece]);
          expect(assembler.done()).toEqual(calls);
        },
      ),
    );
  });

  it('keep at most the calls and the arguments a turn may have', () => {
    const assembler = new ToolCallAssembler();
    for (let i = 0; i < MAX_CALLS_PER_TURN + 3; i++) assembler.push([{ index: i, id: `c${i}`, name: 'f', arguments: 'x'.repeat(MAX_ARGUMENT_CHARS) }, { index: i, arguments: 'yyyy' }]);
    const done = assembler.done();
    expect(done).toHaveLength(MAX_CALLS_PER_TURN);
    // Cut just past the limit, so the function refuses them as bad arguments rather than reading a prefix.
    for (const c of done) expect(c.arguments.length).toBe(MAX_ARGUMENT_CHARS + 1);
  });

  it('are read off the data lines, with the finish reason, and a nameless call is dropped', () => {
    const line = 'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"alarms","arguments":"{\\"per"}}]}}]}';
    const event = readDataLine(line);
    expect(event).toMatchObject({ kind: 'delta', toolCalls: [{ index: 0, id: 'call_1', name: 'alarms', arguments: '{"per' }] });
    expect(readDataLine('data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}')).toMatchObject({ finishReason: 'tool_calls' });
    const assembler = new ToolCallAssembler();
    assembler.push([{ index: 0, arguments: '{}' }, { index: 1, name: 'warranty' }]);
    expect(assembler.done()).toEqual([{ id: 'call_1', name: 'warranty', arguments: '' }]);
  });
});
