import { describe, expect, it } from 'vitest';
import { KyKnowledgeApi } from '../../src/adapters/ky/ky-knowledge-api.adapter';
import type { Envelope } from '../../src/domain/shared/envelope';
import type { PortalCallOptions, PortalHttpPort } from '../../src/ports/portal-http.port';

function setup() {
  const calls: Array<{ path: string; body: unknown; quiet: boolean }> = [];
  const http: PortalHttpPort = {
    call: async <T,>(path: string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
      calls.push({ path, body, quiet: !!options?.quiet });
      return { code: 200, info: '', ReturnData: [] } as Envelope<T>;
    },
  };
  return { api: new KyKnowledgeApi(http), calls };
}

describe('ky knowledge API', () => {
  it('asks each library its own tree call with the language', async () => {
    const { api, calls } = setup();
    await api.getTree('knowledge', 'en');
    await api.getTree('download', 'zh');
    await api.getTree('guide', 'zh');
    await api.getTree('faults', 'en');
    expect(calls).toEqual([
      { path: 'api/KnowledgeClassify/GetJstreeDataAllowAnonymous', body: { lang: 'en' }, quiet: true },
      { path: 'api/SoftwareDownload/GetJstreeData', body: { lang: 'zh' }, quiet: true },
      { path: 'api/OperationGuide/GetJstreeData', body: { lang: 'zh' }, quiet: true },
      { path: 'api/CommonFaults/GetJstreeData', body: { lang: 'en' }, quiet: true },
    ]);
  });

  it('lists contents with the filters given, whitespace removed from the label', async () => {
    const { api, calls } = setup();
    await api.getContents('knowledge', { NodeId: 12, Lable: ' noz\tzle ', PrevPageNums: 10, TopNums: 10 });
    await api.getContents('faults', { Id: 7 });
    await api.getContents('download', { NodeId: 3, Title: '', Series: 'G' });
    await api.getContents('guide', { NodeId: 4 });
    expect(calls).toEqual([
      { path: 'api/KnowledgeClassify/GetContentsAllowAnonymous', body: { NodeId: 12, Lable: 'nozzle', PrevPageNums: 10, TopNums: 10 }, quiet: true },
      { path: 'api/CommonFaults/GetContents', body: { Id: 7 }, quiet: true },
      { path: 'api/SoftwareDownload/GetContents', body: { NodeId: 3, Title: '', Series: 'G' }, quiet: true },
      { path: 'api/OperationGuide/GetContents', body: { NodeId: 4 }, quiet: true },
    ]);
  });

  it('records and reads views by KnowledgeId, and searches', async () => {
    const { api, calls } = setup();
    await api.recordView(5);
    await api.getViews(5);
    await api.search({ Keyword: '喷嘴', Library: 'download', Language: '', PrevPageNums: 0, TopNums: 10 });
    expect(calls).toEqual([
      { path: 'api/KnowledgeClassify/SaveTouristVolume', body: { KnowledgeId: 5 }, quiet: true },
      { path: 'api/KnowledgeClassify/GetTouristVolume', body: { KnowledgeId: 5 }, quiet: true },
      {
        path: 'api/KnowledgeClassify/SearchAllowAnonymous',
        body: { Keyword: '喷嘴', Library: 'download', Language: '', PrevPageNums: 0, TopNums: 10 },
        quiet: true,
      },
    ]);
  });
});
