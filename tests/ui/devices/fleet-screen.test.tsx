// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MyMachine } from '../../../src/domain/devices/fleet';
import { refused } from '../../../src/domain/shared/refused';
import type { DevicesApiPort } from '../../../src/ports/devices-api.port';
import { FleetSection } from '../../../src/ui/devices/fleet-screen';
import { fakeDevicesApi, RECORD, renderDevices, SHEET, TUBE } from './devices-harness';
import { enterText } from '../../support/enter-text';

// Only the fleet route: a tile click lands on the catch-all that shows where it led.
const fleetOnly = [{ path: '/index/device', Component: FleetSection }];

const tiles = () => screen.getAllByTestId('fleet-tile');

describe('fleet page', () => {
  it("shows each machine's name, order number and kind picture, with the add tile", async () => {
    const { api } = renderDevices('/index/device');
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(api.getMyMachines).toHaveBeenCalledTimes(1);
    const tube = tiles()[0];
    expect(tube.textContent).toContain('Tube line T1');
    expect(tube.textContent).toContain('Order T-1001');
    expect(tube.getAttribute('data-kind')).toBe('tube');
    expect(tube.querySelector('svg[data-art="tube"]')).toBeTruthy();
    expect(tiles()[1].querySelector('svg[data-art="sheet"]')).toBeTruthy();
    expect(screen.getByTestId('fleet-add')).toBeTruthy();
    expect(screen.getByTestId('fleet-filter-all').textContent).toContain('2');
    expect(screen.getByTestId('fleet-filter-tube').textContent).toContain('1');
  });

  it('opens deviceInfo for the message bus and deviceInfoWs otherwise, with the kind as type', async () => {
    const user = userEvent.setup();
    renderDevices('/index/device', { routes: fleetOnly });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(tiles()[0].getAttribute('href')).toBe('/deviceInfo/T-1001/tube');
    expect(tiles()[1].getAttribute('href')).toBe('/deviceInfoWs/G-2002/sheet');
    await user.click(tiles()[1]);
    expect((await screen.findByTestId('where')).textContent).toBe('/deviceInfoWs/G-2002/sheet');
  });

  it('filters by chip (M, T, K and Q are tube) and remembers the chip under series', async () => {
    const user = userEvent.setup();
    const fleet: MyMachine[] = [TUBE, SHEET, { ...TUBE, ordernumber: 'Q-7', name: 'Q tube', seriesname: 'Q' }, { ...SHEET, ordernumber: 'C-8', name: 'C sheet', seriesname: 'C' }];
    const api = fakeDevicesApi({ getMyMachines: vi.fn(async () => ({ kind: 'list', machines: fleet }) as const) });
    const first = renderDevices('/index/device', { api });
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await user.click(screen.getByTestId('fleet-filter-tube'));
    expect(tiles().map((tile) => tile.getAttribute('data-order-number'))).toEqual(['T-1001', 'Q-7']);
    expect(screen.getByTestId('fleet-filter-tube').getAttribute('aria-pressed')).toBe('true');
    expect(first.storage.get('series')).toBe('tube');
    first.unmount();

    // The next visit opens on the stored chip.
    renderDevices('/index/device', { api });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    await user.click(screen.getByTestId('fleet-filter-sheet'));
    expect(tiles().map((tile) => tile.getAttribute('data-order-number'))).toEqual(['G-2002', 'C-8']);
  });

  it('shows a friendly empty state with the add tile when nothing is bound', async () => {
    const api = fakeDevicesApi({ getMyMachines: vi.fn(async () => ({ kind: 'list', machines: [] }) as const) });
    renderDevices('/index/device', { api });
    const empty = await screen.findByTestId('fleet-empty');
    expect(empty.textContent).toContain('No machines bound yet');
    expect(within(empty).getByTestId('fleet-add')).toBeTruthy();
    expect(screen.queryByTestId('fleet-filters')).toBeNull();
  });

  it('shows the refusal and loads again on request', async () => {
    const user = userEvent.setup();
    const getMyMachines = vi
      .fn<DevicesApiPort['getMyMachines']>()
      .mockResolvedValueOnce(refused('Database unavailable'))
      .mockResolvedValue({ kind: 'list', machines: [SHEET] });
    renderDevices('/index/device', { api: fakeDevicesApi({ getMyMachines }) });
    const failed = await screen.findByTestId('fleet-failed');
    expect(failed.textContent).toContain('Failed to get user devices');
    expect(failed.textContent).toContain('Database unavailable');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(screen.queryByTestId('fleet-failed')).toBeNull();
  });

  it('renders without a bound API: the failure and the add tile, never a blank page', async () => {
    renderDevices('/index/device', { api: null });
    expect((await screen.findByTestId('fleet-failed')).textContent).toContain('Failed to get user devices');
    expect(screen.getByTestId('fleet-add')).toBeTruthy();
  });
});

