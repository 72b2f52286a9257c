import { inject, injectable, optional, type ServiceIdentifier } from 'inversify';
import { DATA_SOCKET_PATH } from '../../domain/telemetry/telemetry-constants';
import type { SessionStorePort } from '../../ports/session-store.port';
import type { SheetFeedConnection, SheetFeedListener, SheetFeedPort } from '../../ports/sheet-feed.port';
import { SessionStoreToken } from '../../ports/tokens';
import { authFrame, LOGIN_REFUSED, LOGIN_REFUSED_CLOSE, queryFrame, readSheetFrame } from './data-service-frames';

/** The part of the WebSocket API this adapter uses (the browser's, or `ws` in Node tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface WebSocketSheetFeedSettings {
  /** Defaults to `ws://` or `wss://` (like the page) on the page's own host, path `/ws/data`. */
  url?: string;
  /** Defaults to the browser's WebSocket. */
  createSocket?: SocketFactory;
}

export const WebSocketSheetFeedSettingsToken: ServiceIdentifier<WebSocketSheetFeedSettings> = Symbol.for('WebSocketSheetFeedSettings');

const OPEN = 1;

/** The data service on the page's own origin, `ws:` or `wss:` like the page. */
export function pageDataSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${DATA_SOCKET_PATH}`;
}

const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as SocketLike;

/**
 * SheetFeedPort over a native WebSocket to the data service (ADR 0005): logs in with the session
 * token as the first frame, passes the server's frames on in domain terms (a refusal as not
 * yours, the login, or its message), sends group queries; reports the close once, unless the page
 * itself closed the socket. A close that refuses the login is told as that refusal first.
 */
@injectable()
export class WebSocketSheetFeed implements SheetFeedPort {
  constructor(
    @inject(SessionStoreToken) private readonly session: SessionStorePort,
    @inject(WebSocketSheetFeedSettingsToken) @optional() private readonly settings?: WebSocketSheetFeedSettings,
  ) {}

  open(listener: SheetFeedListener): SheetFeedConnection {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      if (code === LOGIN_REFUSED_CLOSE) listener.frame(LOGIN_REFUSED);
      listener.closed(code);
    };

    let socket: SocketLike;
    try {
      socket = (this.settings?.createSocket ?? browserSocket)(this.settings?.url ?? pageDataSocketUrl(window.location));
    } catch {
      // A socket that cannot even be made (no WebSocket, a bad URL) closes like a failed one, after the caller is set up.
      queueMicrotask(() => finish(1006));
      return { query: () => {}, close: () => void (done = true) };
    }

    // The data service logs the socket in from the upgrade's HttpOnly cookie and answers `ready`
    // (ADR 0014); only a token stored before the cookie is still sent as the auth frame.
    socket.onopen = () => {
      const token = this.session.token();
      if (token) socket.send(JSON.stringify(authFrame(token)));
    };
    socket.onmessage = (event) => {
      if (done || typeof event.data !== 'string') return;
      const frame = readSheetFrame(event.data);
      if (frame) listener.frame(frame);
    };
    // A failed socket always closes too; the close carries the code.
    socket.onerror = () => {};
    socket.onclose = (event) => finish(typeof event?.code === 'number' ? event.code : 1006);

    return {
      query: (id, orderNumber, keys) => {
        if (!done && socket.readyState === OPEN) socket.send(JSON.stringify(queryFrame(id, orderNumber, keys)));
      },
      close: () => {
        done = true;
        socket.onopen = socket.onmessage = socket.onclose = null;
        try {
          socket.close(1000);
        } catch {
          // Closing a socket that never opened may throw in some browsers; it is gone either way.
        }
      },
    };
  }
}
