import { inject, injectable, optional, type ServiceIdentifier } from 'inversify';
import ky, { isTimeoutError, type KyInstance } from 'ky';
import type { CallContract } from '../../contract/call';
import { isLoginExpired, isSuccess, type Envelope } from '../../contract/envelope';
import type { SessionStorePort } from '../../ports/session-store.port';
import type { NotifierPort } from '../../ports/notifier.port';
import type {
  PortalCallOptions,
  PortalDownload,
  PortalDownloadPort,
  PortalHttpPort,
  PortalStream,
  PortalStreamPort,
  PortalUploadOptions,
  PortalUploadPort,
} from '../../ports/portal-http.port';
import type { PageAnswersPort } from '../../ports/page-answers.port';
import type { RefusalTextsPort } from '../../ports/refusal-texts.port';
import { NotifierToken, PageAnswersToken, RefusalTextsToken, SessionStoreToken } from '../../ports/tokens';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../contract/web-session';

/** Where the API lives and how long a call may take. */
export interface KyPortalHttpSettings {
  /** Defaults to `/api` on the page's own origin. */
  baseUrl?: string;
  /** Defaults to the spec's 20 seconds. */
  timeoutMs?: number;
  /** Downloads write up to 100,000 rows on the server first; defaults to 60 seconds. */
  downloadTimeoutMs?: number;
  /** How the adapter waits before trying a shed call again (tests pass their own); a timer by default. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const KyPortalHttpSettingsToken: ServiceIdentifier<KyPortalHttpSettings> = Symbol.for('KyPortalHttpSettings');

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 60_000;
/** Uploads carry up to 64 MB (article attachments). */
export const UPLOAD_TIMEOUT_MS = 300_000;

/**
 * The most the app waits on a 503's `Retry-After` before its one retry (issue 35 item 14): the
 * portal asks 5 s, a page load is better served by trying sooner than by waiting out a long ask.
 */
export const RETRY_AFTER_CAP_MS = 3_000;

/**
 * The wait a 503 asks for in `Retry-After` (seconds, or an HTTP date), capped; null for any other
 * answer, or one that asks nothing: only a portal that says "try again" is tried again.
 */
export function retryAfterMs(response: Response, now = Date.now()): number | null {
  if (response.status !== 503) return null;
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return null;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  if (Number.isNaN(ms)) return null;
  return Math.min(Math.max(0, ms), RETRY_AFTER_CAP_MS);
}

const waitFor = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => (signal?.removeEventListener('abort', aborted), resolve()), ms);
    const aborted = () => (clearTimeout(timer), reject(signal!.reason));
    signal?.addEventListener('abort', aborted, { once: true });
  });

