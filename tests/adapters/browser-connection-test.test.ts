import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserConnectionTest, PROBE_TIMEOUT_MS } from '../../src/adapters/websocket/browser-connection-test.adapter';
import type { SocketLike } from '../../src/adapters/websocket/websocket-sheet-feed.adapter';
import type { PortalHttpPort } from '../../src/ports/portal-http.port';

// The test page's probes (ADR 0031): the login through the HTTP port, and a websocket on the page's host.

const http = (answer: () => Promise<unknown>) => ({ call: vi.fn(answer) }) as unknown as PortalHttpPort;

/** A socket the test opens, fails or leaves silent; records the URL and whether it was closed. */
function fakeSocket() {
  const made: Array<{ url: string; socket: SocketLike; closed: boolean }> = [];
  const factory = (url: string) => {
    const entry = { url, closed: false, socket: null as unknown as SocketLike };
    entry.socket = { readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, send: () => {}, close: () => void (entry.closed = true) };
    made.push(entry);
    return entry.socket;
  };
  return { made, factory };
}

function probes(port = http(async () => ({ code: 200, info: 'ok', ReturnData: {} }))) {
  const adapter = new BrowserConnectionTest(port);
  const sockets = fakeSocket();
  adapter.createSocket = sockets.factory;
  adapter.origin = () => ({ protocol: 'https:', host: 'portal.example:8443' });
  return { adapter, sockets };
}

afterEach(() => vi.useRealTimers());

describe('the connection test probes', () => {
  it('the login: answered, expired, or not reached', async () => {
    expect(await probes().adapter.session()).toMatchObject({ ok: true });
    expect(await probes(http(async () => ({ code: 401, info: 'Login has expired, please log in again' }))).adapter.session()).toEqual({ ok: false, reason: 'expired' });
    expect(await probes(http(async () => ({ code: 500, info: 'x' }))).adapter.session()).toEqual({ ok: false, reason: 'unreachable' });
    expect(await probes(http(async () => Promise.reject(new Error('network')))).adapter.session()).toEqual({ ok: false, reason: 'unreachable' });
  });

  it("opens a websocket on the page's host (wss: like the page), and closes it as soon as it opened", async () => {
    const { adapter, sockets } = probes();
    const answer = adapter.socket('/mqtt');
    expect(sockets.made[0]!.url).toBe('wss://portal.example:8443/mqtt');
    sockets.made[0]!.socket.onopen?.({});
    expect(await answer).toMatchObject({ ok: true });
    expect(sockets.made[0]!.closed).toBe(true);
  });

  it('a socket that fails, closes before it opened, or stays silent past the timeout was not reached', async () => {
    const { adapter, sockets } = probes();
    const failed = adapter.socket('/ws/data');
    sockets.made[0]!.socket.onerror?.({});
    expect(await failed).toEqual({ ok: false, reason: 'unreachable' });
    const refused = adapter.socket('/ws/data');
    sockets.made[1]!.socket.onclose?.({ code: 1006 });
    expect(await refused).toEqual({ ok: false, reason: 'unreachable' });
    vi.useFakeTimers();
    const silent = adapter.socket('/ws/data');
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    expect(await silent).toEqual({ ok: false, reason: 'unreachable' });
    expect(sockets.made[2]!.closed).toBe(true);
  });
});
