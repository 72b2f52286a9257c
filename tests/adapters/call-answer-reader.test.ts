import { describe, expect, it } from 'vitest';
import { readCallAnswer } from '../../src/adapters/ky/call-answer.reader';
import { defineCall } from '../../src/contract/call';

// The recipe's reader (issue 34): an answer read by the contract alone.
const Call = defineCall({
  path: 'Test/Call',
  summary: 'a call for the reader',
  body: { type: 'object' },
  data: { type: 'object', required: ['A'], properties: { A: { type: 'string' } } },
  refusals: { notYours: { code: 404, info: '未查询到数据' }, taken: { code: 409, info: 'taken' }, tooSoon: { code: 429, info: () => 'wait' } },
});

describe('readCallAnswer', () => {
  it("reads success as its data and each refusal the contract names by its name (a text made from values by its code)", () => {
    expect(readCallAnswer(Call, { code: 200, info: 'success', ReturnData: { A: 'x' } })).toEqual({ kind: 'done', data: { A: 'x' } });
    expect(readCallAnswer(Call, { code: 404, info: '未查询到数据', ReturnData: null })).toEqual({ kind: 'notYours' });
    expect(readCallAnswer(Call, { code: 409, info: 'taken' })).toEqual({ kind: 'taken' });
    expect(readCallAnswer(Call, { code: 429, info: 'Wait 12 s' })).toEqual({ kind: 'tooSoon' });
  });

  it('reads any other answer as refused with its message, and an expired login with none (its dialog tells)', () => {
    expect(readCallAnswer(Call, { code: 409, info: 'another text' })).toEqual({ kind: 'refused', message: 'another text' });
    expect(readCallAnswer(Call, { code: 500, info: 'The server failed' })).toEqual({ kind: 'refused', message: 'The server failed' });
    expect(readCallAnswer(Call, { code: 401, info: 'Login has expired, please log in again' })).toEqual({ kind: 'refused', message: '' });
  });
});