/** The spec writes both `api/Login/UserLogin` and `/api/Cam/...`; both mean the same call. */
export function normalizeApiPath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*` when there is one,
 * else `filename`; any path part is dropped. Null when it names none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null; // a malformed escape: fall back to the plain name
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

/** PortalHttpPort over ky: POST JSON to /api, token header, and the error handling of spec 1 section 8. */
@injectable()
export class KyPortalHttpAdapter implements PortalHttpPort, PortalDownloadPort, PortalUploadPort, PortalStreamPort {
  private readonly http: KyInstance;
  private readonly downloadTimeoutMs: number;
  private readonly baseUrl: string;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    @inject(SessionStoreToken) private readonly session: SessionStorePort,
    @inject(NotifierToken) private readonly notifier: NotifierPort,
    @inject(KyPortalHttpSettingsToken) @optional() settings?: KyPortalHttpSettings,
    @inject(RefusalTextsToken) @optional() private readonly refusalTexts?: RefusalTextsPort,
    @inject(PageAnswersToken) @optional() private readonly pageAnswers?: PageAnswersPort,
  ) {
    this.http = ky.create({
      prefixUrl: settings?.baseUrl ?? '/api',
      timeout: settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: 0,
      throwHttpErrors: false,
    });
    this.downloadTimeoutMs = settings?.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
    this.baseUrl = settings?.baseUrl ?? '/api';
    this.wait = settings?.wait ?? waitFor;
  }

  // PortalHttpPort's overloads: a contract's call, or a path.
  call: PortalHttpPort['call'] = async (call: CallContract | string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions) => {
    const path = typeof call === 'string' ? call : call.path;
    // The page was painted from this very answer on the server (ADR 0026): the app shows the same, at once.
    const painted = this.pageAnswers?.take(path, body);
    if (painted) return this.notify(this.said(painted), options);
    const response = await this.post(path, body, signal);
    return this.notify(await this.readEnvelope<never>(response, signal), options);
  };

  async download(path: string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions): Promise<PortalDownload> {
    const response = await this.post(path, body, signal, this.downloadTimeoutMs);
    const contentType = response.headers.get('content-type') ?? '';
    // Errors answer the envelope (JSON); so does anything that is not a success.
    if (!response.ok || /^application\/(.+\+)?json/i.test(contentType)) {
      return { kind: 'envelope', envelope: this.notify(await this.readEnvelope(response, signal), options) };
    }
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch (error) {
      if (signal?.aborted) throw error;
      this.notifier.dialog('networkFailed');
      throw error;
    }
    return { kind: 'file', blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')), contentType };
  }

  async stream(path: string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions): Promise<PortalStream> {
    const response = await this.post(path, body, signal);
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && response.body && /^text\/event-stream/i.test(contentType)) return { kind: 'stream', body: response.body };
    return { kind: 'envelope', envelope: this.notify(await this.readEnvelope(response, signal), options) };
  }

  async upload<T>(path: string, form: FormData, signal?: AbortSignal, options?: PortalUploadOptions): Promise<Envelope<T>> {
    if (options?.onProgress) return this.notify(await this.uploadWithProgress<T>(path, form, options.onProgress, signal, options.timeoutMs), options);
    const response = await this.post(path, form, signal, options?.timeoutMs ?? UPLOAD_TIMEOUT_MS);
    return this.notify(await this.readEnvelope<T>(response, signal), options);
  }

  /**
   * The same POST through an XMLHttpRequest, the one browser request that tells how much of its
   * body has gone (fetch's upload streams need HTTP/2). Rejects as `post` does: no answer shows
   * the network or timeout dialog, an abort rejects with an AbortError.
   */
  private uploadWithProgress<T>(path: string, form: FormData, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal, timeoutMs?: number): Promise<Envelope<T>> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${this.baseUrl.replace(/\/+$/, '')}/${normalizeApiPath(path)}`);
      const token = this.session.token();
      if (token) xhr.setRequestHeader('token', token);
      // The session cookie goes along (same origin); the header lets the server take it (ADR 0014).
      xhr.setRequestHeader(WEB_CLIENT_HEADER, WEB_CLIENT_VALUE);
      xhr.timeout = timeoutMs ?? UPLOAD_TIMEOUT_MS;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded, e.total);
      };
      xhr.onload = () => resolve(this.envelopeOf<T>(xhr.status, xhr.statusText, xhr.responseText));
      xhr.onerror = () => {
        this.notifier.dialog('networkFailed');
        reject(new Error('network'));
      };
      xhr.ontimeout = () => {
        this.notifier.dialog('timedOut');
        reject(new Error('timeout'));
      };
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  /**
   * POSTs the body (JSON, or form data as it is) with the token header; no answer at all shows the
   * timeout or network dialog. A call the portal shed (503 with `Retry-After`: busy, or its database
   * briefly away) is tried once more after the wait it asks, capped at `RETRY_AFTER_CAP_MS`, before
   * its answer is shown (issue 35 item 14); the caller's abort ends the wait.
   */
  private async post(path: string, body: unknown, signal?: AbortSignal, timeout?: number): Promise<Response> {
    const first = await this.postOnce(path, body, signal, timeout);
    const waitMs = retryAfterMs(first);
    if (waitMs === null) return first;
    await first.body?.cancel().catch(() => {});
    await this.wait(waitMs, signal);
    return this.postOnce(path, body, signal, timeout);
  }

  private async postOnce(path: string, body: unknown, signal?: AbortSignal, timeout?: number): Promise<Response> {
    const token = this.session.token();
    try {
      return await this.http.post(normalizeApiPath(path), {
        ...(body instanceof FormData ? { body } : { json: body ?? {} }),
        signal,
        // The custom header lets the server take the session cookie (CSRF guard, ADR 0014).
        headers: token ? { token, [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE } : { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
        ...(timeout ? { timeout } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      this.notifier.dialog(isTimeoutError(error) ? 'timedOut' : 'networkFailed');
      throw error;
    }
  }

  /** The login-expired dialog, or the refusal's info as a toast unless the caller shows it. */
  private notify<T>(envelope: Envelope<T>, options?: PortalCallOptions): Envelope<T> {
    if (isLoginExpired(envelope)) {
      this.notifier.dialog('loginExpired');
    } else if (!isSuccess(envelope) && !options?.quiet) {
      this.notifier.error(envelope.info);
    }
    return envelope;
  }

  private sayRefused(refused: unknown): string | null {
    if (!this.refusalTexts || !refused || typeof refused !== 'object') return null;
    const { id, values } = refused as { id?: unknown; values?: unknown };
    if (typeof id !== 'string' || !values || typeof values !== 'object' || Array.isArray(values)) return null;
    const safe = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<string, string | number>;
    return this.refusalTexts.textOf({ id, values: safe });
  }

  private async readEnvelope<T>(response: Response, signal?: AbortSignal): Promise<Envelope<T>> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      this.notifier.dialog('networkFailed');
      throw error;
    }
    return this.envelopeOf<T>(response.status, response.statusText, text);
  }

  /** The envelope with its info as the page says it: a refusal made from values in the page's language, never the server's English. */
  private said<T>(envelope: Partial<Envelope<T>> & { code: number }): Envelope<T> {
    const info = typeof envelope.info === 'string' ? envelope.info : '';
    return { ...envelope, info: this.sayRefused(envelope.Refused) ?? info };
  }

  /** The envelope an answer's text holds, else one made from its status. */
  private envelopeOf<T>(status: number, statusText: string, text: string): Envelope<T> {
    try {
      const parsed = JSON.parse(text) as Partial<Envelope<T>>;
      if (parsed && typeof parsed === 'object' && typeof parsed.code === 'number') return this.said({ ...parsed, code: parsed.code });
    } catch {
      // Not JSON (a proxy error page, say): fall through to an envelope made from the status.
    }
    const code = status === 200 ? 500 : status;
    return { code, info: statusText || `HTTP ${status}` };
  }
}
