import { inject, injectable } from 'inversify';
import { isLoginExpired, isSuccess } from '../../contract/envelope';
import * as User from '../../contract/user';
import type { ProbeAnswer } from '../../domain/shared/connection-test.machine';
import { PortalHttpToken } from '../../ports/api-tokens';
import type { ConnectionTestPort } from '../../ports/connection-test.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import type { SocketFactory } from './websocket-sheet-feed.adapter';

/** How long a probe waits for an answer before it says the portal could not be reached. */
export const PROBE_TIMEOUT_MS = 8000;

const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as ReturnType<SocketFactory>;

/** The test page's probes in the browser (ADR 0031): User/GetUserInfo through the portal's HTTP port, and a websocket opened and closed on the page's own host. */
@injectable()
export class BrowserConnectionTest implements ConnectionTestPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  /** Replaced in tests (a Node `ws` socket, another origin). */
  createSocket: SocketFactory = browserSocket;
  origin = (): Pick<Location, 'protocol' | 'host'> => window.location;

  async session(signal?: AbortSignal): Promise<ProbeAnswer> {
    const started = performance.now();
    try {
      const answer = await this.http.call(User.GetUserInfo, {}, signal, { quiet: true });
      if (isSuccess(answer)) return { ok: true, ms: performance.now() - started };
      return { ok: false, reason: isLoginExpired(answer) ? 'expired' : 'unreachable' };
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
  }

  socket(path: '/mqtt' | '/ws/data', signal?: AbortSignal): Promise<ProbeAnswer> {
    const { protocol, host } = this.origin();
    const url = `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}`;
    const started = performance.now();
    return new Promise<ProbeAnswer>((resolve) => {
      let settled = false;
      const socket = this.createSocket(url);
      const finish = (answer: ProbeAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        socket.onopen = socket.onclose = socket.onerror = null;
        try {
          socket.close(1000);
        } catch {
          // already closed
        }
        resolve(answer);
      };
      const abort = () => finish({ ok: false, reason: 'unreachable' });
      const timer = setTimeout(abort, PROBE_TIMEOUT_MS);
      signal?.addEventListener('abort', abort);
      socket.onopen = () => finish({ ok: true, ms: performance.now() - started });
      socket.onerror = abort;
      socket.onclose = abort;
    });
  }
}
