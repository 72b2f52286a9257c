import { afterEach, describe, expect, it, vi } from 'vitest';
import { KyPortalHttpAdapter } from '../../src/adapters/ky/ky-portal-http.adapter';
import type { NoticeDialog, NotifierPort } from '../../src/ports/notifier.port';
import type { SessionStorePort } from '../../src/ports/session-store.port';

// The upload port's progress seam (issue 14 item 1): with `onProgress` the form goes through an
// XMLHttpRequest, the one browser request that reports how much of its body has gone. A stand-in
// XMLHttpRequest plays the browser's part: it records what is sent and replays progress and answers.

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function adapter(token: string | null = 'tok') {
  const dialogs: NoticeDialog[] = [];
  const errors: string[] = [];
  const notifier = { error: (t: string) => void errors.push(t), success() {}, warning() {}, dialog: (d: NoticeDialog) => void dialogs.push(d) } as NotifierPort;
  const session = { token: () => token } as unknown as SessionStorePort;
  return { http: new KyPortalHttpAdapter(session, notifier, { baseUrl: '/api' }), dialogs, errors };
}

const form = () => {
  const f = new FormData();
  f.append('file', new Blob(['x'.repeat(100)]), 'a.png');
  return f;
};

afterEach(() => vi.unstubAllGlobals());

describe('upload port: progress', () => {
  it('posts the form with the token, reports each progress event, and resolves with the envelope', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { http } = adapter();
    const seen: Array<[number, number]> = [];
    const sent = form();
    const answer = http.upload<{ Url: string }>('api/User/UploadAvatar', sent, undefined, { quiet: true, onProgress: (l, t) => seen.push([l, t]) });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/User/UploadAvatar');
    expect(xhr.headers).toEqual({ token: 'tok', 'x-portal-client': 'web' });
    expect(xhr.body).toBe(sent);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 160 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 160, total: 160 });
    xhr.answer(200, JSON.stringify({ code: 200, info: 'success', ReturnData: { Url: '/api/User/Avatar/x/avatar.png' } }));
    expect(await answer).toEqual({ code: 200, info: 'success', ReturnData: { Url: '/api/User/Avatar/x/avatar.png' } });
    expect(seen).toEqual([
      [40, 160],
      [160, 160],
    ]);
  });

  it('shows the login-expired dialog, a refusal as a toast unless quiet, and an envelope from a non-JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { http, dialogs, errors } = adapter(null);
    const expired = http.upload('User/UploadAvatar', form(), undefined, { onProgress: () => {} });
    // No token without a stored one: the session cookie goes along, taken for the web app's header (ADR 0014).
    expect(FakeXhr.last.headers).toEqual({ 'x-portal-client': 'web' });
    FakeXhr.last.answer(401, JSON.stringify({ code: 401, info: 'Login has expired, please log in again' }));
    expect((await expired).code).toBe(401);
    expect(dialogs).toEqual(['loginExpired']);
    const refused = http.upload('User/UploadAvatar', form(), undefined, { onProgress: () => {} });
    FakeXhr.last.answer(200, JSON.stringify({ code: 400, info: 'Not an image' }));
    expect((await refused).info).toBe('Not an image');
    expect(errors).toEqual(['Not an image']);
    const broken = http.upload('User/UploadAvatar', form(), undefined, { quiet: true, onProgress: () => {} });
    FakeXhr.last.statusText = 'Bad Gateway';
    FakeXhr.last.answer(502, '<html>');
    expect(await broken).toEqual({ code: 502, info: 'Bad Gateway' });
  });

  it('rejects without an answer: the network or timeout dialog; an abort rejects quietly', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { http, dialogs } = adapter();
    const lost = http.upload('User/UploadAvatar', form(), undefined, { onProgress: () => {}, timeoutMs: 1234 });
    expect(FakeXhr.last.timeout).toBe(1234);
    FakeXhr.last.onerror!();
    await expect(lost).rejects.toThrow('network');
    const slow = http.upload('User/UploadAvatar', form(), undefined, { onProgress: () => {} });
    FakeXhr.last.ontimeout!();
    await expect(slow).rejects.toThrow('timeout');
    expect(dialogs).toEqual(['networkFailed', 'timedOut']);
    const abort = new AbortController();
    const stopped = http.upload('User/UploadAvatar', form(), abort.signal, { onProgress: () => {} });
    abort.abort();
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(dialogs).toEqual(['networkFailed', 'timedOut']);
  });
});
