import { recordingHttp } from '../support/recording-http';
import { describe, expect, it } from 'vitest';
import { KyKnowledgeApi } from '../../src/adapters/ky/ky-knowledge-api.adapter';
import type { Envelope } from '../../src/contract/envelope';
import type { Article, SearchHit } from '../../src/domain/knowledge/library';
import { knowledgeTree, row } from '../domain/knowledge/knowledge-fixtures';

/** The adapter over an HTTP port that answers `answer` and records what was asked. */
function setup(answer: Envelope<unknown> = { code: 200, info: '', ReturnData: [] }) {
  const { http, calls } = recordingHttp(answer);
  return { api: new KyKnowledgeApi(http), calls };
}

const read = (answer: Envelope<unknown>) => setup(answer).api;

const ARTICLE: Article = { ...row(5, 12), HtmlContent: '<p>Body</p>', Attachments: [] };
const HIT: SearchHit = { ...row(7, 13), Library: 'knowledge', TitleHtml: 'x', Snippet: 'y' };

describe('ky knowledge API', () => {
  it('asks each library its own tree call with the language', async () => {
    const { api, calls } = setup();
    await api.getTree('knowledge', 'en');
    await api.getTree('download', 'zh');
    await api.getTree('guide', 'zh');
    await api.getTree('faults', 'en');
    expect(calls).toEqual([
      { path: 'KnowledgeClassify/GetJstreeDataAllowAnonymous', body: { lang: 'en' }, quiet: true },
      { path: 'SoftwareDownload/GetJstreeData', body: { lang: 'zh' }, quiet: true },
      { path: 'OperationGuide/GetJstreeData', body: { lang: 'zh' }, quiet: true },
      { path: 'CommonFaults/GetJstreeData', body: { lang: 'en' }, quiet: true },
    ]);
  });

  it('lists contents with the filters given, whitespace removed from the label; one article by its Id', async () => {
    const { api, calls } = setup();
    await api.getArticles('knowledge', { nodeId: 12, label: ' noz\tzle ', offset: 10, size: 10 });
    await api.getArticle('faults', 7);
    await api.getArticles('download', { nodeId: 3, title: '', series: 'G' });
    await api.getArticles('guide', { nodeId: 4 });
    expect(calls).toEqual([
      { path: 'KnowledgeClassify/GetContentsAllowAnonymous', body: { NodeId: 12, Lable: 'nozzle', PrevPageNums: 10, TopNums: 10 }, quiet: true },
      { path: 'CommonFaults/GetContents', body: { Id: 7 }, quiet: true },
      { path: 'SoftwareDownload/GetContents', body: { NodeId: 3, Title: '', Series: 'G' }, quiet: true },
      { path: 'OperationGuide/GetContents', body: { NodeId: 4 }, quiet: true },
    ]);
  });

  it('records and reads views by KnowledgeId, and searches', async () => {
    const { api, calls } = setup();
    await api.recordView(5);
    await api.getViews(5);
    await api.search({ keyword: '喷嘴', library: 'download', language: '', offset: 0, size: 10 });
    expect(calls).toEqual([
      { path: 'KnowledgeClassify/SaveTouristVolume', body: { KnowledgeId: 5 }, quiet: true },
      { path: 'KnowledgeClassify/GetTouristVolume', body: { KnowledgeId: 5 }, quiet: true },
      {
        path: 'KnowledgeClassify/SearchAllowAnonymous',
        body: { Keyword: '喷嘴', Library: 'download', Language: '', PrevPageNums: 0, TopNums: 10 },
        quiet: true,
      },
    ]);
  });
});

