import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';

/**
 * The outside probe of issue 21, replayed against a running portal as an attacker would meet it:
 * over HTTP, the `/mqtt` websocket and the `/ws/data` socket only, with a customer's and a staff
 * member's ordinary logins. One check per finding (items 1-10); each answers whether the finding
 * is gone and what it saw. Run it with `npx tsx scripts/probe-issue-21.ts` (see that file);
 * `tests/server/outside-probe.test.ts` runs it against a fresh portal in CI.
 *
 * The probe logs the customer's account in and out many times and spends three or four failed
 * passwords on it (then logs in right, which clears the throttle): use a test account.
 */
export interface ProbeOptions {
  /** The portal's origin, e.g. http://127.0.0.1:3000 */
  base: string;
  customer: { account: string; password: string };
  staff: { account: string; password: string };
  /** Reads the latest code mailed to an address (the dev outbox); without it item 5 is not probed. */
  codeFor?: (address: string) => Promise<string | null>;
  /** Lets time pass on the portal's clock (the throttle's waits, logins in order); a test with a clock of its own advances that clock instead. */
  waitThrottle?: (ms: number) => Promise<unknown>;
  log?: (line: string) => void;
}

export interface ProbeResult {
  item: number;
  finding: string;
  fixed: boolean;
  saw: string;
}

type Envelope = { code: number; info: string; ReturnData?: any };

