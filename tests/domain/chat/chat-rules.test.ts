import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversationTitle, questionProblem, QUESTION_MAX_CHARS } from '../../../src/domain/chat/chat-rules';
import { chunkLine, DONE_LINE, readDataLine, StreamDecoder } from '../../../src/domain/chat/stream-chunks';
import { timeLabel } from '../../../src/domain/chat/time-label';

describe('question rule', () => {
  it('refuses empty and whitespace-only questions and ones over the limit', () => {
    for (const t of ['', ' ', '\n\t \u3000', null, 3]) expect(questionProblem(t)).toBe('empty');
    expect(questionProblem('E203?')).toBeNull();
    expect(questionProblem('字'.repeat(QUESTION_MAX_CHARS))).toBeNull();
    expect(questionProblem('字'.repeat(QUESTION_MAX_CHARS + 1))).toBe('tooLong');
  });
  it('titles a conversation with its first question on one line', () => {
    expect(conversationTitle('  E203\n on my  tube ')).toBe('E203 on my tube');
    expect([...conversationTitle('长'.repeat(100))].length).toBe(60);
  });
});

describe('time labels', () => {
  // Local times: the rule counts the browser's calendar days.
  const now = new Date(2026, 10, 24, 0, 0, 30); // Tuesday 00:00:30
  it('same day shows hour:minute, from midnight on', () => {
    expect(timeLabel(new Date(2026, 10, 24, 0, 0, 0), now)).toEqual({ kind: 'time', text: '00:00' });
    expect(timeLabel(new Date(2026, 10, 24, 9, 5), new Date(2026, 10, 24, 23, 59, 59))).toEqual({ kind: 'time', text: '09:05' });
  });
  it('one second before midnight is yesterday', () => {
    expect(timeLabel(new Date(2026, 10, 23, 23, 59, 59), now)).toEqual({ kind: 'yesterday' });
    expect(timeLabel(new Date(2026, 10, 23, 0, 0, 0), now)).toEqual({ kind: 'yesterday' });
  });
  it('two to six days back shows the weekday, seven days back the date', () => {
    expect(timeLabel(new Date(2026, 10, 22, 23, 59), now)).toEqual({ kind: 'weekday', weekday: 0 });
    expect(timeLabel(new Date(2026, 10, 18, 0, 0), now)).toEqual({ kind: 'weekday', weekday: 3 });
    expect(timeLabel(new Date(2026, 10, 17, 23, 59, 59), now)).toEqual({ kind: 'date', text: '2026-11-17' });
  });
  it('a month or year boundary counts calendar days', () => {
    expect(timeLabel(new Date(2025, 11, 31, 23, 0), new Date(2026, 0, 1, 1, 0))).toEqual({ kind: 'yesterday' });
    expect(timeLabel(new Date(2025, 11, 26, 0, 0), new Date(2026, 0, 1, 1, 0))).toEqual({ kind: 'weekday', weekday: 5 });
    expect(timeLabel(new Date(2025, 11, 25, 23, 59), new Date(2026, 0, 1, 1, 0))).toEqual({ kind: 'date', text: '2025-12-25' });
  });
  it('property: the label follows the calendar-day difference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: 0, max: 86_399 }), (days, a, b) => {
        const base = new Date(2026, 5, 15);
        const n = new Date(base.getFullYear(), base.getMonth(), base.getDate(), 0, 0, b);
        const t = new Date(base.getFullYear(), base.getMonth(), base.getDate() - days, 0, 0, a);
        const label = timeLabel(t, n);
        const kind = days === 0 ? 'time' : days === 1 ? 'yesterday' : days < 7 ? 'weekday' : 'date';
        expect(label.kind).toBe(kind);
      }),
    );
  });
});

describe('stream shape', () => {
  it('reads content, reasoning, the done marker and garbage', () => {
    expect(readDataLine('data: {"choices":[{"delta":{"content":"a","reasoning_content":"b"}}]}')).toEqual({ kind: 'delta', delta: { content: 'a', reasoning: 'b' }, extra: {} });
    expect(readDataLine('data: [DONE]')).toEqual({ kind: 'done' });
    expect(readDataLine(': keep-alive')).toBeNull();
    expect(readDataLine('data: {nope')).toMatchObject({ kind: 'garbage' });
    expect(readDataLine('data: [1,2]')).toMatchObject({ kind: 'garbage' });
  });
  it('property: what chunkLine writes, split anywhere, reads back the same', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ content: fc.string(), reasoning: fc.string() }), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (deltas, cuts) => {
        const text = deltas.map((d) => chunkLine(d)).join('') + DONE_LINE;
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const decoder = new StreamDecoder();
        const events = [];
        let last = 0;
        for (const p of [...points, text.length]) {
          events.push(...decoder.push(text.slice(last, p)));
          last = p;
        }
        events.push(...decoder.end());
        expect(events).toEqual([...deltas.map((d) => ({ kind: 'delta', delta: d, extra: { object: 'chat.completion.chunk' } })), { kind: 'done' }]);
      }),
    );
  });
});