describe('bind dialog', () => {
  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('fleet-add'));
    await screen.findByTestId('bind-dialog');
    return user;
  }

  it('asks for an order number first', async () => {
    const { api } = renderDevices('/index/device');
    const user = await openDialog();
    await user.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByTestId('bind-field-error')).textContent).toBe('The order number cannot be empty!');
    expect(api.bind).not.toHaveBeenCalled();
  });

  it('binds a new machine through lookup and save, says so, closes and reloads the fleet', async () => {
    const api = fakeDevicesApi({
      bind: vi.fn().mockResolvedValueOnce({ kind: 'unknown-machine' }).mockResolvedValue({ kind: 'bound' }),
    });
    const { toasts } = renderDevices('/index/device', { api });
    const user = await openDialog();
    await enterText(user, screen.getByTestId('bind-order-number'), ' LC-9001 ');
    await user.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(toasts).toContain('success:Binding successful!'));
    expect(api.bind.mock.calls.map((call) => call[0])).toEqual(['LC-9001', 'LC-9001']);
    expect(api.getBpmMachine).toHaveBeenCalledWith('LC-9001', expect.anything());
    expect(api.saveMachineData).toHaveBeenCalledWith(RECORD, expect.anything());
    await waitFor(() => expect(screen.queryByTestId('bind-dialog')).toBeNull());
    await waitFor(() => expect(api.getMyMachines).toHaveBeenCalledTimes(2));
  });

  it('shows the lookup "not found" and keeps the dialog open', async () => {
    const api = fakeDevicesApi({
      bind: vi.fn(async () => ({ kind: 'unknown-machine' }) as const),
      getBpmMachine: vi.fn(async () => ({ kind: 'unknown-machine' }) as const),
    });
    renderDevices('/index/device', { api });
    const user = await openDialog();
    await enterText(user, screen.getByTestId('bind-order-number'), 'LC-404');
    await user.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByTestId('bind-server-message')).textContent).toContain('No machine with this order number was found');
    expect(api.saveMachineData).not.toHaveBeenCalled();
    expect(screen.getByTestId('bind-dialog')).toBeTruthy();
  });

  it('shows a refusal from MachineBind as it came', async () => {
    const api = fakeDevicesApi({ bind: vi.fn(async () => refused('This machine is bound to another customer')) });
    renderDevices('/index/device', { api });
    const user = await openDialog();
    await enterText(user, screen.getByTestId('bind-order-number'), 'G-2002');
    await user.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByTestId('bind-server-message')).textContent).toContain('Binding failed: This machine is bound to another customer');
    expect(api.getBpmMachine).not.toHaveBeenCalled();
  });

  it('speaks Chinese: chips, the rule and the success message', async () => {
    const { toasts } = renderDevices('/index/device', { lang: 'zh' });
    expect((await screen.findByTestId('fleet-filter-tube')).textContent).toContain('管材');
    const user = await openDialog();
    await user.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByTestId('bind-field-error')).textContent).toBe('订单号不能为空！');
    await enterText(user, screen.getByTestId('bind-order-number'), 'G-2002');
    await user.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(toasts).toContain('success:绑定成功！'));
  });
});
