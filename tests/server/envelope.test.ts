import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOutboxEntry } from '../../src/server/start';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ BODY_LIMIT: '2048' });
});
afterAll(() => portal.close());

describe('the envelope on every answer', () => {
  it('names the field of a validation error', async () => {
    const res = await portal.call('User/RegisterEmlie', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, info: 'Email is required', ReturnData: null });
    const typed = await portal.call('User/GetAreaData', { seltype: '9' });
    expect(typed.body.code).toBe(400);
    expect(typed.body.info).toMatch(/seltype/);
  });

  it('answers 404 for an unknown call', async () => {
    const res = await portal.call('Nothing/Here', {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await portal.call('User/GetUserEmail', { Email: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    const bad = await portal.call('User/GetUserEmail', '{"Email":');
    expect(bad.body).toMatchObject({ code: 400, info: 'The body must be valid JSON' });
    const form = await portal.app.inject({ method: 'POST', url: '/api/User/GetUserEmail', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect(form.json().code).toBe(415);
  });

  it('answers 429 in the envelope when a rate limit is reached', async () => {
    let last: any;
    for (let i = 0; i < 31; i++) last = await portal.call('Login/UserLogin', { Account: `nobody${i}@example.com`, Password: 'whatever-1' });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe(429);
    expect(last.body.info).toMatch(/Too many requests/);
    // The browser says it in the page's language from the id and the seconds (issue 23).
    expect(last.body.Refused).toEqual({ id: 'rateLimited', values: { seconds: expect.any(Number) } });
    expect(last.body.Refused.values.seconds).toBeGreaterThan(0);
  });

  it('serves health, readiness and an OpenAPI 3.1 document naming every call', async () => {
    expect((await portal.app.inject({ url: '/api/health' })).json().code).toBe(200);
    expect((await portal.app.inject({ url: '/api/ready' })).json().ReturnData.database).toBe(true);
    const doc = (await portal.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of portal.app.printRoutes({ commonPrefix: false }).match(/\/api\/\w+\/\w+/g) ?? []) {
      expect(doc.paths[route], route).toBeDefined();
    }
    expect(doc.paths['/api/User/GetUserInfo'].post.security).toEqual([{ token: [] }, { bearer: [] }]);
  });

  it('documents the answers of the probes, the broker hooks and the telemetry stats, and answers them so', async () => {
    const doc = (await portal.app.inject({ url: '/api/openapi.json' })).json();
    const answers = (path: string, method = 'post') => JSON.stringify(doc.paths[path]?.[method]?.responses ?? null);
    expect(answers('/api/health', 'get')).toContain('"up"');
    expect(answers('/api/ready', 'get')).toContain('database unavailable');
    for (const hook of ['Auth', 'Acl', 'Superuser']) expect(answers(`/api/Mqtt/${hook}`), hook).toContain('is_superuser');
    expect(answers('/api/Telemetry/GetStats')).toContain('messagesShed');
    // A portal of its own: the rate limit test above spends this one's logins.
    const fresh = await createTestPortal({ MQTT_HOOK_SECRET: 'hook-secret-1' });
    try {
      const { token } = await fresh.login('staff@example.com', 'staff1234');
      const stats = await fresh.call('Telemetry/GetStats', {}, token);
      expect(stats.body).toMatchObject({ code: 200, info: 'success', ReturnData: { broker: 'embedded', externalConnected: null, machinesWithValues: 0 } });
      const res = await fresh.app.inject({ method: 'POST', url: '/api/Mqtt/Superuser', payload: { username: 'someone' }, headers: { 'x-hook-secret': 'hook-secret-1' } });
      const denied = { status: res.statusCode, body: res.json() };
      expect(denied).toEqual({ status: 403, body: { code: 403, info: 'No superusers', ReturnData: null, result: 'deny', ok: false, error: 'No superusers', is_superuser: false } });
    } finally {
      await fresh.close();
    }
  });
});

describe('the outbox page', () => {
  it('shows mail to this machine only: another address gets 404', async () => {
    await portal.call('User/RegisterEmlie', { Email: 'outbox-view@example.com' });
    const local = await portal.app.inject({ url: '/dev/outbox' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('outbox-view@example.com');
    const remote = await portal.app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('outbox-view@example.com');
    expect((await portal.app.inject({ url: '/dev/outbox.json', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });

  // Issue 21, item 8: loopback is no credential behind a reverse proxy on the same host.
  it('is off in production unless DEV_OUTBOX asks for it', async () => {
    for (const [env, status] of [[{ NODE_ENV: 'production' }, 404], [{ NODE_ENV: 'production', DEV_OUTBOX: '1' }, 200], [{ DEV_OUTBOX: 'off' }, 404]] as const) {
      const other = await createTestPortal(env);
      try {
        expect((await other.app.inject({ url: '/dev/outbox' })).statusCode, JSON.stringify(env)).toBe(status);
      } finally {
        await other.close();
      }
    }
  });

  it('with TRUST_PROXY, takes the client address from the proxy: a remote client through a local proxy gets 404', async () => {
    const proxied = await createTestPortal({ TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = await proxied.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(viaProxy.statusCode).toBe(404);
      expect((await proxied.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      // A client cannot claim loopback itself: the header counts only from the trusted proxy.
      expect((await proxied.app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('keeps outbox.jsonl to its owner (mode 0600), and logs no code at info level in production', async () => {
    await portal.call('User/RegisterEmlie', { Email: 'outbox-mode@example.com' });
    expect(statSync(portal.services.outbox.file).mode & 0o777).toBe(0o600);
    const lines: Array<{ level: string; obj: object }> = [];
    const log = { info: (obj: object) => lines.push({ level: 'info', obj }), debug: (obj: object) => lines.push({ level: 'debug', obj }) };
    const entry = { id: 'e1', channel: 'email' as const, to: 'a@example.com', subject: 'Code', text: 'Your code is 123456', at: new Date().toISOString() };
    logOutboxEntry(log, entry, true);
    expect(JSON.stringify(lines.filter((l) => l.level === 'info'))).not.toContain('123456');
    lines.length = 0;
    logOutboxEntry(log, entry, false);
    expect(JSON.stringify(lines)).toContain('123456');
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a request id and no stack, and readiness turns false', async () => {
    const broken = await createTestPortal();
    try {
      // Pull the database away under the running app.
      await broken.services.database.pool.end();
      const res = await broken.call('Login/UserLogin', { Account: 'demo@example.com', Password: 'demo1234' });
      expect(res.status).toBe(500);
      expect(res.body.info).toMatch(/request id [0-9a-f]{8}-[0-9a-z]+\)/);
      expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|\.ts:\d+|pool/i);
      expect((await broken.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
