import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_ID, type PageAnswer } from '../../src/contract/page-answers';
import { PAINTED_TILES } from '../../src/server/first-screens/personal-copies';
import { inlineScriptHashes } from '../../src/server/spa/csp';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The fleet and the task page painted on the server with the caller's data (ADR 0026): whose data,
// for whom, what the page carries, and that a page never paints someone else's machines.

let portal: TestPortal;
let ada: TestCustomer;
let bob: TestCustomer;
let adaMachine: string;
let bobMachine: string;
// A machine name a customer chose: it reaches the page as text and inside the answers' JSON.
// `$'` and `$&` would splice the page into itself through a replacement string.
const HOSTILE = "</script><script>alert(1)</script><img src=x onerror=alert(2)> $' $&";
const dist = mkdtempSync(path.join(tmpdir(), 'spa-personal-'));

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div><script>boot()</script></body></html>');
  portal = await createTestPortal({}, { distDir: dist });
  ada = await createCustomer(portal, 'ada');
  bob = await createCustomer(portal, 'bob');
  adaMachine = await bindNewMachine(portal, ada, 'G', HOSTILE);
  bobMachine = await bindNewMachine(portal, bob, 'T', 'Bob tube cutter');
});
afterAll(async () => {
  await portal.close();
  rmSync(dist, { recursive: true, force: true });
});

const cookieOf = (customer: TestCustomer) => `portal-session=${customer.token}`;

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await portal.app.inject({ url, headers });
  return { res, html: res.body };
}

/** The answers a painted page carries. */
function answersOf(html: string): PageAnswer[] {
  const match = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]) as PageAnswer[]) : [];
}

