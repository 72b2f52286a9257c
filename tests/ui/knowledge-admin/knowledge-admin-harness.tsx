import { vi, type Mock } from 'vitest';
import type { AdminArticle } from '../../../src/domain/knowledge-admin/article-editor.machine';
import type { AdminNode, ArticleRow, Library } from '../../../src/domain/knowledge/library';
import type { KnowledgeAdminApiPort } from '../../../src/ports/knowledge-api.port';
import { KnowledgeAdminApiToken } from '../../../src/ports/api-tokens';
import KnowledgeAdminScreen from '../../../src/ui/knowledge-admin/knowledge-admin-screen';
import { fake, renderRoutes } from '../../support/render-routes';
import { downloadTree, knowledgeTree } from '../../domain/knowledge-admin/admin-tree.fixture';

export type FakeAdminApi = { [K in keyof KnowledgeAdminApiPort]: Mock<KnowledgeAdminApiPort[K]> };

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
    getTree: vi.fn<KnowledgeAdminApiPort['getTree']>(async (library) => ({ kind: 'tree', roots: trees[library]() })),
    getArticles: vi.fn<KnowledgeAdminApiPort['getArticles']>(async (nodeId) => (nodeId === 6 ? { kind: 'list', rows: ROWS, total: 2 } : { kind: 'list', rows: [], total: 0 })),
    saveNode: vi.fn<KnowledgeAdminApiPort['saveNode']>(async (body) => ({ kind: 'saved', id: body.Id ?? 99 })),
    moveNode: vi.fn<KnowledgeAdminApiPort['moveNode']>(async () => ({ kind: 'done' })),
    deleteNode: vi.fn<KnowledgeAdminApiPort['deleteNode']>(async () => ({ kind: 'done' })),
    getArticle: vi.fn<KnowledgeAdminApiPort['getArticle']>(async () => ({ kind: 'found', article: ARTICLE })),
    saveArticle: vi.fn<KnowledgeAdminApiPort['saveArticle']>(async (body) => ({ kind: 'saved', id: body.Id ?? 77 })),
    deleteArticle: vi.fn<KnowledgeAdminApiPort['deleteArticle']>(async () => ({ kind: 'done' })),
    uploadImage: vi.fn<KnowledgeAdminApiPort['uploadImage']>(async (file) => ({ kind: 'uploaded', url: `/api/Knowledge/File/img1/${file.name}` })),
    attachFile: vi.fn<KnowledgeAdminApiPort['attachFile']>(async (_id, file) => ({
      kind: 'attached',
      attachment: { Id: 'f2', FileName: file.name, Size: file.size, Url: `/api/Knowledge/File/f2/${file.name}` },
    })),
    removeAttachment: vi.fn<KnowledgeAdminApiPort['removeAttachment']>(async () => ({ kind: 'done' })),
    ...overrides,
  };
}

/** The staff page in a memory router with fake KnowledgeAdmin calls. */
export function renderAdmin(path = '/staff/knowledge', options: { api?: FakeAdminApi; lang?: 'zh' | 'en' } = {}) {
  const api = options.api ?? fakeAdminApi();
  const view = renderRoutes(path, [{ path: '/staff/knowledge', Component: KnowledgeAdminScreen }], {
    fakes: [fake(KnowledgeAdminApiToken, api)],
    lang: options.lang,
  });
  return { ...view, api };
}
