import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KyPortalHttpAdapter, normalizeApiPath, RETRY_AFTER_CAP_MS } from '../../src/adapters/ky/ky-portal-http.adapter';
import { listOf, NO_DATA } from '../../src/contract/envelope';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';
import type { NoticeDialog, NotifierPort } from '../../src/ports/notifier.port';
import { CatalogueRefusalTexts } from '../../src/ui/common/refusal-texts';
import { pageAnswerKey, type PageAnswer } from '../../src/contract/page-answers';
import type { PageAnswersPort } from '../../src/ports/page-answers.port';
import '../../src/ui/i18n/intl';

interface Seen {
  path: string;
  token: string | undefined;
  client: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const routes: Record<string, Handler> = {
  '/api/Echo/Ok': (_req, res, body) => json(res, 200, { code: 200, info: 'ok', ReturnData: JSON.parse(body) }),
  '/api/Login/Expired': (_req, res) => json(res, 401, { code: 401, info: 'Login has expired, please log in again' }),
  '/api/Login/Expired1011007': (_req, res) => json(res, 200, { code: 1011007, info: 'expired' }),
  '/api/Machine/Fail': (_req, res) => json(res, 200, { code: 400, info: '未查询到数据' }),
  '/api/Machine/Empty': (_req, res) => json(res, 200, { code: 200, info: '', ReturnData: NO_DATA }),
  '/api/Machine/Broken': (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html>Bad gateway</html>');
  },
  '/api/Login/Throttled': (_req, res) =>
    json(res, 429, { code: 429, info: 'Too many failed attempts, please try again in 42 seconds', ReturnData: null, Refused: { id: 'passwordThrottle.tooSoon', values: { seconds: 42 } } }),
  '/api/Odd/Refusal': (_req, res) => json(res, 200, { code: 400, info: 'Server words', Refused: { id: 'no.such.text', values: { n: 1 } } }),
  // Shed (503, Retry-After) the first time it is asked, answered after (issue 35 item 14).
  '/api/Busy/Once': (_req, res) => {
    if (busyOnce++ === 0) return shed(res, '2');
    json(res, 200, { code: 200, info: 'ok', ReturnData: 'second' });
  },
  '/api/Busy/Always': (_req, res) => shed(res, '30'),
  '/api/Busy/NoRetryAfter': (_req, res) => json(res, 503, { code: 503, info: 'The portal is busy' }),
  '/api/Slow/Call': (_req, res) => {
    setTimeout(() => json(res, 200, { code: 200, info: 'late' }), 1_000);
  },
};

let busyOnce = 0;
function shed(res: ServerResponse, retryAfter: string) {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': retryAfter });
  res.end(JSON.stringify({ code: 503, info: `The portal is busy, please try again in ${retryAfter} seconds`, ReturnData: null }));
}

function json(res: ServerResponse, status: number, body: unknown) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({
        path,
        token: req.headers.token as string | undefined,
        client: req.headers['x-portal-client'] as string | undefined,
        contentType: req.headers['content-type'],
        body: body ? JSON.parse(body) : undefined,
      });
      const handler = routes[path];
      if (handler) handler(req, res, body);
      else json(res, 404, { code: 404, info: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

class MemoryStorage implements KeyValueStoragePort {
  readonly values = new Map<StorageKey, string>();
  get(key: StorageKey) {
    return this.values.get(key) ?? null;
  }
  set(key: StorageKey, value: string) {
    this.values.set(key, value);
  }
  remove(key: StorageKey) {
    this.values.delete(key);
  }
  clearExcept(keep: readonly StorageKey[]) {
    for (const key of [...this.values.keys()]) if (!keep.includes(key)) this.values.delete(key);
  }
}

class RecordingNotifier implements NotifierPort {
  errors: string[] = [];
  dialogs: NoticeDialog[] = [];
  error(text: string) {
    this.errors.push(text);
  }
  success() {}
  warning() {}
  dialog(kind: NoticeDialog) {
    this.dialogs.push(kind);
  }
}

let storage: MemoryStorage;
let notifier: RecordingNotifier;
let http: KyPortalHttpAdapter;

beforeEach(() => {
  seen.length = 0;
  storage = new MemoryStorage();
  notifier = new RecordingNotifier();
  // Far above a loopback answer on a loaded machine (200 ms here once timed out answers that were only waiting for a core).
  http = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 5_000 });
});

describe('KyPortalHttpAdapter', () => {
  describe('a call the portal sheds (503 with Retry-After, issue 35 item 14)', () => {
    const waits: number[] = [];
    const retrying = () => {
      waits.length = 0;
      // The wait is the test's: it records the delay and goes on at once.
      return new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 5_000, wait: async (ms) => void waits.push(ms) });
    };

    it('is tried once more after its Retry-After, and the answer shown is the second, with no error', async () => {
      busyOnce = 0;
      const answer = await retrying().call('Busy/Once', { n: 1 });
      expect(answer).toEqual({ code: 200, info: 'ok', ReturnData: 'second' });
      expect(seen.map((s) => s.path)).toEqual(['/api/Busy/Once', '/api/Busy/Once']);
      expect(seen[1].body).toEqual({ n: 1 });
      expect(waits).toEqual([2_000]);
      expect(notifier.errors).toEqual([]);
    });

    it('is tried once only, after a wait capped small, then shows the refusal', async () => {
      const answer = await retrying().call('Busy/Always', {});
      expect(answer.code).toBe(503);
      expect(seen).toHaveLength(2);
      expect(waits).toEqual([RETRY_AFTER_CAP_MS]);
      expect(notifier.errors).toHaveLength(1);
    });

    it('is not tried again without Retry-After', async () => {
      const answer = await retrying().call('Busy/NoRetryAfter', {});
      expect(answer.code).toBe(503);
      expect(seen).toHaveLength(1);
      expect(waits).toEqual([]);
    });

    it('stops waiting when the caller aborts', async () => {
      const controller = new AbortController();
      const waiting = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, {
        baseUrl,
        wait: (_ms, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      });
      const call = waiting.call('Busy/Always', {}, controller.signal);
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      controller.abort();
      await expect(call).rejects.toThrow();
      expect(seen).toHaveLength(1);
      expect(notifier.dialogs).toEqual([]);
    });
  });

