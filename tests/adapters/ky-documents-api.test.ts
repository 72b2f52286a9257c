import { describe, expect, it } from 'vitest';
import { KyDocumentsApi } from '../../src/adapters/ky/ky-documents-api.adapter';
import type { CallContract } from '../../src/contract/call';
import type { Envelope } from '../../src/contract/envelope';
import type { PortalDownloadPort, PortalHttpPort, PortalUploadOptions, PortalUploadPort } from '../../src/ports/portal-http.port';

const NONE: Envelope<unknown> = { code: 200, info: '暂无数据', ReturnData: '暂无数据' };

/** The adapter over an HTTP port that answers by call path, recording the paths asked. */
function setup(answers: Record<string, Envelope<unknown>>) {
  const asked: string[] = [];
  const http = {
    call: async (call: CallContract | string) => {
      const path = typeof call === 'string' ? call : call.path;
      asked.push(path.replace('IndustrialDocument/', ''));
      return answers[path.replace('IndustrialDocument/', '')] ?? NONE;
    },
  } as PortalHttpPort;
  const files: PortalDownloadPort = { download: async () => ({ kind: 'envelope', envelope: { code: 404, info: 'The document does not exist' } }) };
  // The upload port reports the form's bytes (a little more than the files'), half then all.
  const uploads: PortalUploadPort = {
    upload: async <T>(_path: string, _form: FormData, _signal?: AbortSignal, options?: PortalUploadOptions) => {
      options?.onProgress?.(600, 1200);
      options?.onProgress?.(1200, 1200);
      return { code: 200, info: 'success', ReturnData: [{ Id: 'a' }, { Id: 'b' }] as T };
    },
  };
  return { api: new KyDocumentsApi(http, files, uploads), asked };
}

describe('ky documents API: the upload', () => {
  it("sends the files through the upload port and scales the port's progress to the files' bytes", async () => {
    const { api } = setup({});
    const seen: number[] = [];
    const answer = await api.upload('T-1', [new File(['x'.repeat(600)], 'a.dxf'), new File(['y'.repeat(400)], 'b.dxf')], (loaded) => seen.push(loaded));
    expect(answer).toEqual({ kind: 'uploaded', count: 2 });
    expect(seen).toEqual([500, 1000]);
  });
});

describe('ky documents API: the report lookups of spec 3 section 4', () => {
  it('answers the tube work report when there is one, without asking for the plate one', async () => {
    const { api, asked } = setup({ GetTubeMachineReport: { code: 200, info: 'success', ReturnData: [{ PartCount: 3 }] } });
    expect(await api.workReport('d1')).toEqual({ kind: 'tube', runs: [{ PartCount: 3 }] });
    expect(asked).toEqual(['GetTubeMachineReport']);
  });

  it('falls back to the plate work report, then to the empty state', async () => {
    const plate = setup({ GetPlateMachineReport: { code: 200, info: 'success', ReturnData: [{ PunchingNum: 4 }] } });
    expect(await plate.api.workReport('d1')).toEqual({ kind: 'plate', runs: [{ PunchingNum: 4 }] });
    expect(plate.asked).toEqual(['GetTubeMachineReport', 'GetPlateMachineReport']);
    const none = setup({});
    expect(await none.api.workReport('d1')).toEqual({ kind: 'empty' });
  });

  it('reads the CAM tube report with its nests, parts and tubes, else the plate reports, else empty', async () => {
    const tube = setup({
      GetReportTube: { code: 200, info: 'success', ReturnData: [{ ProjectName: 'Rail' }] },
      GetCamNests: { code: 200, info: 'success', ReturnData: [{ Name: 'N1' }] },
      GetCamParts: { code: 200, info: 'success', ReturnData: [{ Name: 'P1' }] },
    });
    expect(await tube.api.camReport('p1')).toEqual({ kind: 'tube', report: { ProjectName: 'Rail' }, nests: [{ Name: 'N1' }], parts: [{ Name: 'P1' }], tubes: [] });
    const plate = setup({ GetPlateReports: { code: 200, info: 'success', ReturnData: [{ NestName: 'S1' }] } });
    expect(await plate.api.camReport('p1')).toEqual({ kind: 'plate', reports: [{ NestName: 'S1' }], parts: [] });
    expect(plate.asked).toEqual(['GetReportTube', 'GetPlateReports', 'GetPlateParts']);
    const none = setup({});
    expect(await none.api.camReport('')).toEqual({ kind: 'empty' });
    expect(none.asked).toEqual([]);
  });

  it('reads lists, deletions and refusals', async () => {
    const { api } = setup({
      WebGetList: { code: 200, info: 'success', ReturnData: [{ Id: 'a', FileName: 'x.dxf' }, { nonsense: true }], ReturnCount: 7 },
      Delete: { code: 404, info: 'The document does not exist' },
    });
    expect(await api.list({ orderNumber: 'T1' })).toEqual({ kind: 'list', documents: [{ Id: 'a', FileName: 'x.dxf' }], total: 7 });
    expect(await api.remove('a')).toEqual({ kind: 'refused', message: 'The document does not exist' });
    expect(await api.download('a')).toEqual({ kind: 'refused', message: 'The document does not exist' });
    expect(await setup({ WebGetList: { code: 401, info: 'Login has expired, please log in again' } }).api.list({})).toEqual({ kind: 'refused', message: '' });
  });
});
