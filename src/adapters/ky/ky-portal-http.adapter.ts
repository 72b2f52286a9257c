import { inject, injectable, optional, type ServiceIdentifier } from 'inversify';
import ky, { isTimeoutError, type KyInstance } from 'ky';
import { LOGIN_EXPIRED_CODES, type Envelope } from '../../domain/shared/envelope';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { NotifierPort } from '../../ports/notifier.port';
import type { PortalCallOptions, PortalHttpPort } from '../../ports/portal-http.port';
import { KeyValueStorageToken, NotifierToken } from '../../ports/tokens';

/** Where the API lives and how long a call may take. */
export interface KyPortalHttpSettings {
  /** Defaults to `/api` on the page's own origin. */
  baseUrl?: string;
  /** Defaults to the spec's 20 seconds. */
  timeoutMs?: number;
}

export const KyPortalHttpSettingsToken: ServiceIdentifier<KyPortalHttpSettings> = Symbol.for('KyPortalHttpSettings');

export const DEFAULT_TIMEOUT_MS = 20_000;

/** The spec writes both `api/Login/UserLogin` and `/api/Cam/...`; both mean the same call. */
export function normalizeApiPath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

/** PortalHttpPort over ky: POST JSON to /api, token header, and the error handling of spec 1 section 8. */
@injectable()
export class KyPortalHttpAdapter implements PortalHttpPort {
  private readonly http: KyInstance;

  constructor(
    @inject(KeyValueStorageToken) private readonly storage: KeyValueStoragePort,
    @inject(NotifierToken) private readonly notifier: NotifierPort,
    @inject(KyPortalHttpSettingsToken) @optional() settings?: KyPortalHttpSettings,
  ) {
    this.http = ky.create({
      prefixUrl: settings?.baseUrl ?? '/api',
      timeout: settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: 0,
      throwHttpErrors: false,
    });
  }

  async call<T>(path: string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions): Promise<Envelope<T>> {
    const token = this.storage.get('token');
    let response: Response;
    try {
      response = await this.http.post(normalizeApiPath(path), {
        json: body ?? {},
        signal,
        headers: token ? { token } : undefined,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      this.notifier.dialog(isTimeoutError(error) ? 'timedOut' : 'networkFailed');
      throw error;
    }

    const envelope = await this.readEnvelope<T>(response, signal);
    if (LOGIN_EXPIRED_CODES.includes(envelope.code)) {
      this.notifier.dialog('loginExpired');
    } else if (envelope.code !== 200 && !options?.quiet) {
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
