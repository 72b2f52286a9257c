import { describe, expect, it } from 'vitest';
import { KyRandomFilesApi } from '../../src/adapters/ky/ky-random-files-api.adapter';
import type { CallContract } from '../../src/contract/call';
import type { Envelope } from '../../src/contract/envelope';
import type { PortalCallOptions, PortalDownload, PortalDownloadPort, PortalHttpPort } from '../../src/ports/portal-http.port';

const BLOB = new Blob(['%PDF-1.4']);
const FILE: PortalDownload = { kind: 'file', blob: BLOB, fileName: 'a.pdf', contentType: 'application/pdf' };

/** The adapter over HTTP ports that answer `answer` and `download`, recording what was asked. */
function setup(answer: Envelope<unknown> = { code: 200, info: '暂无数据', ReturnData: '暂无数据' }, download: PortalDownload = FILE) {
  const calls: Array<{ port: string; path: string; body: unknown; quiet: boolean }> = [];
  const http = {
    call: async (call: CallContract | string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
      calls.push({ port: 'http', path: typeof call === 'string' ? call : call.path, body, quiet: !!options?.quiet });
      return answer;
    },
  } as PortalHttpPort;
  const files: PortalDownloadPort = {
    download: async (path, body, _signal, options) => {
      calls.push({ port: 'download', path, body, quiet: !!options?.quiet });
      return download;
    },
  };
  return { api: new KyRandomFilesApi(http, files), calls };
}

describe('ky random files API', () => {
  it('lists with GetPLMRandomFile and downloads with RandomCenter/Download, quietly (the page shows answers)', async () => {
    const { api, calls } = setup();
    expect(await api.getFiles('G3015-240101')).toEqual({ kind: 'list', files: [] });
    expect(await api.download('f-1')).toEqual({ kind: 'file', blob: BLOB, fileName: 'a.pdf' });
    expect(calls).toEqual([
      { port: 'http', path: 'RandomCenter/GetPLMRandomFile', body: { OrderNumber: 'G3015-240101' }, quiet: true },
      { port: 'download', path: 'RandomCenter/Download', body: { Id: 'f-1' }, quiet: true },
    ]);
  });
});

describe('reading the random-file answers', () => {
  const files = async (answer: Envelope<unknown>) => setup(answer).api.getFiles('G-1');

  it('reads 暂无数据 as an empty list, in ReturnData or info', async () => {
    expect(await files({ code: 200, info: '暂无数据', ReturnData: '暂无数据' })).toEqual({ kind: 'list', files: [] });
    expect(await files({ code: 200, info: '暂无数据' })).toEqual({ kind: 'list', files: [] });
  });

  it('drops rows without an id and fills missing titles', async () => {
    const read = await files({ code: 200, info: 'success', ReturnData: [{ Id: 'a', FileName: 'a.pdf' }, { FileName: 'b.pdf' }, null, 'x'] });
    expect(read).toEqual({ kind: 'list', files: [expect.objectContaining({ Id: 'a', Title: 'a.pdf', Size: 0, MachineType: 0 })] });
  });

  it('passes a refusal on, and says nothing itself about an expired login', async () => {
    expect(await files({ code: 403, info: 'nope', ReturnData: null })).toEqual({ kind: 'refused', message: 'nope' });
    expect(await files({ code: 401, info: 'Login has expired, please log in again' })).toEqual({ kind: 'refused', message: '' });
  });

  it('reads a refused download as a refusal', async () => {
    const { api } = setup(undefined, { kind: 'envelope', envelope: { code: 404, info: 'The file does not exist' } });
    expect(await api.download('x')).toEqual({ kind: 'refused', message: 'The file does not exist' });
  });
});
