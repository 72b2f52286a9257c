// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProbeAnswer } from '../../../src/domain/shared/connection-test.machine';
import { ConnectionTestToken } from '../../../src/ports/api-tokens';
import type { ConnectionTestPort } from '../../../src/ports/connection-test.port';
import { appRoutes } from '../../../src/ui/shell/routes';
import { fake, renderRoutes } from '../../support/render-routes';

// /test (spec 1's "test page", ADR 0031): the connection test, never a "coming soon" page (issue 35).

function probes(live: ProbeAnswer) {
  return {
    session: vi.fn(async (): Promise<ProbeAnswer> => ({ ok: true, ms: 21 })),
    socket: vi.fn(async (path: string): Promise<ProbeAnswer> => (path === '/mqtt' ? live : { ok: true, ms: 9 })),
  };
}

/** The route table's own /test page (its lazy chunk), with the probes faked. */
async function renderTest(lang: 'zh' | 'en', port: ConnectionTestPort) {
  const route = appRoutes({ hasToken: () => true })[0]!.children!.find((r) => r.path === 'test')!;
  const Component = ((await (route.lazy as () => Promise<{ Component: React.ComponentType }>)()).Component);
  return renderRoutes('/test', [{ path: '/test', Component }], { lang, fakes: [fake(ConnectionTestToken, port)] });
}

describe('the /test page', () => {
  it('checks the login, the live data and the sheet data service, with their times (en)', async () => {
    const port = probes({ ok: true, ms: 33 });
    await renderTest('en', port);
    const page = await screen.findByTestId('connection-test');
    await waitFor(() => expect(page.getAttribute('data-status')).toBe('passed'));
    const checks = screen.getAllByTestId('connection-check');
    expect(checks.map((c) => c.getAttribute('data-check'))).toEqual(['session', 'live', 'data']);
    expect(checks.map((c) => within(c).getByTestId('connection-check-status').textContent)).toEqual(['OK (21 ms)', 'OK (33 ms)', 'OK (9 ms)']);
    expect(port.socket.mock.calls.map((c) => c[0])).toEqual(['/mqtt', '/ws/data']);
    expect(screen.getByTestId('connection-summary').textContent).toMatch(/^All checks passed/);
    expect(screen.queryByTestId('area-placeholder')).toBeNull();
    expect(document.body.textContent).not.toMatch(/coming soon/i);
  });

  it('says which check failed and what to do, in Chinese, and checks again on request (zh)', async () => {
    const user = userEvent.setup();
    const port = probes({ ok: false, reason: 'unreachable' });
    await renderTest('zh', port);
    const page = await screen.findByTestId('connection-test');
    await waitFor(() => expect(page.getAttribute('data-status')).toBe('failed'));
    const live = screen.getAllByTestId('connection-check')[1]!;
    expect(within(live).getByTestId('connection-check-status').textContent).toBe('无法连接');
    expect(live.textContent).toContain('WebSocket');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('连接测试');
    expect(document.body.textContent).not.toContain('即将上线');
    await user.click(screen.getByTestId('connection-again'));
    await waitFor(() => expect(port.session).toHaveBeenCalledTimes(2));
  });
});
