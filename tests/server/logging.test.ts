import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/test-portal';

const lines: Array<Record<string, unknown>> = [];
let portal: TestPortal;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  portal = await createTestPortal({}, { logger: { level: 'info', stream } });
});
afterAll(() => portal.close());

describe('request logs', () => {
  it('writes one structured line per call, with its request id, and never the token', async () => {
    const { token } = await portal.login('demo@example.com', 'demo1234');
    lines.length = 0;
    const res = await portal.app.inject({ method: 'POST', url: '/api/User/GetUserInfo', headers: { token, 'content-type': 'application/json' }, payload: '{}' });
    const logged = lines.filter((l) => l.msg === 'request');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ method: 'POST', url: '/api/User/GetUserInfo', status: 200, reqId: res.headers['x-request-id'] });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('leaves healthy probes out of the log but keeps failed calls', async () => {
    lines.length = 0;
    await portal.app.inject({ url: '/api/health' });
    await portal.app.inject({ url: '/api/ready' });
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(0);
    await portal.call('Nothing/Here', {});
    expect(lines.filter((l) => l.msg === 'request' && l.status === 404)).toHaveLength(1);
  });
});
