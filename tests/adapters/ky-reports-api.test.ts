import { recordingHttp } from '../support/recording-http';
import { describe, expect, it } from 'vitest';
import { KyReportsApi } from '../../src/adapters/ky/ky-reports-api.adapter';
import type { Envelope } from '../../src/contract/envelope';
import type { PageQuery } from '../../src/domain/reports/paged-table.machine';
import type { RangeQuery } from '../../src/domain/reports/statistics.machine';
import type { PortalDownload, PortalDownloadPort } from '../../src/ports/portal-http.port';

const BLOB = new Blob(['a,b']);
const FILE: PortalDownload = { kind: 'file', blob: BLOB, fileName: 'report.csv', contentType: 'text/csv' };

/** The adapter over HTTP ports that answer `answer` (and `download`) and record what was asked. */
function setup(answer: Envelope<unknown> = { code: 200, info: '' }, download: PortalDownload = FILE) {
  const { http, calls } = recordingHttp(answer);
  const files: PortalDownloadPort = {
    download: async (path, body, _signal, options) => {
      calls.push({ path, body, quiet: !!options?.quiet });
      return download;
    },
  };
  return { api: new KyReportsApi(http, files), calls };
}

const range = { start: '2025-06-01', end: '2025-06-07' };
const PAGE: PageQuery = { orderNumber: 'G-1', kind: 'sheet', offset: 0, size: 10 };
const RANGE: RangeQuery = { orderNumber: 'G-1', kind: 'sheet', range, timeZone: 'Asia/Shanghai' };

describe('ky reports API', () => {
  it('picks the sheet or tube call by kind and pages with PrevPageNums/TopNums, quietly (the page shows answers)', async () => {
    const { api, calls } = setup();
    await api.getReport({ orderNumber: 'G-1', kind: 'sheet', offset: 20, size: 10 });
    await api.getReport({ orderNumber: 'T-1', kind: 'tube', offset: 0, size: 50 });
    await api.getRunTimes({ orderNumber: 'G-1', kind: 'sheet', offset: 0, size: 20 });
    await api.getRunTimes({ orderNumber: 'T-1', kind: 'tube', offset: 10, size: 10 });
    expect(calls).toEqual([
      { path: 'Machine/GetMachineReport', body: { OrderNumber: 'G-1', PrevPageNums: 20, TopNums: 10 }, quiet: true },
      { path: 'Machine/GetReportTube', body: { OrderNumber: 'T-1', PrevPageNums: 0, TopNums: 50 }, quiet: true },
      { path: 'Machine/GetProcessingTimes', body: { OrderNumber: 'G-1', PrevPageNums: 0, TopNums: 20 }, quiet: true },
      { path: 'Machine/GetProcessingTimeTube', body: { OrderNumber: 'T-1', PrevPageNums: 10, TopNums: 10 }, quiet: true },
    ]);
  });

  it('sends the statistics range as days with the browser zone', async () => {
    const { api, calls } = setup();
    await api.getTaskStats({ orderNumber: 'T-1', kind: 'tube', range, timeZone: 'Europe/Berlin' });
    await api.getAlarmStats({ orderNumber: 'G-1', kind: 'sheet', range, timeZone: 'Asia/Shanghai' });
    await api.getAlarmStats({ orderNumber: 'T-1', kind: 'tube', range, timeZone: 'Asia/Shanghai' });
    expect(calls).toEqual([
      {
        path: 'Machine/GetMachineTasks',
        body: { OrderNumber: 'T-1', CreateTimeS: '2025-06-01', CreateTimeE: '2025-06-07', TimeZone: 'Europe/Berlin' },
        quiet: true,
      },
      {
        path: 'Machine/GetErrorLog',
        body: { OrderNumber: 'G-1', ErrorDateS: '2025-06-01', ErrorDateE: '2025-06-07', TimeZone: 'Asia/Shanghai' },
        quiet: true,
      },
      {
        path: 'Machine/GetErrorLogTube',
        body: { OrderNumber: 'T-1', ErrorDateS: '2025-06-01', ErrorDateE: '2025-06-07', TimeZone: 'Asia/Shanghai' },
        quiet: true,
      },
    ]);
  });

  it('exports through ExportCsv: the table, and the range of the contract when there is one', async () => {
    const { api, calls } = setup();
    const file = await api.exportCsv({ orderNumber: 'G-1', kind: 'sheet', table: 'report' });
    expect(file).toEqual({ kind: 'file', blob: BLOB, fileName: 'report.csv' });
    await api.exportCsv({ orderNumber: 'G-1', kind: 'sheet', table: 'alarms', range, timeZone: 'Asia/Shanghai', lang: 'zh' });
    expect(calls).toEqual([
      { path: 'Machine/ExportCsv', body: { OrderNumber: 'G-1', Table: 'report' }, quiet: true },
      {
        path: 'Machine/ExportCsv',
        body: { OrderNumber: 'G-1', Table: 'alarms', CreateTimeS: '2025-06-01', CreateTimeE: '2025-06-07', TimeZone: 'Asia/Shanghai', lang: 'zh' },
        quiet: true,
      },
    ]);
  });
});

