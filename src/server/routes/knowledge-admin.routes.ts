import { LIBRARIES, type ContentLanguage, type Library } from '../../domain/knowledge/library';
import type { KnowledgeAdminService } from '../knowledge/knowledge-admin.service';
import { defineRoute, pageOf, PAGING, type ApiRoute } from '../route-kit';
import { fail } from '../services/service-result';
import { ID, idOf } from './knowledge.routes';

const LIBRARY = { type: 'string', enum: [...LIBRARIES] } as const;
const byId = { type: 'object', required: ['Id'], properties: { Id: ID } };
const BAD_ID = fail(400, 'Id must be an id');

/** Staff authoring of the libraries (ADR 0007): classifications and articles; the uploads are in knowledge-files.routes. */
export function knowledgeAdminRoutes(deps: { knowledgeAdmin: KnowledgeAdminService }): ApiRoute[] {
  const admin = deps.knowledgeAdmin;
  const staff = <B>(action: string, summary: string, body: Record<string, unknown>, handle: ApiRoute<B>['handle']) =>
    defineRoute<B>({ controller: 'KnowledgeAdmin', action, access: 'staff', summary: `Staff: ${summary}`, body, handle });

  return [
    staff<{ Library: Library }>(
      'GetTree',
      "a library's tree with both names, sort and article counts: [root]",
      { type: 'object', required: ['Library'], properties: { Library: LIBRARY } },
      ({ body }) => admin.tree(body.Library),
    ),
    staff<{ Id?: number | string; Library: Library; ParentId: number | string; Name: string; NameEn?: string; Sort?: number }>(
      'SaveNode',
      'add a classification (Id absent) or rename one; a new top knowledge classification gets its 中文 and English branches',
      {
        type: 'object',
        required: ['Library', 'Name'],
        properties: {
          Id: ID,
          Library: LIBRARY,
          ParentId: ID,
          Name: { type: 'string', maxLength: 100 },
          NameEn: { type: 'string', maxLength: 100 },
          Sort: { type: 'integer', minimum: 0, maximum: 100_000 },
        },
      },
      async ({ body }) => {
        const id = idOf(body.Id);
        const parentId = idOf(body.ParentId);
        if (id === null || parentId === null) return BAD_ID;
        if (id === undefined && parentId === undefined) return fail(400, 'ParentId is required for a new classification');
        return admin.saveNode({
          ...(id !== undefined ? { id } : {}),
          library: body.Library,
          parentId: parentId ?? 0,
          name: body.Name,
          nameEn: body.NameEn ?? '',
          ...(body.Sort !== undefined ? { sort: body.Sort } : {}),
        });
      },
    ),
    staff<{ Id: number | string; ParentId: number | string }>(
      'MoveNode',
      'move a folder below another folder or branch of the same library and language',
      { type: 'object', required: ['Id', 'ParentId'], properties: { Id: ID, ParentId: ID } },
      async ({ body }) => {
        const id = idOf(body.Id);
        const parentId = idOf(body.ParentId);
        return id && parentId ? admin.moveNode(id, parentId) : BAD_ID;
      },
    ),
    staff<{ Id: number | string }>('DeleteNode', 'delete an empty classification (400 while it holds folders or articles)', byId, async ({ body }) => {
      const id = idOf(body.Id);
      return id ? admin.deleteNode(id) : BAD_ID;
    }),
    staff<{ NodeId: number | string; PrevPageNums?: number; TopNums?: number }>(
      'GetArticles',
      'the articles of one folder (not below it), newest first; ReturnCount is the total',
      { type: 'object', required: ['NodeId'], properties: { NodeId: ID, ...PAGING.properties } },
      async ({ body }) => {
        const id = idOf(body.NodeId);
        return id ? admin.articles(id, pageOf(body)) : BAD_ID;
      },
    ),
    staff<{ Id: number | string }>('GetArticle', 'an article of any library with its body and attachments', byId, async ({ body }) => {
      const id = idOf(body.Id);
      return id ? admin.article(id) : BAD_ID;
    }),
    staff<{ Id?: number | string; NodeId: number | string; Title: string; Lable?: string; Series?: string; Language?: string; HtmlContent: string }>(
      'SaveArticle',
      'write a new article (Id absent) or change one; saving with another NodeId moves it. The HTML is sanitised',
      {
        type: 'object',
        required: ['NodeId', 'Title', 'HtmlContent'],
        properties: {
          Id: ID,
          NodeId: ID,
          Title: { type: 'string', maxLength: 200 },
          Lable: { type: 'string', maxLength: 100 },
          Series: { type: 'string', maxLength: 50 },
          Language: { type: 'string', enum: ['zh', 'en', ''] },
          HtmlContent: { type: 'string', maxLength: 1_000_000 },
        },
      },
      async ({ body }) => {
        const id = idOf(body.Id);
        const nodeId = idOf(body.NodeId);
        if (id === null || !nodeId) return BAD_ID;
        return admin.saveArticle({
          ...(id !== undefined ? { id } : {}),
          nodeId,
          title: body.Title,
          label: body.Lable ?? '',
          series: body.Series ?? '',
          ...(body.Language ? { language: body.Language as ContentLanguage } : {}),
          html: body.HtmlContent,
        });
      },
    ),
    staff<{ Id: number | string }>('DeleteArticle', 'delete an article and its files', byId, async ({ body }) => {
      const id = idOf(body.Id);
      return id ? admin.deleteArticle(id) : BAD_ID;
    }),
    staff<{ Id: string }>(
      'DeleteAttachment',
      'remove a file of an article',
      { type: 'object', required: ['Id'], properties: { Id: { type: 'string', maxLength: 64 } } },
      ({ body }) => admin.removeAttachment(body.Id),
    ),
  ];
}
