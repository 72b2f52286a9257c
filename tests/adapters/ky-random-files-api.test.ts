import { describe, expect, it } from 'vitest';
import { KyRandomFilesApi } from '../../src/adapters/ky/ky-random-files-api.adapter';
import type { Envelope } from '../../src/domain/shared/envelope';
import type { PortalCallOptions, PortalDownload, PortalDownloadPort, PortalHttpPort } from '../../src/ports/portal-http.port';

describe('ky random files API', () => {
  it('lists with GetPLMRandomFile and downloads with RandomCenter/Download, quietly (the page shows answers)', async () => {
    const calls: Array<{ port: string; path: string; body: unknown; quiet: boolean }> = [];
    const file: PortalDownload = { kind: 'file', blob: new Blob(['%PDF-1.4']), fileName: 'a.pdf', contentType: 'application/pdf' };
    const http: PortalHttpPort = {
      call: async <T,>(path: string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
        calls.push({ port: 'http', path, body, quiet: !!options?.quiet });
        return { code: 200, info: '暂无数据', ReturnData: '暂无数据' } as Envelope<T>;
      },
    };
    const files: PortalDownloadPort = {
      download: async (path, body, _signal, options) => {
        calls.push({ port: 'download', path, body, quiet: !!options?.quiet });
        return file;
      },
    };
    const api = new KyRandomFilesApi(http, files);
    expect((await api.getFiles('G3015-240101')).ReturnData).toBe('暂无数据');
    expect(await api.download('f-1')).toBe(file);
    expect(calls).toEqual([
      { port: 'http', path: 'api/RandomCenter/GetPLMRandomFile', body: { OrderNumber: 'G3015-240101' }, quiet: true },
      { port: 'download', path: 'api/RandomCenter/Download', body: { Id: 'f-1' }, quiet: true },
    ]);
  });
});
