import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateHost, resolvesPublic } from '../../src/adapters/webhook/public-address';
import { sendWebhook } from '../../src/adapters/webhook/webhook-sender.adapter';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// A customer's webhook must not make the portal call this machine or a private network (SSRF).

describe('which addresses a webhook may reach', () => {
  it('blocks loopback, private, link-local and special ranges in both families, and lets public ones through', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '203.0.113.9', '2001:4860:4860::8888']) expect(isPrivateAddress(a), a).toBe(false);
    expect(['localhost', 'x.localhost', '[::1]', '127.0.0.1'].map(isPrivateHost)).toEqual([true, true, true, true]);
    expect(isPrivateHost('qyapi.weixin.qq.com')).toBe(false);
  });

  it('refuses at sending a receiver that resolves to this machine, and sends nothing there', async () => {
    let hits = 0;
    const server = createServer((_req, res) => (hits++, res.end('{}')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    expect(await resolvesPublic('localhost')).toBe(false);
    const request = { url: `http://localhost:${port}/hook`, headers: { 'content-type': 'application/json' }, body: '{}' };
    expect(await sendWebhook(request, { allowPrivate: false })).toEqual({ ok: false, error: 'the address is not on the public internet' });
    expect(hits).toBe(0);
    expect(await sendWebhook(request, { allowPrivate: true })).toEqual({ ok: true });
    expect(hits).toBe(1);
    server.close();
  });
});

describe('a production portal refuses such a webhook when it is added', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await createTestPortal({ WEBHOOK_ALLOW_PRIVATE: 'false' });
  });
  afterAll(() => portal.close());

  it('answers privateUrl for a loopback or private address, and takes a public one', async () => {
    const { token } = await portal.login('demo@example.com', 'demo1234');
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.0.0.5/x']) {
      expect((await portal.call('Alarm/AddWebhook', { Format: 'wecom', Url: url }, token)).body, url).toMatchObject({ code: 400, info: 'The address must be on the public internet, not this server or a private network' });
    }
    expect((await portal.call('Alarm/AddWebhook', { Format: 'wecom', Url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' }, token)).body.code).toBe(200);
    expect((await portal.call('Alarm/GetWebhooks', {}, token)).body.ReturnData).toHaveLength(1);
  });
});
