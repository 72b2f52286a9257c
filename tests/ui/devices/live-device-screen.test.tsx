// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { SHEET_QUERY_KEYS } from '../../../src/domain/telemetry/sheet-live.machine';
import { FakeSheetFeed, FakeTubeFeed, renderDevices } from './devices-harness';

afterEach(() => {
  vi.useRealTimers();
});

const badge = () => screen.getByTestId('state-badge');

describe('tube device page (message bus)', () => {
  it('subscribes to the order number and shows the machine, offline until data comes', async () => {
    const tube = new FakeTubeFeed();
    const { api } = renderDevices('/deviceInfo/T-1001/tube', { tube });
    expect((await screen.findByTestId('device-name')).textContent).toBe('Tube line T1');
    expect(api.getMachineTables).toHaveBeenCalledWith('T-1001', expect.anything());
    expect(tube.subscriptions.map((s) => s.orderNumber)).toEqual(['T-1001']);
    expect(screen.getByTestId('device-series').textContent).toBe('T');
    expect(screen.getByTestId('device-kind').textContent).toBe('Tube laser cutter');
    // Who of the company bound it (issue 37 item 4), a name in no language of the page's.
    expect(screen.getByTestId('device-bound-by').textContent).toBe('Demo Owner');
    expect(screen.getByTestId('device-bound-by').hasAttribute('data-lang-neutral')).toBe(true);
    expect(badge().textContent).toBe('Offline');
    expect(badge().getAttribute('data-palette')).toBe('blue');
    expect(screen.getByTestId('live-indicator').getAttribute('data-live')).toBe('false');
    expect(screen.getByTestId('task-none')).toBeTruthy();
    expect(screen.getByTestId('device-back').getAttribute('href')).toBe('/index/device');
  });

  it('shows each message: state colour, task, monitor values, axes and the tube gauges', async () => {
    const tube = new FakeTubeFeed();
    renderDevices('/deviceInfo/T-1001/tube', { tube });
    await screen.findByTestId('device-name');
    act(() => {
      tube.connect();
      tube.send({
        State: 0,
        TaskName: 'Frame rails',
        TaskFile: 'rails-60x40.nc',
        Progress: 45,
        PartCount: 40,
        CompletedCount: 18,
        CutLength: 128.456,
        PierceCount: 212,
        CutTime: 3725,
        X: 1520.5,
        W: 90,
        FeedSpeed: 500,
        Power: 30,
        CutPressure: 1500,
        ErrorType: 'E102',
        ErrorContent: 'Gas pressure low',
      });
    });
    expect(badge().textContent).toBe('Running');
    expect(badge().getAttribute('data-palette')).toBe('green');
    expect(screen.getByTestId('live-indicator').getAttribute('data-live')).toBe('true');
    expect(screen.getByTestId('link-status').getAttribute('data-link')).toBe('connected');
    expect(screen.getByTestId('task-name').textContent).toBe('Frame rails');
    expect(screen.getByTestId('task-progress').textContent).toBe('45%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByTestId('task-parts').textContent).toBe('18 / 40');
    expect(screen.getByTestId('monitor-CutLength').textContent).toBe('128.46m');
    expect(screen.getByTestId('monitor-PierceCount').textContent).toBe('212');
    expect(screen.getByTestId('monitor-CutTime').textContent).toBe('1 h 02 min');
    expect(screen.getByTestId('axis-X').textContent).toBe('1,520.50mm');
    expect(screen.getByTestId('gauge-Power').getAttribute('data-fraction')).toBe('0.500');
    expect(screen.getByTestId('gauge-FeedSpeed').getAttribute('aria-valuemax')).toBe('1000');
    // Above the dial's 1000 bar the needle stops at the end; the number stays true.
    expect(screen.getByTestId('gauge-CutPressure').getAttribute('data-fraction')).toBe('1.000');
    expect(screen.getByTestId('gauge-CutPressure').getAttribute('aria-valuetext')).toBe('1,500 bar');
    expect(screen.queryByTestId('gauge-Voltage')).toBeNull();
    expect(screen.getByTestId('alarm').textContent).toContain('Gas pressure low');
    expect(screen.getByTestId('alarm').textContent).toContain('E102');
    // The alarm links to its fault article and to the work-order form pre-filled with it (issue 16).
    expect(screen.getByTestId('alarm-article').getAttribute('href')).toMatch(/\/fault\/E102$/);
    expect(screen.getByTestId('alarm-report').getAttribute('href')).toMatch(/\/click\?order=[^&]+&alarm=E102&text=Gas\+pressure\+low$/);

    act(() => tube.send({ State: 1, ErrorType: '', ErrorContent: '' }));
    expect(badge().textContent).toBe('Idle');
    expect(badge().getAttribute('data-palette')).toBe('yellow');
    expect(screen.queryByTestId('alarm')).toBeNull();
    act(() => tube.send({ State: 7 }));
    expect(badge().getAttribute('data-palette')).toBe('red');
  });

  it('names a known alarm from the alarm catalogue in the page\'s language, whatever English the machine sent', async () => {
    const tube = new FakeTubeFeed();
    renderDevices('/deviceInfo/T-1001/tube', { tube, lang: 'zh' });
    await screen.findByTestId('device-name');
    act(() => tube.send({ State: 0, ErrorType: 'Laser', ErrorContent: 'E305 Laser source not ready' }));
    const alarm = screen.getByTestId('alarm');
    expect(alarm.textContent).toContain('报警类型 激光器');
    expect(alarm.textContent).toContain('E305 激光器未就绪');
    expect(alarm.textContent).not.toContain('Laser source');
    // The links keep the code: the article E305 and the work order pre-filled with it.
    expect(screen.getByTestId('alarm-article').getAttribute('href')).toMatch(/\/fault\/E305$/);
    // An unknown code shows the machine's own text, as sent.
    act(() => tube.send({ State: 0, ErrorType: 'Spindle', ErrorContent: 'E999 Spindle overheated' }));
    expect(screen.getByTestId('alarm').textContent).toContain('E999 Spindle overheated');
  });

  it('shows offline with zero values after 3 s without a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const tube = new FakeTubeFeed();
    renderDevices('/deviceInfo/T-1001/tube', { tube });
    await screen.findByTestId('device-name');
    act(() => tube.send({ State: 0, X: 10, Power: 20 }));
    expect(badge().textContent).toBe('Running');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(badge().textContent).toBe('Running');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(badge().textContent).toBe('Offline');
    expect(screen.getByTestId('axis-X').textContent).toBe('0.00mm');
    expect(screen.getByTestId('gauge-Power').getAttribute('data-fraction')).toBe('0.000');
  });

  it('shows the connection error and stays usable', async () => {
    const tube = new FakeTubeFeed();
    renderDevices('/deviceInfo/T-1001/tube', { tube });
    await screen.findByTestId('device-name');
    act(() => tube.fail('connect', 'Connection refused: Not authorized'));
    expect(screen.getByTestId('live-problem').textContent).toBe('Could not connect to the live data service: Connection refused: Not authorized');
    expect(screen.getByTestId('link-status').getAttribute('data-link')).toBe('failed');
    expect(badge().textContent).toBe('Offline');
    act(() => tube.connect());
    expect(screen.queryByTestId('live-problem')).toBeNull();
  });

  it('unsubscribes when the page is left', async () => {
    const user = userEvent.setup();
    const tube = new FakeTubeFeed();
    renderDevices('/deviceInfo/T-1001/tube', { tube });
    await screen.findByTestId('device-name');
    await user.click(screen.getByTestId('device-back'));
    await screen.findByTestId('fleet');
    expect(tube.subscriptions.every((s) => s.ended)).toBe(true);
  });

  it('shows a not-found page for a machine not among yours: no zeroed dashboard, badge or bus error (issue 23)', async () => {
    renderDevices('/deviceInfo/X-999/tube', { tube: null });
    const notFound = await screen.findByTestId('device-not-found');
    expect(notFound.textContent).toContain('Machine not found');
    expect(notFound.textContent).toContain('This machine was not found among yours.');
    expect(notFound.textContent).toContain('X-999');
    expect(screen.queryByTestId('live-device')).toBeNull();
    expect(screen.queryByTestId('live-problem')).toBeNull();
    expect(screen.queryByTestId('state-badge')).toBeNull();
    // The header's Back and the page's own way back.
    expect(screen.getAllByRole('link', { name: 'Back to my machines' })).toHaveLength(2);
  });

  it('speaks Chinese', async () => {
    const tube = new FakeTubeFeed();
    renderDevices('/deviceInfo/T-1001/tube', { tube, lang: 'zh' });
    await screen.findByTestId('device-name');
    act(() => tube.send({ State: 0 }));
    expect(badge().textContent).toBe('运行');
    expect(screen.getByTestId('device-kind').textContent).toBe('管材激光切割机');
  });
});

