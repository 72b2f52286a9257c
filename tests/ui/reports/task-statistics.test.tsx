// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, daysOf } from '../../../src/domain/reports/day-range';
import { refused } from '../../../src/domain/shared/refused';
import { captureDownloads, charts, EMPTY, fakeChartEngine, fakeReportsApi, openingRange, renderTask } from './reports-harness';

vi.mock('../../../src/ui/reports/chart-engine', () => fakeChartEngine);

beforeEach(() => charts.reset());
afterEach(() => vi.restoreAllMocks());

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const chartSpec = (series: string) => charts.drawn.find((chart) => chart.spec.label === series && !chart.destroyed);

describe('task page: statistics', () => {
  it('loads the last 7 days in the browser zone and shows the totals a manager looks for', async () => {
    const { reports } = renderTask('/index/task?machine=G-2002');
    const range = openingRange();
    const totals = await screen.findByTestId('stats-totals');
    expect(reports.getTaskStats).toHaveBeenCalledWith({ orderNumber: 'G-2002', kind: 'sheet', range, timeZone: zone }, expect.anything());
    expect(reports.getAlarmStats).toHaveBeenCalledWith({ orderNumber: 'G-2002', kind: 'sheet', range, timeZone: zone }, expect.anything());
    expect(within(totals).getByTestId('total-tasks').textContent).toContain('7');
    expect(within(totals).getByTestId('total-cutting-length').textContent).toContain('40.5 m');
    expect(within(totals).getByTestId('total-processing-time').textContent).toContain('1 h 00 min');
    expect(within(totals).getByTestId('total-pierces').textContent).toContain('100');
    expect(within(totals).getByTestId('total-utilisation').textContent).toContain('75.0%');
    expect(within(totals).getByTestId('total-utilisation').textContent).toContain('Ran 30.0 h of 40.0 h');
    expect((screen.getByTestId('range-start') as HTMLInputElement).value).toBe(range.start);
    expect((screen.getByTestId('range-end') as HTMLInputElement).value).toBe(range.end);
  });

  it('draws tasks and alarms per day over every day of the range (zeros included)', async () => {
    renderTask('/index/task?machine=G-2002');
    await waitFor(() => expect(chartSpec('Tasks')).toBeTruthy());
    await waitFor(() => expect(chartSpec('Alarms')).toBeTruthy());
    expect(chartSpec('Tasks')!.spec.values).toEqual([2, 0, 0, 0, 0, 0, 5]);
    expect(chartSpec('Alarms')!.spec.values).toEqual([0, 0, 0, 0, 0, 0, 3]);
    expect(chartSpec('Tasks')!.spec.labels).toHaveLength(7);
    // The values are in the page for screen readers too.
    const canvas = screen.getByTestId('chart-tasks-canvas');
    expect(canvas.getAttribute('data-values')).toBe('2,0,0,0,0,0,5');
    expect(within(canvas).getAllByRole('row')).toHaveLength(8);
  });

  it('lists the latest alarms with their count', async () => {
    renderTask('/index/task?machine=G-2002');
    const alarms = await screen.findByTestId('latest-alarms');
    await waitFor(() => expect(within(alarms).getAllByTestId('alarm-row')).toHaveLength(2));
    expect(alarms.textContent).toContain('3 alarms in this period · showing the latest 2');
    expect(within(alarms).getAllByTestId('alarm-row')[0].textContent).toContain('Gas');
    expect(within(alarms).getAllByTestId('alarm-row')[0].textContent).toContain('E410 Assist gas pressure low');
  });

  it('orders the sections as spec 2 lists them: report, run time, statistics', async () => {
    renderTask('/index/task?machine=G-2002');
    const stats = await screen.findByTestId('statistics');
    const report = screen.getByTestId('report-table');
    const runtime = screen.getByTestId('runtime-table');
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(report, runtime)).toBe(true);
    expect(follows(runtime, stats)).toBe(true);
  });

  it('names the alarms of the catalogue in the page\'s language (the error log stores the machine\'s English)', async () => {
    renderTask('/index/task?machine=G-2002', { lang: 'zh' });
    const alarms = await screen.findByTestId('latest-alarms');
    await waitFor(() => expect(within(alarms).getAllByTestId('alarm-row')).toHaveLength(2));
    const rows = within(alarms).getAllByTestId('alarm-row').map((row) => row.textContent);
    expect(rows[0]).toContain('气体');
    expect(rows[0]).toContain('E410 辅助气体压力低');
    expect(rows.join(' ')).not.toMatch(/Assist gas|Gas pressure/);
  });

  it('refuses a range longer than 7 days in the picker and loads a good one', async () => {
    const { reports } = renderTask('/index/task?machine=G-2002');
    const range = openingRange();
    await screen.findByTestId('stats-totals');
    const calls = reports.getTaskStats.mock.calls.length;

    fireEvent.change(screen.getByTestId('range-start'), { target: { value: addDays(range.end, -7) } });
    expect((await screen.findByTestId('range-error')).textContent).toBe('Choose at most 7 days (the end at most 6 days after the start).');
    expect(reports.getTaskStats).toHaveBeenCalledTimes(calls);
    expect(screen.getByTestId('statistics').getAttribute('data-range')).toBe(`${range.start}/${range.end}`);

    fireEvent.change(screen.getByTestId('range-end'), { target: { value: addDays(range.end, -2) } });
    await waitFor(() => expect(screen.queryByTestId('range-error')).toBeNull());
    const chosen = { start: addDays(range.end, -7), end: addDays(range.end, -2) };
    await waitFor(() => expect(reports.getTaskStats).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', range: chosen, timeZone: zone }, expect.anything()));
    expect(reports.getAlarmStats).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', range: chosen, timeZone: zone }, expect.anything());
    await waitFor(() => expect(chartSpec('Tasks')?.updates.at(-1)?.labels ?? chartSpec('Tasks')?.spec.labels).toHaveLength(daysOf(chosen).length));

    fireEvent.change(screen.getByTestId('range-end'), { target: { value: addDays(range.end, 1) } });
    expect((await screen.findByTestId('range-error')).textContent).toBe('Choose at most 7 days (the end at most 6 days after the start).');

    fireEvent.click(screen.getByTestId('range-reset'));
    await waitFor(() => expect(screen.getByTestId('statistics').getAttribute('data-range')).toBe(`${range.start}/${range.end}`));
    expect(screen.queryByTestId('range-error')).toBeNull();

    // Today is the last day there is data for.
    fireEvent.change(screen.getByTestId('range-start'), { target: { value: addDays(range.end, -2) } });
    fireEvent.change(screen.getByTestId('range-end'), { target: { value: addDays(range.end, 1) } });
    expect((await screen.findByTestId('range-error')).textContent).toBe('The range cannot end after today.');
  });

  it('shows friendly empty charts and an empty alarm list for an empty period', async () => {
    const reports = fakeReportsApi({ getTaskStats: vi.fn(async () => EMPTY.tasks), getAlarmStats: vi.fn(async () => EMPTY.alarms) });
    const { toasts } = renderTask('/index/task', { reports });
    expect((await screen.findByTestId('chart-tasks-empty')).textContent).toBe('No tasks in this period.');
    expect((await screen.findByTestId('chart-alarms-empty')).textContent).toBe('No alarms in this period.');
    expect((await screen.findByTestId('alarms-empty')).textContent).toContain('No alarms in this period');
    expect(screen.getByTestId('total-tasks').textContent).toContain('0');
    expect(screen.getByTestId('total-utilisation').textContent).toContain('No run time reported');
    expect((screen.getByTestId('chart-tasks-png') as HTMLButtonElement).disabled).toBe(true);
    expect(charts.drawn).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it("shows the server's info for a refused series and keeps the other", async () => {
    const user = userEvent.setup();
    const getAlarmStats = vi
      .fn()
      .mockResolvedValueOnce(refused('The range is longer than 7 days'))
      .mockImplementation(async () => EMPTY.alarms);
    renderTask('/index/task', { reports: fakeReportsApi({ getAlarmStats }) });
    const failed = await screen.findByTestId('chart-alarms-failed');
    expect(failed.textContent).toContain('Could not load: The range is longer than 7 days');
    await waitFor(() => expect(chartSpec('Tasks')).toBeTruthy());
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('chart-alarms-empty');
  });
});

describe('task page: downloads', () => {
  it('exports each table as CSV through ExportCsv and saves it under the name the server gave', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const { reports } = renderTask('/index/task?machine=G-2002');
    await waitFor(() => expect((screen.getByTestId('report-table-export') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('report-table-export'));
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['G-2002-report.csv']));
    expect(reports.exportCsv).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', table: 'report', lang: 'en' }, expect.anything());

    await waitFor(() => expect((screen.getByTestId('runtime-table-export') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('runtime-table-export'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(reports.exportCsv).toHaveBeenLastCalledWith({ orderNumber: 'G-2002', kind: 'sheet', table: 'runtime', lang: 'en' }, expect.anything());

    await waitFor(() => expect((screen.getByTestId('alarms-export') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('alarms-export'));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(reports.exportCsv).toHaveBeenLastCalledWith(
      { orderNumber: 'G-2002', kind: 'sheet', table: 'alarms', lang: 'en', range: openingRange(), timeZone: zone },
      expect.anything(),
    );
    expect(await saved[0].blob.text()).toContain('a,b');
  });

  it('says there is nothing to export when there is nothing, and shows a refusal', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const exportCsv = vi
      .fn()
      .mockResolvedValueOnce({ kind: 'empty' })
      .mockResolvedValueOnce(refused('Export unavailable'));
    const { toasts } = renderTask('/index/task?machine=G-2002', { reports: fakeReportsApi({ exportCsv }) });
    await waitFor(() => expect((screen.getByTestId('report-table-export') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('report-table-export'));
    await waitFor(() => expect(toasts).toEqual(['warning:There is nothing to export yet.']));
    await user.click(screen.getByTestId('report-table-export'));
    await waitFor(() => expect(toasts.at(-1)).toBe('error:Export failed: Export unavailable'));
    expect(saved).toEqual([]);
  });

  it('downloads a chart as a PNG titled with the chart, machine and range', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderTask('/index/task?machine=G-2002');
    const range = openingRange();
    await waitFor(() => expect(chartSpec('Tasks')).toBeTruthy());
    await user.click(screen.getByTestId('chart-tasks-png'));
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual([`G-2002-tasks-${range.start}_${range.end}.png`]));
    expect(chartSpec('Tasks')!.pngTitles).toEqual([`Tasks per day · Flatbed G3015 (G-2002) · ${range.start} to ${range.end}`]);
    expect(saved[0].blob.type).toBe('image/png');
  });
});