  it('posts JSON to /api with the stored token in the `token` header, whichever way the path is spelt', async () => {
    storage.set('token', 'tok-123');
    for (const path of ['api/Echo/Ok', '/api/Echo/Ok', 'Echo/Ok']) {
      const answer = await http.call<{ OrderNumber: string }>(path, { OrderNumber: 'A1' });
      expect(answer).toEqual({ code: 200, info: 'ok', ReturnData: { OrderNumber: 'A1' } });
    }
    expect(seen.map((s) => s.path)).toEqual(['/api/Echo/Ok', '/api/Echo/Ok', '/api/Echo/Ok']);
    expect(seen.every((s) => s.token === 'tok-123' && s.contentType?.startsWith('application/json'))).toBe(true);
    expect(notifier.errors).toEqual([]);
    expect(notifier.dialogs).toEqual([]);
  });

  it('sends no token header when none is stored, and always the web app header that lets the server take the session cookie (ADR 0014)', async () => {
    await http.call('api/Echo/Ok', {});
    expect(seen[0].token).toBeUndefined();
    expect(seen[0].client).toBe('web');
  });

  it('asks for the login-expired dialog once per expired answer and resolves with the envelope', async () => {
    const answer = await http.call('api/Login/Expired', {});
    expect(answer.code).toBe(401);
    expect(notifier.dialogs).toEqual(['loginExpired']);
    expect(notifier.errors).toEqual([]);

    const other = await http.call('api/Login/Expired1011007', {});
    expect(other.code).toBe(1011007);
    expect(notifier.dialogs).toEqual(['loginExpired', 'loginExpired']);
  });

  it('shows the info of any other non-200 code as an error, unless quiet', async () => {
    const answer = await http.call('api/Machine/Fail', { OrderNumber: 'X' });
    expect(answer).toEqual({ code: 400, info: '未查询到数据' });
    expect(notifier.errors).toEqual(['未查询到数据']);

    await http.call('api/Machine/Fail', { OrderNumber: 'X' }, undefined, { quiet: true });
    expect(notifier.errors).toEqual(['未查询到数据']);
    expect(notifier.dialogs).toEqual([]);
  });

  it('keeps the no-data marker in the envelope; listOf reads it as an empty list', async () => {
    const answer = await http.call<string[] | string>('api/Machine/Empty', {});
    expect(answer.ReturnData).toBe(NO_DATA);
    expect(listOf(answer.ReturnData)).toEqual([]);
    expect(listOf(['a'])).toEqual(['a']);
    expect(listOf(undefined)).toEqual([]);
  });

