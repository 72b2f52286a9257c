import type { ComponentType } from 'react';
import { vi, type Mock } from 'vitest';
import type { Article, ArticleRow, ContentLanguage, Library, SearchHit, TreeNode } from '../../../src/domain/knowledge/library';
import type { KnowledgeApiPort } from '../../../src/ports/knowledge-api.port';
import { KnowledgeApiToken } from '../../../src/ports/api-tokens';
import { fake, renderRoutes } from '../../support/render-routes';
import { downloadTree, knowledgeTree, row } from '../../domain/knowledge/knowledge-fixtures';

export const ARTICLE: Article = {
  ...row(7, 13, { Title: '喷嘴的检查与更换', Lable: '喷嘴', ViewCount: 4 }),
  HtmlContent:
    '<h2>步骤</h2><p onclick="alert(1)">先关闭激光。<script>alert(2)</script></p><img src="x" onerror="alert(3)"><a href="https://example.com" target="_top">manual</a><a href="javascript:alert(4)">bad</a><a href="/doc" target="_blank">doc</a>',
  Attachments: [{ Id: 'f1', FileName: 'nozzle-guide.pdf', Size: 2_400_000, Url: '/api/Knowledge/File/f1/nozzle-guide.pdf' }],
};

export const HITS: SearchHit[] = [
  {
    Id: 7,
    NodeId: 13,
    Library: 'knowledge',
    Title: '喷嘴的检查与更换',
    TitleHtml: '<mark>喷嘴</mark>的检查与更换<img src=x onerror="alert(1)">',
    Snippet: '…检查<mark>喷嘴</mark>是否变形 &lt;b&gt;…',
    Lable: '喷嘴',
    Series: 'G',
    Language: 'zh',
    CreateTime: '2026-03-02T08:00:00.000Z',
  },
  {
    Id: 31,
    NodeId: 102,
    Library: 'download',
    Title: 'Nest installer',
    TitleHtml: 'Nest installer',
    Snippet: 'Install the <mark>nozzle</mark> library',
    Lable: '',
    Series: '',
    Language: 'en',
    CreateTime: '2026-03-02T08:00:00.000Z',
  },
];

const treeOf = (library: Library, lang: ContentLanguage): TreeNode[] => (library === 'knowledge' ? knowledgeTree(lang) : downloadTree());

export type FakeKnowledgeApi = { [K in keyof KnowledgeApiPort]: Mock<KnowledgeApiPort[K]> };

/** A KnowledgeApiPort whose calls are spies answering the fixture trees, rows of the folder asked, ARTICLE and HITS. */
export function fakeKnowledgeApi(overrides: Partial<FakeKnowledgeApi> = {}): FakeKnowledgeApi {
  return {
    getTree: vi.fn<KnowledgeApiPort['getTree']>(async (library, lang) => ({ kind: 'tree', roots: treeOf(library, lang) })),
    getArticles: vi.fn<KnowledgeApiPort['getArticles']>(async (_library, query) => {
      const rows: ArticleRow[] = [row(1, query.nodeId ?? 0, { Title: `First of ${query.nodeId}`, Lable: 'nozzle' }), row(2, query.nodeId ?? 0, { Title: `Second of ${query.nodeId}`, Lable: 'lens', Language: 'en' })];
      return { kind: 'list', rows, total: 2 };
    }),
    getArticle: vi.fn<KnowledgeApiPort['getArticle']>(async (_library, id) => ({ kind: 'found', article: { ...ARTICLE, Id: id } })),
    recordView: vi.fn<KnowledgeApiPort['recordView']>(async () => ({ kind: 'views', views: 5 })),
    getViews: vi.fn<KnowledgeApiPort['getViews']>(async () => ({ kind: 'views', views: 5 })),
    search: vi.fn<KnowledgeApiPort['search']>(async () => ({ kind: 'list', rows: HITS, total: 2 })),
    ...overrides,
  };
}

/** Knowledge pages in a memory router with a fake API and the given stored keys. */
export function renderKnowledge(
  path: string,
  routes: Array<{ path: string; Component: ComponentType }>,
  options: { api?: FakeKnowledgeApi; lang?: 'zh' | 'en'; stored?: Record<string, string> } = {},
) {
  const api = options.api ?? fakeKnowledgeApi();
  for (const [key, value] of Object.entries(options.stored ?? {})) window.localStorage.setItem(key, value);
  return { ...renderRoutes(path, routes, { fakes: [fake(KnowledgeApiToken, api)], lang: options.lang }), api };
}
