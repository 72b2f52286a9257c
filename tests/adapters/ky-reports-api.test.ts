import { describe, expect, it } from 'vitest';
import { KyReportsApi } from '../../src/adapters/ky/ky-reports-api.adapter';
import type { Envelope } from '../../src/domain/shared/envelope';
import type { PortalCallOptions, PortalDownload, PortalDownloadPort, PortalHttpPort } from '../../src/ports/portal-http.port';

function setup(download: PortalDownload = { kind: 'file', blob: new Blob(['a,b']), fileName: 'report.csv', contentType: 'text/csv' }) {
  const calls: Array<{ path: string; body: unknown; quiet: boolean }> = [];
  const http: PortalHttpPort = {
    call: async <T,>(path: string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
      calls.push({ path, body, quiet: !!options?.quiet });
      return { code: 200, info: '' } as Envelope<T>;
    },
  };
  const files: PortalDownloadPort = {
    download: async (path, body, _signal, options) => {
      calls.push({ path, body, quiet: !!options?.quiet });
      return download;
    },
  };
  return { api: new KyReportsApi(http, files), calls };
}

const range = { start: '2025-06-01', end: '2025-06-07' };

describe('ky reports API', () => {
  it('picks the sheet or tube call by kind and pages with PrevPageNums/TopNums, quietly (the page shows answers)', async () => {
    const { api, calls } = setup();
    await api.getReport({ orderNumber: 'G-1', kind: 'sheet', offset: 20, size: 10 });
    await api.getReport({ orderNumber: 'T-1', kind: 'tube', offset: 0, size: 50 });
    await api.getRunTimes({ orderNumber: 'G-1', kind: 'sheet', offset: 0, size: 20 });
    await api.getRunTimes({ orderNumber: 'T-1', kind: 'tube', offset: 10, size: 10 });
    expect(calls).toEqual([
      { path: 'api/Machine/GetMachineReport', body: { OrderNumber: 'G-1', PrevPageNums: 20, TopNums: 10 }, quiet: true },
      { path: 'api/Machine/GetReportTube', body: { OrderNumber: 'T-1', PrevPageNums: 0, TopNums: 50 }, quiet: true },
      { path: 'api/Machine/GetProcessingTimes', body: { OrderNumber: 'G-1', PrevPageNums: 0, TopNums: 20 }, quiet: true },
      { path: 'api/Machine/GetProcessingTimeTube', body: { OrderNumber: 'T-1', PrevPageNums: 10, TopNums: 10 }, quiet: true },
    ]);
  });

  it('sends the statistics range as days with the browser zone', async () => {
    const { api, calls } = setup();
    await api.getTaskStats({ orderNumber: 'T-1', kind: 'tube', range, timeZone: 'Europe/Berlin' });
    await api.getAlarmStats({ orderNumber: 'G-1', kind: 'sheet', range, timeZone: 'Asia/Shanghai' });
    await api.getAlarmStats({ orderNumber: 'T-1', kind: 'tube', range, timeZone: 'Asia/Shanghai' });
    expect(calls).toEqual([
      {
        path: 'api/Machine/GetMachineTasks',
        body: { OrderNumber: 'T-1', CreateTimeS: '2025-06-01', CreateTimeE: '2025-06-07', TimeZone: 'Europe/Berlin' },
        quiet: true,
      },
      {
        path: 'api/Machine/GetErrorLog',
        body: { OrderNumber: 'G-1', ErrorDateS: '2025-06-01', ErrorDateE: '2025-06-07', TimeZone: 'Asia/Shanghai' },
        quiet: true,
      },
      {
        path: 'api/Machine/GetErrorLogTube',
        body: { OrderNumber: 'T-1', ErrorDateS: '2025-06-01', ErrorDateE: '2025-06-07', TimeZone: 'Asia/Shanghai' },
        quiet: true,
      },
    ]);
  });

  it('exports through ExportCsv: the table, and the range in both spellings when there is one', async () => {
    const { api, calls } = setup();
    const file = await api.exportCsv({ orderNumber: 'G-1', kind: 'sheet', table: 'report' });
    expect(file).toMatchObject({ kind: 'file', fileName: 'report.csv' });
    await api.exportCsv({ orderNumber: 'G-1', kind: 'sheet', table: 'alarms', range, timeZone: 'Asia/Shanghai', lang: 'zh' });
    expect(calls).toEqual([
      { path: 'api/Machine/ExportCsv', body: { OrderNumber: 'G-1', Table: 'report' }, quiet: true },
      {
        path: 'api/Machine/ExportCsv',
        body: {
          OrderNumber: 'G-1',
          Table: 'alarms',
          CreateTimeS: '2025-06-01',
          CreateTimeE: '2025-06-07',
          ErrorDateS: '2025-06-01',
          ErrorDateE: '2025-06-07',
          TimeZone: 'Asia/Shanghai',
          lang: 'zh',
        },
        quiet: true,
      },
    ]);
  });

  it('hands a refusal back as the envelope', async () => {
    const { api } = setup({ kind: 'envelope', envelope: { code: 200, info: '', ReturnData: '暂无数据' } });
    expect(await api.exportCsv({ orderNumber: 'G-1', kind: 'sheet', table: 'runtime' })).toEqual({
      kind: 'refused',
      answer: { code: 200, info: '', ReturnData: '暂无数据' },
    });
  });
});
