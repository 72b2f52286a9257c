import { vi, type Mock } from 'vitest';
import type { AdminArticle } from '../../../src/domain/knowledge-admin/article-editor.machine';
import type { AdminNode, ArticleRow, Library } from '../../../src/domain/knowledge/library';
import type { Envelope } from '../../../src/domain/shared/envelope';
import type { KnowledgeAdminApiPort } from '../../../src/ports/knowledge-api.port';
import '../../../src/ui/knowledge-admin/knowledge-admin-ports';
import KnowledgeAdminScreen from '../../../src/ui/knowledge-admin/knowledge-admin-screen';
import { renderRoutes } from '../../support/render-routes';
import { downloadTree, knowledgeTree } from '../../domain/knowledge-admin/admin-tree.fixture';

export type FakeAdminApi = { [K in keyof KnowledgeAdminApiPort]: Mock<KnowledgeAdminApiPort[K]> };

export const ok = <T,>(ReturnData: T, extra: Partial<Envelope<T>> = {}): Envelope<T> => ({ code: 200, info: 'success', ReturnData, ...extra });

export const ROWS: ArticleRow[] = [
  { Id: 42, NodeId: 6, Title: 'Nozzle care', Lable: 'nozzle', Series: 'G', Language: 'en', CreateTime: '2026-03-02T00:00:00Z', ViewCount: 7 },
  { Id: 43, NodeId: 6, Title: 'Lens cleaning', Lable: '', Series: '', Language: 'en', CreateTime: '2026-02-01T00:00:00Z', ViewCount: 0 },
];

export const ARTICLE: AdminArticle = {
  ...ROWS[0],
  Library: 'knowledge',
  HtmlContent: '<h2>Check</h2><p>Clean the <b>nozzle</b> daily.</p>',
  Attachments: [{ Id: 'f1', FileName: 'manual.pdf', Size: 2048, Url: '/api/Knowledge/File/f1/manual.pdf' }],
};

/** A KnowledgeAdminApiPort whose calls are spies answering the fixture trees and articles. */
export function fakeAdminApi(overrides: Partial<FakeAdminApi> = {}): FakeAdminApi {
  const trees: Record<Library, () => AdminNode[]> = { knowledge: knowledgeTree, download: downloadTree, guide: downloadTree, faults: downloadTree };
  return {
    getTree: vi.fn<KnowledgeAdminApiPort['getTree']>(async (library) => ok(trees[library]())),
    getArticles: vi.fn<KnowledgeAdminApiPort['getArticles']>(async (nodeId) =>
      nodeId === 6 ? ok<ArticleRow[] | string>(ROWS, { ReturnCount: 2 }) : ok<ArticleRow[] | string>('暂无数据', { ReturnCount: 0 }),
    ),
    saveNode: vi.fn<KnowledgeAdminApiPort['saveNode']>(async (body) => ok({ Id: body.Id ?? 99 })),
    moveNode: vi.fn<KnowledgeAdminApiPort['moveNode']>(async () => ok(null)),
    deleteNode: vi.fn<KnowledgeAdminApiPort['deleteNode']>(async () => ok(null)),
    getArticle: vi.fn<KnowledgeAdminApiPort['getArticle']>(async () => ok(ARTICLE)),
    saveArticle: vi.fn<KnowledgeAdminApiPort['saveArticle']>(async (body) => ok({ Id: body.Id ?? 77 })),
    deleteArticle: vi.fn<KnowledgeAdminApiPort['deleteArticle']>(async () => ok(null)),
    uploadImage: vi.fn<KnowledgeAdminApiPort['uploadImage']>(async (file) => ok({ Id: 'img1', FileName: file.name, Url: `/api/Knowledge/File/img1/${file.name}` })),
    attachFile: vi.fn<KnowledgeAdminApiPort['attachFile']>(async (_id, file) => ok({ Id: 'f2', FileName: file.name, Size: file.size, Url: `/api/Knowledge/File/f2/${file.name}` })),
    removeAttachment: vi.fn<KnowledgeAdminApiPort['removeAttachment']>(async () => ok(null)),
    ...overrides,
  };
}

/** The staff page in a memory router with fake KnowledgeAdmin calls. */
export function renderAdmin(path = '/staff/knowledge', options: { api?: FakeAdminApi; lang?: 'zh' | 'en' } = {}) {
  const api = options.api ?? fakeAdminApi();
  const view = renderRoutes(path, [{ path: '/staff/knowledge', Component: KnowledgeAdminScreen }], {
    ports: { KnowledgeAdminApiPort: api },
    lang: options.lang,
  });
  return { ...view, api };
}