describe('a page painted with the caller\'s data', () => {
  it("paints the fleet of the session's owner in both languages, with the answers it was painted from, never cached", async () => {
    const { res, html } = await page('/app/index/device', { cookie: cookieOf(ada) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/);
    expect(html).toContain('<template id="first-screen-zh">');
    expect(html).toContain('<template id="first-screen-en">');
    expect(html).toMatch(/<div id="first-screen" data-paths="\/index\/device" data-parts="fleet"/);
    expect(html).toContain(adaMachine);
    expect(html).not.toContain(bobMachine);
    expect(html).toContain('我的设备');
    expect(html).toContain('My devices');
    const answers = answersOf(html);
    const fleet = answers.find((answer) => answer.path === 'Machine/GetMyMachine');
    expect(fleet?.body).toEqual({ UserId: ada.userId });
    expect((fleet?.envelope.ReturnData as Array<{ ordernumber: string }>).map((m) => m.ordernumber)).toEqual([adaMachine]);
    // The due badges' call, once per language (its body names the language).
    expect(answers.filter((answer) => answer.path === 'Maintenance/MMachineList').map((answer) => (answer.body as { lang: string }).lang).sort()).toEqual(['en', 'zh']);
  });

  it('paints the first tiles of a large fleet and carries every machine for the app', async () => {
    const big = await createCustomer(portal, 'big-fleet');
    await portal.services.database.pool.query(
      `insert into machines (order_number, name, series_name, kind, owner_id, bound_at)
       select 'BIG-' || lpad(i::text, 3, '0'), 'Big line ' || i, 'T', 'tube', $1, now() from generate_series(1, $2) as i`,
      [big.userId, PAINTED_TILES + 5],
    );
    const { html } = await page('/app/index/device?lan=en', { cookie: cookieOf(big) });
    const painted = /<template id="first-screen-en">([\s\S]*?)<\/template>/.exec(html)![1];
    expect(new Set(painted.match(/Big line \d+/g)).size).toBe(PAINTED_TILES);
    const fleet = answersOf(html).find((answer) => answer.path === 'Machine/GetMyMachine');
    expect((fleet?.envelope.ReturnData as unknown[]).length).toBe(PAINTED_TILES + 5);
  });

  it('paints only the language the address asks for', async () => {
    const { html } = await page('/app/index/device?lan=en', { cookie: cookieOf(ada) });
    expect(html).toContain('<template id="first-screen-en">');
    expect(html).not.toContain('<template id="first-screen-zh">');
  });

  it('paints only the language the app stored (its cookie), and the address\'s over it', async () => {
    const stored = await page('/app/index/device', { cookie: `${cookieOf(ada)}; portal-lang=en` });
    expect(stored.html).toContain('<template id="first-screen-en">');
    expect(stored.html).not.toContain('<template id="first-screen-zh">');
    const asked = await page('/app/index/device?lan=zh', { cookie: `portal-lang=en; ${cookieOf(ada)}` });
    expect(asked.html).toContain('<template id="first-screen-zh">');
    expect(asked.html).not.toContain('<template id="first-screen-en">');
    // A cookie of no language of ours leaves the choice to the page: both are painted.
    const unknown = await page('/app/index/device', { cookie: `${cookieOf(ada)}; portal-lang=fr` });
    expect(unknown.html).toContain('<template id="first-screen-zh">');
    expect(unknown.html).toContain('<template id="first-screen-en">');
  });

  it("writes a customer's text as text, in the markup and in the answers' JSON", async () => {
    const { html } = await page('/app/index/device', { cookie: cookieOf(ada) });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(html).toContain("&gt; $&#x27; $&amp;");
    // The page is one page: its head and root once.
    expect(html.split('<div id="root">').length).toBe(2);
    expect(html.split('</html>').length).toBe(2);
    // Inside the JSON, `<` is escaped: nothing can end the data's script element.
    const data = /id="page-answers">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(data).not.toContain('<');
    expect(answersOf(html).length).toBeGreaterThan(0);
  });

  it("paints the task page with the chosen machine's first report and run-time pages, the times marked for the browser's zone", async () => {
    const { html } = await page(`/app/index/task?machine=${encodeURIComponent(adaMachine)}`, { cookie: cookieOf(ada) });
    expect(html).toMatch(/data-paths="\/index\/task" data-parts="task-machines report runtime"/);
    const paths = answersOf(html).map((answer) => answer.path);
    expect(paths).toEqual(expect.arrayContaining(['Machine/GetMyMachine', 'Machine/GetMachineReport', 'Machine/GetProcessingTimes']));
    expect(html).toContain(adaMachine);
  });

  it("never paints another customer's machine named in the address: the picker falls back to the caller's own", async () => {
    const { html } = await page(`/app/index/task?machine=${encodeURIComponent(bobMachine)}`, { cookie: cookieOf(ada) });
    expect(html).not.toContain(bobMachine);
    expect(html).not.toContain('Bob tube cutter');
    for (const answer of answersOf(html)) expect(JSON.stringify(answer)).not.toContain(bobMachine);
  });

  it('sends the plain page without a live session, to another site, and for a session that ended', async () => {
    const plain = (html: string) => {
      expect(html).not.toContain('first-screen-zh');
      expect(html).not.toContain(PAGE_ANSWERS_ID);
    };
    plain((await page('/app/index/device')).html);
    plain((await page('/app/index/device', { cookie: 'portal-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).html);
    plain((await page('/app/index/device', { cookie: cookieOf(ada), 'sec-fetch-site': 'cross-site' })).html);
    // The token header is an API client's, not a page's.
    plain((await page('/app/index/device', { token: ada.token })).html);
    const leaving = await createCustomer(portal, 'leaving');
    await portal.call('Login/UserLogout', {}, leaving.token);
    const ended = await page('/app/index/device', { cookie: cookieOf(leaving) });
    expect(ended.res.headers['cache-control']).toBe('no-cache');
    plain(ended.html);
  });

  it("names the copy's inline script in the page's policy, not the answers (data, never run)", async () => {
    const { res, html } = await page('/app/index/task', { cookie: cookieOf(ada) });
    const csp = String(res.headers['content-security-policy']);
    const data = /<script type="application\/json" id="page-answers">[\s\S]*?<\/script>/.exec(html)![0];
    const withoutData = html.replace(data, '');
    for (const hash of inlineScriptHashes(withoutData)) expect(csp).toContain(hash);
    const [dataHash] = inlineScriptHashes(data);
    expect(csp).not.toContain(dataHash);
  });

  it('sends a painted page compressed to browsers that accept it', async () => {
    const br = await portal.app.inject({ url: '/app/index/device?lan=zh', headers: { cookie: cookieOf(ada), 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<template id="first-screen-zh">');
    expect(html).toContain(adaMachine);
    expect(answersOf(html).length).toBeGreaterThan(0);
  });

  it('answers odd addresses of the painted pages with a page, never an error', async () => {
    for (const query of ['?machine=', '?machine=%00%ff', `?machine=${'x'.repeat(5000)}`, '?lan=xx', '?lan=en&lan=zh', '?machine[]=1']) {
      const { res, html } = await page(`/app/index/task${query}`, { cookie: cookieOf(ada) });
      expect(res.statusCode, query).toBe(200);
      expect(html, query).toContain('<div id="root">');
    }
  });
});