describe('sheet device page (data service)', () => {
  it('queries once the socket is ready and shows the values, sheet state and the voltage gauge', async () => {
    const sheet = new FakeSheetFeed();
    renderDevices('/deviceInfoWs/G-2002/sheet', { sheet });
    expect((await screen.findByTestId('device-name')).textContent).toBe('Flatbed G3015');
    expect(sheet.sockets).toHaveLength(1);
    expect(sheet.current.queries).toEqual([]);
    act(() => sheet.frame({ type: 'ready' }));
    expect(sheet.current.queries).toEqual([{ id: 1, orderNumber: 'G-2002', keys: SHEET_QUERY_KEYS }]);
    act(() =>
      sheet.frame({
        type: 'values',
        id: 1,
        orderNumber: 'G-2002',
        at: '2026-03-01T08:00:00Z',
        values: { State: 2, Voltage: 2500, PunchingNum: 31, Y: 750 },
      }),
    );
    expect(badge().textContent).toBe('Running · starting');
    expect(screen.getByTestId('gauge-Voltage').getAttribute('data-fraction')).toBe('0.250');
    expect(screen.queryByTestId('gauge-CutPressure')).toBeNull();
    expect(screen.getByTestId('monitor-PunchingNum').textContent).toBe('31');
    expect(screen.getByTestId('axis-Y').textContent).toBe('750.00mm');
    expect(screen.getByTestId('updated-at')).toBeTruthy();
    act(() => sheet.frame({ type: 'values', id: 2, orderNumber: 'G-2002', at: '', values: { State: 8 } }));
    expect(badge().textContent).toBe('Emergency stop · emergency stopped');
    expect(badge().getAttribute('data-palette')).toBe('red');
  });

  it('shows offline and zeroes on a server-message', async () => {
    const sheet = new FakeSheetFeed();
    renderDevices('/deviceInfoWs/G-2002/sheet', { sheet });
    await screen.findByTestId('device-name');
    act(() => sheet.frame({ type: 'ready' }));
    act(() => sheet.frame({ type: 'values', id: 1, orderNumber: 'G-2002', at: '', values: { State: 3, X: 5 } }));
    expect(badge().textContent).toBe('Running');
    act(() => sheet.frame({ type: 'server-message', id: 2, orderNumber: 'G-2002', info: 'offline' }));
    expect(badge().textContent).toBe('Offline');
    expect(screen.getByTestId('axis-X').textContent).toBe('0.00mm');
  });

  it('shows a closed socket as offline with its code, and opens a new one after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sheet = new FakeSheetFeed();
    renderDevices('/deviceInfoWs/G-2002/sheet', { sheet });
    await screen.findByTestId('device-name');
    act(() => sheet.frame({ type: 'ready' }));
    act(() => sheet.frame({ type: 'values', id: 1, orderNumber: 'G-2002', at: '', values: { State: 3 } }));
    act(() => sheet.close(1006));
    expect(badge().textContent).toBe('Offline');
    expect(screen.getByTestId('live-problem').textContent).toContain('closed (code 1006)');
    expect(screen.getByTestId('link-status').getAttribute('data-link')).toBe('reconnecting');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(sheet.sockets).toHaveLength(2);
    act(() => sheet.frame({ type: 'ready' }));
    expect(screen.queryByTestId('live-problem')).toBeNull();
    expect(screen.getByTestId('link-status').getAttribute('data-link')).toBe('connected');
  });

  it('says when the data service does not know the machine', async () => {
    const sheet = new FakeSheetFeed();
    renderDevices('/deviceInfoWs/G-2002/sheet', { sheet });
    await screen.findByTestId('device-name');
    act(() => sheet.frame({ type: 'ready' }));
    act(() => sheet.frame({ type: 'refused', id: 1, refusal: { kind: 'not-yours' } }));
    expect(screen.getByTestId('live-problem').textContent).toBe('The data service does not know this machine (no data found).');
  });
});
