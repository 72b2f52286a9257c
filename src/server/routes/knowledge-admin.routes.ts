import * as KnowledgeAdmin from '../../contract/knowledge-admin';
import type { KnowledgeAdminService } from '../knowledge/knowledge-admin.service';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';

/** Staff authoring of the libraries (ADR 0007): classifications and articles; the uploads are in knowledge-files.routes. */
export function knowledgeAdminRoutes(deps: { knowledgeAdmin: KnowledgeAdminService }): ApiRoute[] {
  const admin = deps.knowledgeAdmin;
  return [
    defineRoute({
      call: KnowledgeAdmin.GetTree,
      access: 'staff',
      handle: ({ body }) => admin.tree(body.Library),
    }),
    defineRoute({
      call: KnowledgeAdmin.SaveNode,
      access: 'staff',
      handle: ({ body }) =>
        admin.saveNode({ id: body.Id, library: body.Library, parentId: body.ParentId, name: body.Name, nameEn: body.NameEn, ...(body.Sort !== undefined ? { sort: body.Sort } : {}) }),
    }),
    defineRoute({
      call: KnowledgeAdmin.MoveNode,
      access: 'staff',
      handle: ({ body }) => admin.moveNode(body.Id, body.ParentId),
    }),
    defineRoute({
      call: KnowledgeAdmin.DeleteNode,
      access: 'staff',
      handle: ({ body }) => admin.deleteNode(body.Id),
    }),
    defineRoute({
      call: KnowledgeAdmin.GetArticles,
      access: 'staff',
      handle: ({ body }) => admin.articles(body.NodeId, pageOf(body)),
    }),
    defineRoute({
      call: KnowledgeAdmin.GetArticle,
      access: 'staff',
      handle: ({ body }) => admin.article(body.Id),
    }),
    defineRoute({
      call: KnowledgeAdmin.SaveArticle,
      access: 'staff',
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
      handle: ({ body }) => admin.deleteArticle(body.Id),
    }),
    defineRoute({
      call: KnowledgeAdmin.DeleteAttachment,
      access: 'staff',
      handle: ({ body }) => admin.removeAttachment(body.Id),
    }),
  ];
}
