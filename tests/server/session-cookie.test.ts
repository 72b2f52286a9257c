import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_COOKIE, SECURE_COOKIE, sessionCookieOf } from '../../src/server/session-cookie';
import { createCustomer, storeAccount, type TestCustomer } from '../support/customers';
import { connectMqtt, pageId } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The web app's session in an HttpOnly cookie (ADR 0014, issue 21 item 6): set by the login,
// taken only with the web app's header (CSRF), cleared by the logout; the token header keeps
// working for API clients; the live connections log in from the upgrade's cookie.

let portal: TestPortal;
let base: string;
let host: string;
const WEB = { 'x-portal-client': 'web' };

beforeAll(async () => {
  portal = await createTestPortal({ TRUST_PROXY: '127.0.0.1' });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = portal.app.server.address() as { port: number };
  host = `127.0.0.1:${port}`;
  base = `http://${host}`;
});
afterAll(() => portal.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  portal.app.inject({ method: 'POST', url: `/api/${path}`, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

async function webLogin(headers: Record<string, string> = {}) {
  const { account, password } = await storeAccount(portal.services, 'cookie');
  const res = await post('Login/UserLogin', { Account: account, Password: password }, { ...WEB, ...headers });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  const token = sessionCookieOf(setCookie.split(';')[0]);
  return { res, setCookie, token: token!, body: res.json(), account, password };
}

describe('the web app session cookie', () => {
  it('the web login sets an HttpOnly SameSite=Strict cookie and answers no token; without the header the token is answered as before', async () => {
    const { res, setCookie, token, body, account, password } = await webLogin();
    expect(res.statusCode).toBe(200);
    expect(setCookie).toMatch(new RegExp(`^${PLAIN_COOKIE}=[\\w-]{40,};`));
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // plain http: a Secure cookie would never come back
    expect(body.ReturnData.Token).toBe('');
    expect(token).toMatch(/^[\w-]{40,}$/);

    const api = await post('Login/UserLogin', { Account: account, Password: password });
    expect(api.headers['set-cookie']).toBeUndefined();
    expect(api.json().ReturnData.Token).toMatch(/^[\w-]{40,}$/);
  });

  it('over HTTPS (behind a trusted proxy) the cookie is Secure with the __Host- name', async () => {
    const { setCookie } = await webLogin({ 'x-forwarded-proto': 'https' });
    expect(setCookie).toMatch(new RegExp(`^${SECURE_COOKIE}=[\\w-]{40,};`));
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
  });

  it('takes the cookie with the web header, refuses it without (CSRF), and the token header still works', async () => {
    const { token } = await webLogin();
    const cookie = `${PLAIN_COOKIE}=${token}`;
    const withHeader = await post('User/GetUserInfo', {}, { ...WEB, cookie });
    expect(withHeader.json().code).toBe(200);
    // A cross-site form or fetch without the custom header: the cookie rides along, and is refused.
    const forged = await post('User/GetUserInfo', {}, { cookie });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().info).toMatch(/X-Portal-Client/);
    const forgedLogout = await post('Login/UserLogout', {}, { cookie });
    expect(forgedLogout.statusCode).toBe(403);
    expect((await post('User/GetUserInfo', {}, { ...WEB, cookie })).json().code).toBe(200);
    // A public route with the cookie and no header: answered, as anonymous.
    expect((await post('User/GetAreaData', { seltype: '1', fid: '', lang: 'en' }, { cookie })).statusCode).toBe(200);
    // API clients: the token header, no cookie, no custom header.
    const customer = await createCustomer(portal, 'cookie-api');
    expect((await portal.call('User/GetUserInfo', {}, customer.token)).body.code).toBe(200);
  });

  it('the logout clears the cookie and ends the session', async () => {
    const { token } = await webLogin();
    const cookie = `${PLAIN_COOKIE}=${token}`;
    const out = await post('Login/UserLogout', {}, { ...WEB, cookie });
    expect(out.json().code).toBe(200);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.some((c) => c.startsWith(`${PLAIN_COOKIE}=;`) && /Max-Age=0/.test(c))).toBe(true);
    expect((await post('User/GetUserInfo', {}, { ...WEB, cookie })).statusCode).toBe(401);
  });
});

describe('the live connections log in from the cookie', () => {
  let who: TestCustomer & { cookie: string };
  beforeAll(async () => {
    const { token, body } = await webLogin();
    who = { userId: body.ReturnData.UserId, account: body.ReturnData.Account, token, cookie: `${PLAIN_COOKIE}=${token}` };
  });

  const dataSocket = (headers: Record<string, string>) =>
    new Promise<{ first: any; ws: WebSocket }>((resolve, reject) => {
      const ws = new WebSocket(`ws://${host}/ws/data`, { headers });
      ws.once('message', (data) => resolve({ first: JSON.parse(data.toString()), ws }));
      ws.once('error', reject);
      ws.once('open', () => setTimeout(() => ws.send(JSON.stringify({ type: 'query', id: 1, orderNumber: 'T0000-x', keys: [] })), 300));
    });

  it('/ws/data is ready without an auth frame from the portal origin with the cookie; another origin gets nothing from it', async () => {
    const own = await dataSocket({ cookie: who.cookie, origin: base });
    expect(own.first).toEqual({ type: 'ready' });
    own.ws.close();
    const foreign = await dataSocket({ cookie: who.cookie, origin: 'https://evil.example' });
    expect(foreign.first).toMatchObject({ type: 'error', code: 401 });
    foreign.ws.close();
  });

  it('/mqtt takes the cookie as the password from the portal origin only', async () => {
    const client = await connectMqtt(`ws://${host}/mqtt`, { clientId: pageId(who), username: who.userId, wsOptions: { headers: { cookie: who.cookie, origin: base } } });
    expect(client.connected).toBe(true);
    await client.endAsync(true);
    await expect(
      connectMqtt(`ws://${host}/mqtt`, { clientId: pageId(who), username: who.userId, wsOptions: { headers: { cookie: who.cookie, origin: 'https://evil.example' } } }),
    ).rejects.toThrow(/authori|password/i);
    await expect(connectMqtt(`ws://${host}/mqtt`, { clientId: pageId(who), username: who.userId })).rejects.toThrow(/authori|password/i);
  });
});