  it('makes an envelope from the status when the answer is not JSON', async () => {
    const answer = await http.call('api/Machine/Broken', {});
    expect(answer.code).toBe(502);
    expect(notifier.errors).toHaveLength(1);
  });

  it('rejects and shows the timed-out dialog after the timeout', async () => {
    // The slow call answers after 1 s: a timeout of 200 ms ends it first, however busy the machine.
    const impatient = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 200 });
    await expect(impatient.call('api/Slow/Call', {})).rejects.toThrow();
    expect(notifier.dialogs).toEqual(['timedOut']);
  });

  it('rejects and shows the network dialog when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 2_000 });
    await expect(offline.call('api/Echo/Ok', {})).rejects.toThrow();
    expect(notifier.dialogs).toEqual(['networkFailed']);
  });

  it('rejects without any dialog when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = http.call('api/Slow/Call', {}, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow();
    expect(notifier.dialogs).toEqual([]);
    expect(notifier.errors).toEqual([]);
  });

  it('normalizes the spellings of a path', () => {
    expect(normalizeApiPath('api/Login/UserLogin')).toBe('Login/UserLogin');
    expect(normalizeApiPath('/api/Cam/GetCamAssistant')).toBe('Cam/GetCamAssistant');
    expect(normalizeApiPath('Machine/GetMyMachine')).toBe('Machine/GetMyMachine');
  });

  it('says a refusal made from values in the page\'s language (Refused: id and values), toast and answer alike', async () => {
    let language: 'zh' | 'en' = 'zh';
    const said = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 2_000 }, new CatalogueRefusalTexts(() => language));
    const zh = await said.call('api/Login/Throttled', {});
    expect(zh.info).toBe('失败次数过多，请 42 秒后再试');
    expect(notifier.errors).toEqual(['失败次数过多，请 42 秒后再试']);
    language = 'en';
    expect((await said.call('api/Login/Throttled', {}, undefined, { quiet: true })).info).toBe('Too many failed attempts, please try again in 42 seconds');
    // An id the page does not know keeps the server's info.
    expect((await said.call('api/Odd/Refusal', {}, undefined, { quiet: true })).info).toBe('Server words');
  });

  it('takes the answer the page was painted from instead of calling, once, then asks the server (ADR 0026)', async () => {
    const painted = { code: 200, info: 'painted', ReturnData: { OrderNumber: 'A1', from: 'page' } };
    const answers = pageWith([{ path: 'Echo/Ok', body: { OrderNumber: 'A1' }, envelope: painted }]);
    const withPage = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 2_000 }, undefined, answers);
    expect(await withPage.call('api/Echo/Ok', { OrderNumber: 'A1' })).toEqual(painted);
    expect(seen).toEqual([]);
    // Once: the next call (a reload of the page's data) and a call with another body go to the server.
    expect((await withPage.call('Echo/Ok', { OrderNumber: 'A1' })).info).toBe('ok');
    expect((await withPage.call('Echo/Ok', { OrderNumber: 'A2' })).info).toBe('ok');
    expect(seen.map((s) => s.body)).toEqual([{ OrderNumber: 'A1' }, { OrderNumber: 'A2' }]);
  });

  it('says a painted refusal made from values in the page\'s language, as it says an asked one', async () => {
    const refused = { code: 429, info: 'Too many failed attempts, please try again in 42 seconds', Refused: { id: 'passwordThrottle.tooSoon', values: { seconds: 42 } } };
    const answers = pageWith([{ path: 'Login/Throttled', body: {}, envelope: refused }]);
    const said = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl }, new CatalogueRefusalTexts(() => 'zh'), answers);
    expect((await said.call('Login/Throttled', {})).info).toBe('失败次数过多，请 42 秒后再试');
    expect(notifier.errors).toEqual(['失败次数过多，请 42 秒后再试']);
  });
});

/** The answers of a painted page, each taken once (the DOM's reading of them: tests/adapters/dom-page-answers.test.ts). */
function pageWith(answers: PageAnswer[]): PageAnswersPort {
  const left = new Map(answers.map((answer) => [pageAnswerKey(answer.path, answer.body), answer.envelope]));
  return {
    take(path, body) {
      const key = pageAnswerKey(path, body);
      const envelope = left.get(key) ?? null;
      left.delete(key);
      return envelope;
    },
  };
}