describe('reading the report answers', () => {
  const read = (answer: Envelope<unknown>) => setup(answer).api;

  it('reads a page with its total, and the no-data answers as an empty page', async () => {
    expect(await read({ code: 200, info: '', ReturnData: [{ Id: 1 }, 'junk', null], ReturnCount: 31 }).getReport(PAGE)).toEqual({ kind: 'page', rows: [{ Id: 1 }], total: 31 });
    expect(await read({ code: 200, info: '', ReturnData: '暂无数据', ReturnCount: 0 }).getReport(PAGE)).toEqual({ kind: 'page', rows: [], total: 0 });
    expect(await read({ code: 400, info: '暂无数据' }).getRunTimes(PAGE)).toEqual({ kind: 'page', rows: [], total: 0 });
    expect(await read({ code: 200, info: '数据查询为空', ReturnData: [] }).getReport(PAGE)).toEqual({ kind: 'page', rows: [], total: 0 });
    expect(await read({ code: 500, info: 'Database unavailable' }).getRunTimes(PAGE)).toEqual({ kind: 'refused', message: 'Database unavailable' });
    // A total below the rows sent is not believed.
    expect(await read({ code: 200, info: '', ReturnData: [{}, {}], ReturnCount: 1 }).getReport(PAGE)).toMatchObject({ total: 2 });
  });

  it('keeps the total of a page asked for past the end of a table that shrank (no rows, but a count)', async () => {
    expect(await read({ code: 200, info: '暂无数据', ReturnData: '暂无数据', ReturnCount: 31 }).getReport({ ...PAGE, offset: 90 })).toEqual({ kind: 'page', rows: [], total: 31 });
  });

  it('reads the task statistics: days, totals, and utilisation from the hours when the server leaves it out', async () => {
    const answer = await read({
      code: 200,
      info: '',
      ReturnData: [{ Day: '2025-06-01', TaskCount: 3, CuttingLength: '12.5', ProcessingTime: 600, PierceCount: 40 }, { Day: 'bad' }],
      ReturnType: { TaskCount: 3, CuttingLength: 12.5, ProcessingTime: 600, PierceCount: 40, RunHours: 6, IdleHours: 1, OfflineHours: 1 },
    }).getTaskStats(RANGE);
    expect(answer.kind).toBe('stats');
    if (answer.kind !== 'stats') return;
    expect(answer.days).toEqual([{ Day: '2025-06-01', TaskCount: 3, CuttingLength: 12.5, ProcessingTime: 600, PierceCount: 40 }]);
    expect(answer.totals.Utilisation).toBe(0.75);

    const totals = async (ReturnType: unknown, ReturnData: unknown = []) => {
      const stats = await read({ code: 200, info: '', ReturnData, ReturnType }).getTaskStats(RANGE);
      return stats.kind === 'stats' ? stats.totals : null;
    };
    expect((await totals({ RunHours: 1, IdleHours: 1, Utilisation: 0.4 }))?.Utilisation).toBe(0.4);
    expect((await totals({ RunHours: 1, IdleHours: 3, Utilisation: 25 }))?.Utilisation).toBe(0.25);
    // The server sends 0 when the machine reported no time: that is "no share", not 0 %.
    expect((await totals({ TaskCount: 1, Utilisation: 0 }))?.Utilisation).toBeNull();
    expect(await totals(undefined, '暂无数据')).toMatchObject({ TaskCount: 0, Utilisation: null });
    expect(await read({ code: 400, info: 'at most 7 days' }).getTaskStats(RANGE)).toEqual({ kind: 'refused', message: 'at most 7 days' });
  });

  it('reads the alarm statistics: per day, the latest alarms and the period count', async () => {
    const answer = await read({
      code: 200,
      info: '',
      ReturnData: [{ Day: '2025-06-01', Count: 2 }, { Day: '2025-06-02', Count: 0 }],
      ReturnType: [{ ErrorDate: '2025-06-01T08:00:00+08:00', ErrorType: 'E12', ErrorContent: 'Gas pressure low' }],
      ReturnCount: 2,
    }).getAlarmStats(RANGE);
    expect(answer).toEqual({
      kind: 'stats',
      days: [{ Day: '2025-06-01', Count: 2 }, { Day: '2025-06-02', Count: 0 }],
      latest: [{ ErrorDate: '2025-06-01T08:00:00+08:00', ErrorType: 'E12', ErrorContent: 'Gas pressure low' }],
      count: 2,
    });
    expect(await read({ code: 200, info: '', ReturnData: '暂无数据', ReturnCount: 0 }).getAlarmStats(RANGE)).toEqual({ kind: 'stats', days: [], latest: [], count: 0 });
  });

  it('reads the export: the file, "nothing to export" for the no-data answer, and any other refusal with its info', async () => {
    const exported = (envelope: Envelope<unknown>) => setup(undefined, { kind: 'envelope', envelope }).api.exportCsv({ orderNumber: 'G-1', kind: 'sheet', table: 'runtime' });
    expect(await exported({ code: 200, info: '', ReturnData: '暂无数据' })).toEqual({ kind: 'empty' });
    expect(await exported({ code: 400, info: 'at most 7 days' })).toEqual({ kind: 'refused', message: 'at most 7 days' });
  });
});
