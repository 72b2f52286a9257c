// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyMachine } from '../../../src/domain/devices/fleet';
import { refused } from '../../../src/domain/shared/refused';
import { fakeDevicesApi, SHEET } from '../devices/devices-harness';
import { charts, EMPTY, fakeChartEngine, fakeReportsApi, renderTask } from './reports-harness';

vi.mock('../../../src/ui/reports/chart-engine', () => fakeChartEngine);

beforeEach(() => charts.reset());
afterEach(() => vi.restoreAllMocks());

const rows = (table: string) => screen.queryAllByTestId(`${table}-table-row`);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const headersOf = (table: string) => within(screen.getByTestId(`${table}-table`)).getAllByRole('columnheader').map((th) => th.textContent);

describe('task page: machines and tables', () => {
  it("offers the caller's machines and shows the first one's report and run time", async () => {
    const { reports } = renderTask();
    const select = (await screen.findByTestId('task-machine-select')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Tube line T1 (T-1001)', 'Flatbed G3015 (G-2002)']);
    expect(select.value).toBe('T-1001');
    expect(screen.getByTestId('task-machine-facts').textContent).toContain('Tube laser cutter');

    await waitFor(() => expect(rows('report')).toHaveLength(2));
    expect(reports.getReport).toHaveBeenCalledWith({ orderNumber: 'T-1001', kind: 'tube', offset: 0, size: 10 }, expect.anything());
    expect(reports.getRunTimes).toHaveBeenCalledWith({ orderNumber: 'T-1001', kind: 'tube', offset: 0, size: 10 }, expect.anything());
  });

  it('shows the tube columns of spec 2 with ProcessType and IsComplete in words', async () => {
    renderTask();
    await waitFor(() => expect(rows('report')).toHaveLength(2));
    expect(headersOf('report')).toEqual([
      'Task name',
      'Cutting length (m)',
      'Cutting time',
      'Pierces',
      'Pierce time',
      'Total time',
      'Idle travel (m)',
      'Parts',
      'Thickness (mm)',
      'Tubes used',
      'Start',
      'End',
      'Type',
      'Status',
    ]);
    const [processed, idle] = rows('report').map(cellsOf);
    expect(processed.slice(0, 4)).toEqual(['chassis-80x80.bnt', '8.20', '1 min 05 s', '12']);
    expect(processed.slice(-2)).toEqual(['Process', 'Completed']);
    expect(idle.slice(-2)).toEqual(['Empty operation', 'Not completed']);
    // The run time of a tube machine adds E-stop.
    await waitFor(() => expect(rows('runtime')).toHaveLength(1));
    expect(headersOf('runtime')).toEqual(['Date', 'Run (h)', 'Idle (h)', 'Offline (h)', 'E-stop (h)']);
    expect(cellsOf(rows('runtime')[0])).toEqual(['Jun 3, 2025', '6.50', '1.25', '16.25', '0.50']);
  });

  it('words the tube states in Chinese too', async () => {
    renderTask('/index/task', { lang: 'zh' });
    await waitFor(() => expect(rows('report')).toHaveLength(2));
    const [processed, idle] = rows('report').map(cellsOf);
    expect(processed.slice(-2)).toEqual(['加工', '已完成']);
    expect(idle.slice(-2)).toEqual(['空走', '未完成']);
  });

  it('switches machine from the picker (remembered in the address) and shows the sheet columns', async () => {
    const user = userEvent.setup();
    const { reports, router } = renderTask();
    await waitFor(() => expect(rows('report')).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('task-machine-select'), 'G-2002');
    expect(router.state.location.search).toBe('?machine=G-2002');
    await waitFor(() => expect(rows('report')).toHaveLength(10));
    expect(reports.getReport).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', offset: 0, size: 10 }, expect.anything());
    expect(headersOf('report')).toEqual(['Task name', 'Cutting length (m)', 'Punches', 'Processing time', 'Empty travel (m)', 'Start', 'End', 'File']);
    const first = rows('report')[0];
    expect(cellsOf(first).slice(0, 5)).toEqual(['G-2002 task 1', '12.35', '40', '1 h 02 min', '3.50']);
    const file = within(first).getByRole('link');
    expect(file.getAttribute('href')).toBe('/files/abc123/bracket%20A.dxf');
    expect(file.textContent).toBe('bracket A.dxf');
    expect(headersOf('runtime')).toEqual(['Date', 'Run (h)', 'Idle (h)', 'Offline (h)']);
  });

  it('opens the machine the address names', async () => {
    const { reports } = renderTask('/index/task?machine=G-2002');
    await waitFor(() => expect(rows('report')).toHaveLength(10));
    expect((screen.getByTestId('task-machine-select') as HTMLSelectElement).value).toBe('G-2002');
    expect(reports.getReport.mock.calls.map((call) => call[0].orderNumber)).toEqual(['G-2002']);
  });

  it('pages with PrevPageNums/TopNums and starts again at page 1 on another machine', async () => {
    const user = userEvent.setup();
    const { reports } = renderTask('/index/task?machine=G-2002');
    const table = () => screen.getByTestId('report-table');
    await waitFor(() => expect(rows('report')).toHaveLength(10));
    expect(within(table()).getByTestId('report-table-pager-total').textContent).toBe('1–10 of 57');
    expect(within(table()).getByTestId('report-table-pager-page').textContent).toBe('Page 1 of 6');
    expect((within(table()).getByTestId('report-table-pager-prev') as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(table()).getByTestId('report-table-pager-next'));
    await waitFor(() => expect(within(table()).getByTestId('report-table-pager-total').textContent).toBe('11–20 of 57'));
    expect(reports.getReport).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', offset: 10, size: 10 }, expect.anything());

    await user.selectOptions(within(table()).getByTestId('report-table-pager-size'), '50');
    await waitFor(() => expect(within(table()).getByTestId('report-table-pager-total').textContent).toBe('1–50 of 57'));
    expect(reports.getReport).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', offset: 0, size: 50 }, expect.anything());
    await user.click(within(table()).getByTestId('report-table-pager-next'));
    await waitFor(() => expect(within(table()).getByTestId('report-table-pager-total').textContent).toBe('51–57 of 57'));
    expect((within(table()).getByTestId('report-table-pager-next') as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(screen.getByTestId('task-machine-select'), 'T-1001');
    await waitFor(() => expect(within(table()).getByTestId('report-table-pager-total').textContent).toBe('1–2 of 2'));
    expect(reports.getReport).toHaveBeenLastCalledWith({ orderNumber: 'T-1001', kind: 'tube', offset: 0, size: 50 }, expect.anything());
  });

  it('holds a page of rows under the columns while the report loads, so nothing below moves when it arrives', async () => {
    const reports = fakeReportsApi({ getReport: vi.fn(() => new Promise<never>(() => {})) });
    renderTask('/index/task', { reports });
    const loading = await within(await screen.findByTestId('report-table')).findByRole('status', { name: 'Loading…' });
    expect(within(loading).getAllByRole('columnheader', { hidden: true }).map((th) => th.textContent)).toContain('Task name');
    expect(within(loading).getAllByRole('row', { hidden: true })).toHaveLength(1 + 10);
    expect(rows('report')).toHaveLength(0);
  });

  it('shows friendly empty states for empty tables, never an error', async () => {
    const reports = fakeReportsApi({ getReport: vi.fn(async () => EMPTY.page), getRunTimes: vi.fn(async () => EMPTY.page) });
    const { toasts } = renderTask('/index/task', { reports });
    expect((await screen.findByTestId('report-table-empty')).textContent).toContain('No records yet');
    expect((await screen.findByTestId('runtime-table-empty')).textContent).toContain('once the machine reports its first day');
    expect(screen.queryByTestId('report-table-failed')).toBeNull();
    expect((screen.getByTestId('report-table-export') as HTMLButtonElement).disabled).toBe(true);
    expect(toasts).toEqual([]);
  });

  it("shows the server's info when a table is refused, and loads again on request", async () => {
    const user = userEvent.setup();
    const getRunTimes = vi
      .fn()
      .mockResolvedValueOnce(refused('Database unavailable'))
      .mockImplementation(async () => ({ kind: 'page', rows: [{ Run: 1, Idle: 2, Offline: 3, CreateTime: '2025-06-01' }], total: 1 }));
    renderTask('/index/task', { reports: fakeReportsApi({ getRunTimes }) });
    const failed = await screen.findByTestId('runtime-table-failed');
    expect(failed.textContent).toContain('Could not load the table: Database unavailable');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows('runtime')).toHaveLength(1));
  });

  it('says so kindly when no machine is bound, with a way to bind one', async () => {
    const { reports } = renderTask('/index/task', { machines: [] });
    const empty = await screen.findByTestId('task-no-machines');
    expect(empty.textContent).toContain('No machines bound yet');
    expect(within(empty).getByRole('link', { name: 'Bind a machine' }).getAttribute('href')).toBe('/index/device');
    expect(reports.getReport).not.toHaveBeenCalled();
  });

  it('shows the fleet failure with a retry', async () => {
    const user = userEvent.setup();
    const machines: MyMachine[] = [SHEET];
    const getMyMachines = vi.fn().mockResolvedValueOnce({ kind: 'refused', message: 'Database unavailable' }).mockResolvedValue({ kind: 'list', machines });
    const { devices } = renderTask('/index/task', { devices: fakeDevicesApi({ getMyMachines }) });
    const failed = await screen.findByTestId('task-machines-failed');
    expect(failed.textContent).toContain('Database unavailable');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows('report')).toHaveLength(10));
    expect(devices.getMyMachines).toHaveBeenCalledTimes(2);
  });
});
