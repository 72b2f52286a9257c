import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSchema } from '../../src/contract/call';
import * as Machine from '../../src/contract/machine';
import { AnswerMismatch, answerSerializerCompiler } from '../../src/server/answer-check';
import { envelopeOf } from '../../src/server/route-kit';
import { done, refuse } from '../../src/server/outcome';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal.close());

describe('the contract on the server', () => {
  it('writes the envelope from an outcome with the contract texts', () => {
    expect(envelopeOf(Machine.MachineBind, done(null))).toEqual({ code: 200, info: '绑定成功', ReturnData: null });
    expect(envelopeOf(Machine.MachineBind, refuse('unknownMachine'))).toEqual({ code: 400, info: '未查询到数据', ReturnData: null });
    expect(envelopeOf(Machine.GetMyMachine, done([]))).toEqual({ code: 200, info: '数据查询为空', ReturnData: [], ReturnCount: 0 });
    expect(() => envelopeOf(Machine.MachineBind, refuse('nothing-of-the-kind'))).toThrow(/no refusal named/);
  });

  it('checks answers against their schema when asked (tests), and only then', () => {
    const url = '/api/Machine/GetMyMachine';
    const checked = answerSerializerCompiler(true)({ schema: answerSchema(Machine.GetMyMachine), url });
    const good = { code: 200, info: 'success', ReturnData: [{ equipmentid: 1, name: 'G', communicationstatus: 0, ordernumber: 'G-1', seriesname: 'G', kind: 'sheet', BoundByName: 'Li Na' }], ReturnCount: 1 };
    expect(checked(good)).toBe(JSON.stringify(good));
    const leaked = { ...good, ReturnData: [{ ...good.ReturnData[0], ownerId: 'someone' }] };
    expect(() => checked(leaked)).toThrow(AnswerMismatch);
    // A refusal's ReturnData is not the success data.
    expect(checked({ code: 400, info: '未查询到数据', ReturnData: null })).toContain('未查询到数据');
    const unchecked = answerSerializerCompiler(false)({ schema: answerSchema(Machine.GetMyMachine), url });
    expect(unchecked(leaked)).toBe(JSON.stringify(leaked));
  });

  it('documents the answer of every contract call in the OpenAPI document', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, { post: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }> };
    for (const call of Object.values(Machine)) {
      if (typeof call !== 'object' || !call || !('path' in call)) continue;
      const responses = doc.paths[`/api/${call.path}`]?.post.responses;
      expect(responses, call.path).toBeDefined();
      expect(JSON.stringify(responses), call.path).toContain('ReturnData');
    }
  });

  it('documents an answer for every route of the API, with the envelope on every JSON call', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const undocumented: string[] = [];
    let checked = 0;
    for (const route of portal.app.routeTable) {
      if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json' || route.method === 'HEAD') continue;
      checked += 1;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const responses = doc.paths[path]?.[route.method.toLowerCase()]?.responses;
      const text = JSON.stringify(responses ?? {});
      const json = route.method === 'POST' && !/File|Download|ExportCsv/.test(route.url);
      if (!responses || !Object.keys(responses).length || (json && !text.includes('ReturnData'))) undocumented.push(`${route.method} ${route.url}`);
    }
    expect(undocumented).toEqual([]);
    expect(checked).toBeGreaterThan(70);
  });

  it('refuses a body UserId that is no string or number with 403, never a 500', async () => {
    const { token } = await portal.login('demo@example.com', 'demo1234');
    for (const userId of [{ toString: '' }, ['1'], true]) {
      const res = await portal.call('Machine/GetMyMachine', { userId }, token);
      expect(res.status, JSON.stringify(userId)).toBe(403);
      expect(res.body.code).toBe(403);
    }
  });
});
