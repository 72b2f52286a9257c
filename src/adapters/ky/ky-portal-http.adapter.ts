import { inject, injectable, optional, type ServiceIdentifier } from 'inversify';
import ky, { isTimeoutError, type KyInstance } from 'ky';
import type { CallContract } from '../../contract/call';
import { isLoginExpired, isSuccess, type Envelope } from '../../contract/envelope';
import type { SessionStorePort } from '../../ports/session-store.port';
import type { NotifierPort } from '../../ports/notifier.port';
import type { PortalCallOptions, PortalDownload, PortalDownloadPort, PortalHttpPort, PortalStream, PortalStreamPort, PortalUploadPort } from '../../ports/portal-http.port';
import { NotifierToken, SessionStoreToken } from '../../ports/tokens';

/** Where the API lives and how long a call may take. */
export interface KyPortalHttpSettings {
  /** Defaults to `/api` on the page's own origin. */
  baseUrl?: string;
  /** Defaults to the spec's 20 seconds. */
  timeoutMs?: number;
  /** Downloads write up to 100,000 rows on the server first; defaults to 60 seconds. */
  downloadTimeoutMs?: number;
}

export const KyPortalHttpSettingsToken: ServiceIdentifier<KyPortalHttpSettings> = Symbol.for('KyPortalHttpSettings');

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 60_000;
/** Uploads carry up to 64 MB (article attachments). */
export const UPLOAD_TIMEOUT_MS = 300_000;

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

  constructor(
    @inject(SessionStoreToken) private readonly session: SessionStorePort,
    @inject(NotifierToken) private readonly notifier: NotifierPort,
    @inject(KyPortalHttpSettingsToken) @optional() settings?: KyPortalHttpSettings,
  ) {
    this.http = ky.create({
      prefixUrl: settings?.baseUrl ?? '/api',
      timeout: settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: 0,
      throwHttpErrors: false,
    });
    this.downloadTimeoutMs = settings?.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  }

  // PortalHttpPort's overloads: a contract's call, or a path.
  call: PortalHttpPort['call'] = async (call: CallContract | string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions) => {
    const response = await this.post(typeof call === 'string' ? call : call.path, body, signal);
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

  async upload<T>(path: string, form: FormData, signal?: AbortSignal, options?: PortalCallOptions): Promise<Envelope<T>> {
    const response = await this.post(path, form, signal, UPLOAD_TIMEOUT_MS);
    return this.notify(await this.readEnvelope<T>(response, signal), options);
  }

  /** POSTs the body (JSON, or form data as it is) with the token header; no answer at all shows the timeout or network dialog. */
  private async post(path: string, body: unknown, signal?: AbortSignal, timeout?: number): Promise<Response> {
    const token = this.session.token();
    try {
      return await this.http.post(normalizeApiPath(path), {
        ...(body instanceof FormData ? { body } : { json: body ?? {} }),
        signal,
        headers: token ? { token } : undefined,
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

  private async readEnvelope<T>(response: Response, signal?: AbortSignal): Promise<Envelope<T>> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      this.notifier.dialog('networkFailed');
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<Envelope<T>>;
      if (parsed && typeof parsed === 'object' && typeof parsed.code === 'number') {
        return { ...parsed, code: parsed.code, info: typeof parsed.info === 'string' ? parsed.info : '' };
      }
    } catch {
      // Not JSON (a proxy error page, say): fall through to an envelope made from the status.
    }
    const code = response.status === 200 ? 500 : response.status;
    return { code, info: response.statusText || `HTTP ${response.status}` };
  }
}
