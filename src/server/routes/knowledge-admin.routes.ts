import * as KnowledgeAdmin from '../../contract/knowledge-admin';
import type { KnowledgeAdminService } from '../services/knowledge/knowledge-admin.service';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';

/** Staff authoring of the libraries (ADR 0007): classifications and articles; the uploads are in knowledge-files.routes. */
export function knowledgeAdminRoutes(deps: { knowledgeAdmin: KnowledgeAdminService }): ApiRoute[] {
  const admin = deps.knowledgeAdmin;
  return [
    defineRoute({
      call: KnowledgeAdmin.GetTree,
      access: 'staff',
      audit: 'read',
      handle: ({ body }) => admin.tree(body.Library),
    }),
    defineRoute({
      call: KnowledgeAdmin.SaveNode,
      access: 'staff',
      audit: { object: (body, data) => `kb-node:${data?.Id ?? body.Id ?? 'new'}`, before: (body) => admin.nodeState(body.Id) },
      handle: ({ body }) =>
        admin.saveNode({ id: body.Id, library: body.Library, parentId: body.ParentId, name: body.Name, nameEn: body.NameEn, ...(body.Sort !== undefined ? { sort: body.Sort } : {}) }),
    }),
    defineRoute({
      call: KnowledgeAdmin.MoveNode,
      access: 'staff',
      audit: { object: (body) => `kb-node:${body.Id}`, before: (body) => admin.nodeState(body.Id), after: (body) => ({ ParentId: body.ParentId }) },
      handle: ({ body }) => admin.moveNode(body.Id, body.ParentId),
    }),
    defineRoute({
      call: KnowledgeAdmin.DeleteNode,
      access: 'staff',
      audit: { object: (body) => `kb-node:${body.Id}`, before: (body) => admin.nodeState(body.Id) },
      handle: ({ body }) => admin.deleteNode(body.Id),
    }),
    defineRoute({
      call: KnowledgeAdmin.GetArticles,
      access: 'staff',
      audit: 'read',
      handle: ({ body }) => admin.articles(body.NodeId, pageOf(body)),
    }),
    defineRoute({
      call: KnowledgeAdmin.GetArticle,
      access: 'staff',
      audit: 'read',
      handle: ({ body }) => admin.article(body.Id),
    }),
    defineRoute({
      call: KnowledgeAdmin.SaveArticle,
      access: 'staff',
      audit: {
        object: (body, data) => `kb-article:${data?.Id ?? body.Id ?? 'new'}`,
        before: (body) => admin.articleState(body.Id),
        after: (body, data) => (data ? admin.articleState(data.Id) : null),
      },
      handle: ({ body }) =>
        admin.saveArticle({
          id: body.Id,
          nodeId: body.NodeId,
          title: body.Title,
          label: body.Lable,
          series: body.Series,
          language: body.Language,
          html: body.HtmlContent,
        }),
    }),
    defineRoute({
      call: KnowledgeAdmin.DeleteArticle,
      access: 'staff',
      audit: { object: (body) => `kb-article:${body.Id}`, before: (body) => admin.articleState(body.Id) },
      handle: ({ body }) => admin.deleteArticle(body.Id),
    }),
    defineRoute({
      call: KnowledgeAdmin.DeleteAttachment,
      access: 'staff',
      audit: { object: (body) => `kb-file:${body.Id}`, before: (body) => admin.attachmentState(body.Id) },
      handle: ({ body }) => admin.removeAttachment(body.Id),
    }),
  ];
}