describe('reading the knowledge answers', () => {
  it('reads the no-data marker as an empty list, whatever the code; rows with the total', async () => {
    const rows = (answer: Envelope<unknown>) => read(answer).getArticles('knowledge', {});
    expect(await rows({ code: 200, info: '', ReturnData: '暂无数据' })).toEqual({ kind: 'list', rows: [], total: 0 });
    expect(await rows({ code: 400, info: '暂无数据' })).toEqual({ kind: 'list', rows: [], total: 0 });
    expect(await rows({ code: 500, info: 'boom' })).toEqual({ kind: 'refused', message: 'boom' });
    expect(await rows({ code: 200, info: '', ReturnData: [row(1, 2), row(2, 2)], ReturnCount: 7 })).toEqual({ kind: 'list', rows: [row(1, 2), row(2, 2)], total: 7 });
    expect(await rows({ code: 200, info: '', ReturnData: [row(1, 2), row(2, 2)] })).toEqual({ kind: 'list', rows: [row(1, 2), row(2, 2)], total: 2 });
    // A ReturnCount below the rows shown is no total.
    expect(await rows({ code: 200, info: '', ReturnData: [row(1, 2)], ReturnCount: 0 })).toMatchObject({ total: 1 });
  });

  it('reads a tree, and its refusal with the info (a visitor on the guide)', async () => {
    expect(await read({ code: 200, info: '', ReturnData: knowledgeTree() }).getTree('knowledge', 'zh')).toEqual({ kind: 'tree', roots: knowledgeTree() });
    expect(await read({ code: 401, info: 'Login has expired, please log in again' }).getTree('guide', 'zh')).toEqual({
      kind: 'refused',
      message: 'Login has expired, please log in again',
    });
    expect(await read({ code: 500, info: 'down' }).getTree('knowledge', 'zh')).toEqual({ kind: 'refused', message: 'down' });
  });

  it('reads one article: found (attachments always a list), missing for the no-data answer (unknown id, another library), or refused', async () => {
    expect(await read({ code: 200, info: '', ReturnData: [ARTICLE] }).getArticle('guide', 5)).toEqual({ kind: 'found', article: ARTICLE });
    const { Attachments: _, ...bare } = ARTICLE;
    expect(await read({ code: 200, info: '', ReturnData: [bare] }).getArticle('guide', 5)).toEqual({ kind: 'found', article: ARTICLE });
    expect(await read({ code: 200, info: '', ReturnData: '暂无数据' }).getArticle('download', 9)).toEqual({ kind: 'missing' });
    expect(await read({ code: 200, info: '', ReturnData: [] }).getArticle('download', 9)).toEqual({ kind: 'missing' });
    expect(await read({ code: 500, info: 'Database down' }).getArticle('knowledge', 3)).toEqual({ kind: 'refused', message: 'Database down' });
  });

  it('reads a view count; a success without a number, or a refusal, records nothing', async () => {
    expect(await read({ code: 200, info: '', ReturnData: 8 }).recordView(5)).toEqual({ kind: 'views', views: 8 });
    expect(await read({ code: 200, info: '', ReturnData: 8 }).getViews(5)).toEqual({ kind: 'views', views: 8 });
    for (const data of ['x', null]) expect(await read({ code: 200, info: '', ReturnData: data }).recordView(5), String(data)).toMatchObject({ kind: 'refused' });
    expect(await read({ code: 429, info: 'Too many requests' }).recordView(5)).toEqual({ kind: 'refused', message: 'Too many requests' });
  });

  it('reads search hits, the no-data answer as no hits, and a refusal', async () => {
    expect(await read({ code: 200, info: 'success', ReturnData: [HIT], ReturnCount: 23 }).search({ keyword: 'x', library: '', language: '', offset: 0, size: 10 })).toEqual({
      kind: 'list',
      rows: [HIT],
      total: 23,
    });
    const request = { keyword: 'xyz', library: '', language: '', offset: 0, size: 10 } as const;
    expect(await read({ code: 200, info: '暂无数据', ReturnData: '暂无数据', ReturnCount: 0 }).search(request)).toEqual({ kind: 'list', rows: [], total: 0 });
    expect(await read({ code: 429, info: 'Too many requests' }).search(request)).toEqual({ kind: 'refused', message: 'Too many requests' });
  });
});