export async function probeIssue21(options: ProbeOptions): Promise<ProbeResult[]> {
  const { base } = options;
  const waitThrottle = options.waitThrottle ?? sleep;
  const ws = base.replace(/^http/, 'ws');
  const results: ProbeResult[] = [];
  const record = (item: number, finding: string, fixed: boolean, saw: string) => {
    results.push({ item, finding, fixed, saw });
    options.log?.(`${fixed ? 'FIXED ' : 'OPEN  '} ${item}. ${finding}: ${saw}`);
  };
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope; headers: Headers }> => {
    const res = await fetch(`${base}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: Envelope;
    try {
      parsed = JSON.parse(text) as Envelope;
    } catch {
      parsed = { code: res.status, info: text.slice(0, 80) };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const login = async (who: { account: string; password: string }) => {
    let answer = await call('Login/UserLogin', { Account: who.account, Password: who.password });
    // The login's rate limit (30 a minute per address) or the throttle's wait: wait it out once.
    for (let tries = 0; answer.status === 429 && tries < 7; tries++) {
      await waitThrottle(Number(/(\d+) seconds/.exec(answer.body.info)?.[1] ?? 10) * 1000 + 200);
      answer = await call('Login/UserLogin', { Account: who.account, Password: who.password });
    }
    if (answer.body.code !== 200) throw new Error(`the probe's login of ${who.account} failed: ${answer.body.info}`);
    return { token: answer.body.ReturnData.Token as string, userId: String(answer.body.ReturnData.UserId) };
  };
  const tried = async (item: number, finding: string, probe: () => Promise<[boolean, string]>) => {
    try {
      const [fixed, saw] = await probe();
      record(item, finding, fixed, saw);
    } catch (error) {
      record(item, finding, false, `the probe failed: ${(error as Error).message}`);
    }
  };

  await tried(1, "a customer takes a machine's or another user's MQTT client id", async () => {
    const me = await login(options.customer);
    const taken: string[] = [];
    for (const clientId of ['sim-T1000-probe', 'T1000', `web-not-${me.userId}-x`]) {
      const client = await mqttConnect(`${ws}/mqtt`, { clientId, username: me.userId, password: me.token });
      if (client) {
        taken.push(clientId);
        client.end(true);
      }
    }
    const own = await mqttConnect(`${ws}/mqtt`, { clientId: `web-${me.userId}-probe1`, username: me.userId, password: me.token });
    own?.end(true);
    return [taken.length === 0 && own !== null, taken.length ? `connected as ${taken.join(', ')}` : 'foreign ids refused (CONNACK 5), its own id accepted'];
  });

  await tried(2, 'live connections outlive the session', async () => {
    const me = await login(options.customer);
    const client = await mqttConnect(`${ws}/mqtt`, { clientId: `web-${me.userId}-probe2`, username: me.userId, password: me.token });
    const socket = await dataSocket(`${ws}/ws/data`, me.token);
    if (!client || !socket.ready) return [false, 'could not open the live connections to start with'];
    const mqttClosed = new Promise<boolean>((resolve) => client.once('close', () => resolve(true)));
    await call('Login/UserLogout', {}, { token: me.token });
    const [mqttGone, socketGone] = await Promise.all([within(mqttClosed, 4_000), within(socket.closed.then(() => true), 4_000)]);
    client.end(true);
    socket.ws.terminate();
    return [mqttGone && socketGone, `after logout: /mqtt ${mqttGone ? 'closed' : 'still open'}, /ws/data ${socketGone ? 'closed' : 'still open'} within 4 s`];
  });

  await tried(3, 'anyone can lock any account with five wrong passwords', async () => {
    let last: Envelope = { code: 0, info: '' };
    for (let i = 0; i < 5; i++) {
      last = (await call('Login/UserLogin', { Account: options.customer.account, Password: `wrong-${i}` })).body;
      const wait = Number(/(\d+) seconds/.exec(last.info)?.[1] ?? 0);
      if (last.code === 429 && wait > 0) await waitThrottle(wait * 1000 + 200);
    }
    // A hard lock refused the right password for 15 minutes; now it is a short per-address wait.
    const wait = Number(/(\d+) seconds/.exec(last.info)?.[1] ?? 8);
    await waitThrottle(Math.min(wait, 20) * 1000 + 200);
    let right = await call('Login/UserLogin', { Account: options.customer.account, Password: options.customer.password });
    if (right.body.code === 429) {
      await waitThrottle(Number(/(\d+) seconds/.exec(right.body.info)?.[1] ?? 5) * 1000 + 200);
      right = await call('Login/UserLogin', { Account: options.customer.account, Password: options.customer.password });
    }
    return [right.body.code === 200, `after 5 wrong passwords the right one answers ${right.body.code} ${right.body.info}`];
  });

  await tried(4, 'User/AllowSave is a password oracle outside the login throttle', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await call('User/AllowSave', { Account: options.customer.account, Email: 'probe@example.com', Password: `wrong-${i}`, EmailCode: '000000' });
      answers.push(answer.body.code);
    }
    // Clear the throttle for the account again (a right password, once the wait is over).
    await waitThrottle(16_000);
    await login(options.customer);
    return [answers.includes(429), `five wrong passwords through AllowSave answered ${answers.join(', ')} (429: the throttle holds it)`];
  });

  await tried(5, 'a pending review squats an e-mail its owner then cannot register', async () => {
    if (!options.codeFor) return [true, 'not probed: no outbox to read the owner code from (the server test covers it)'];
    const email = `probe-squat-${Date.now()}@example.com`;
    const body = { Account: email, Email: email, Mobile: '', Address: 'x', Password: 'squatter-pass', RealName: '', FullPathId: '', FullPathName: '', IsDomestic: '0', CreateOrigin: '0' };
    await call('User/SaveEmailErrorUser', body);
    const lookup = await call('User/GetUserEmail', { Email: email });
    const taken = Array.isArray(lookup.body.ReturnData) && lookup.body.ReturnData.length > 0;
    await call('User/RegisterEmlie', { Email: email });
    const code = await options.codeFor(email);
    const owner = await call('User/SaveUser', { ...body, Password: 'owner-pass-1', EmailCode: code ?? '' });
    return [!taken && owner.body.code === 200, `GetUserEmail calls it ${taken ? 'taken' : 'free'}; the owner's registration with the code answers ${owner.body.code} ${owner.body.info}`];
  });

  await tried(6, 'no CSP on the pages, the session token readable by page script', async () => {
    const page = await fetch(`${base}/app/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const web = await call('Login/UserLogin', { Account: options.customer.account, Password: options.customer.password }, { 'x-portal-client': 'web' });
    const cookie = web.headers.get('set-cookie') ?? '';
    const session = /^([^=]+)=([^;]*)/.exec(cookie);
    const forged = session ? await call('User/GetUserInfo', {}, { cookie: `${session[1]}=${session[2]}` }) : null;
    const fixed =
      scriptSrc !== '' &&
      !scriptSrc.includes("'unsafe-inline'") &&
      /connect-src 'self'/.test(csp) &&
      /HttpOnly/i.test(cookie) &&
      /SameSite=Strict/i.test(cookie) &&
      web.body.ReturnData?.Token === '' &&
      forged?.status === 403;
    return [fixed, `CSP script-src "${scriptSrc}"; web login cookie "${cookie.replace(/=[\w-]{20,}/, '=…')}", Token in body "${web.body.ReturnData?.Token ?? '?'}"; the cookie without the web header answers ${forged?.status}`];
  });

  await tried(7, 'the served type comes from the file name (GIF bytes named .svg served as SVG)', async () => {
    const me = await login(options.customer);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([gif], { type: 'image/svg+xml' }), name);
      const res = await fetch(`${base}/api/User/UploadAvatar`, { method: 'POST', headers: { token: me.token }, body: form });
      return (await res.json()) as Envelope;
    };
    const answer = await upload('pic.svg');
    // Refused by name or content (415), or stored: then it must be served by its content, not as SVG.
    const type = answer.code === 200 ? ((await fetch(new URL(String(answer.ReturnData.Url), base))).headers.get('content-type') ?? '') : `nothing (refused ${answer.code})`;
    // A name with a right-to-left override: refused, or stored without it.
    const bidi = await upload('pic\u202egnp.svg');
    const bidiKept = bidi.code === 200 && decodeURIComponent(String(bidi.ReturnData.Url)).includes('\u202e');
    return [!/svg/i.test(type) && !bidiKept, `GIF bytes named .svg served as ${type}; a name with U+202E ${bidi.code === 200 ? (bidiKept ? 'kept it' : 'was cleaned') : `was refused (${bidi.code})`}`];
  });

  await tried(8, 'loopback is trusted: broker hooks and the outbox answer without a secret', async () => {
    const hook = await call('Mqtt/Auth', { username: 'x', password: 'y', clientid: 'z' });
    const proxied = await fetch(`${base}/dev/outbox.json`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    return [hook.status === 403, `Mqtt/Auth without the secret answers ${hook.status}; /dev/outbox.json with X-Forwarded-For answers ${proxied.status} (404 in production or without TRUST_PROXY's proxy, 403 when the forwarded client is not loopback)`];
  });

  await tried(9, 'no cap on live connections or sessions per user', async () => {
    const me = await login(options.customer);
    const sockets = [];
    for (let i = 0; i < 21; i++) sockets.push(await dataSocket(`${ws}/ws/data`, me.token));
    const refused = sockets.filter((s) => !s.ready).length;
    for (const s of sockets) s.ws.terminate();
    const tokens: string[] = [];
    for (let i = 0; i < 21; i++) {
      tokens.push((await login(options.customer)).token);
      await waitThrottle(5); // logins in order: the oldest is the one to go
    }
    const oldest = await call('User/GetUserInfo', {}, { token: tokens[0] });
    const newest = await call('User/GetUserInfo', {}, { token: tokens[20] });
    return [refused >= 1 && oldest.status === 401 && newest.body.code === 200, `21 data sockets: ${refused} refused; after 21 more logins the oldest answers ${oldest.status}, the newest ${newest.body.code}`];
  });

  await tried(10, 'small ones: PublishRelease text/plain 500, /app/assets/ 400, OpenAPI without security or operationId', async () => {
    const staff = await login(options.staff);
    const plain = await fetch(`${base}/api/Cam/PublishRelease`, { method: 'POST', headers: { 'content-type': 'text/plain', token: staff.token }, body: 'hello' });
    const assets = await fetch(`${base}/app/assets/`, { redirect: 'manual' });
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>; components?: { securitySchemes?: object } };
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const withoutId = operations.filter((o) => !o.operationId).length;
    const listsOutbox = Object.keys(doc.paths).some((p) => p.startsWith('/dev/'));
    const fixed = plain.status === 415 && assets.status === 404 && withoutId === 0 && !!doc.components?.securitySchemes && !listsOutbox;
    return [fixed, `PublishRelease text/plain ${plain.status}; GET /app/assets/ ${assets.status} ${assets.headers.get('content-type')}; ${withoutId} operations without operationId; security schemes ${doc.components?.securitySchemes ? 'present' : 'missing'}; /dev listed: ${listsOutbox}`];
  });

  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, sleep(ms).then(() => false as const)]) as Promise<T | false>;

/** An MQTT connection, or null when the broker refused it. */
function mqttConnect(url: string, options: { clientId: string; username: string; password: string }): Promise<MqttClient | null> {
  const client = mqtt.connect(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000, ...options });
  return new Promise((resolve) => {
    client.once('connect', () => resolve(client));
    client.once('error', () => {
      client.end(true);
      resolve(null);
    });
    client.once('close', () => resolve(null));
  });
}

/** A data-service socket logged in with the auth frame: ready or not, and when it closes. */
async function dataSocket(url: string, token: string): Promise<{ ws: WebSocket; ready: boolean; closed: Promise<number> }> {
  const socket = new WebSocket(url);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const ready = await new Promise<boolean>((resolve) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string };
      resolve(frame.type === 'ready');
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
    setTimeout(() => resolve(false), 5_000);
  });
  return { ws: socket, ready, closed };
}
