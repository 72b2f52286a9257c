import { inject, injectable } from 'inversify';
import { isSuccess, type Envelope } from '../../contract/envelope';
import * as KnowledgeAdmin from '../../contract/knowledge-admin';
import type { SaveArticleRequest } from '../../domain/knowledge-admin/article-draft';
import type { AdminArticle, AdminArticleAnswer, AttachAnswer, DoneAnswer, SaveArticleAnswer } from '../../domain/knowledge-admin/article-editor.machine';
import type { AdminTreeAnswer } from '../../domain/knowledge-admin/library-editor.machine';
import type { AdminNode, ArticleRow, Attachment, Library, ListAnswer } from '../../domain/knowledge/library';
import { refused } from '../../domain/shared/refused';
import type { KnowledgeAdminApiPort, SaveNodeAnswer, SaveNodeBody, UploadImageAnswer } from '../../ports/knowledge-api.port';
import type { PortalHttpPort, PortalUploadPort } from '../../ports/portal-http.port';
import { PortalHttpToken, PortalUploadToken } from '../../ports/api-tokens';
import { listAnswerOf } from './ky-knowledge-api.adapter';

// The staff page shows refusals itself (next to the form or dialog that asked, or the staff-only
// note for a 403), so these calls do not also toast them.
const QUIET = { quiet: true } as const;

/** What the server answers a caller who is not staff (the access check, before any call). */
const STAFF_ONLY_CODE = 403;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The id of a success that answers `{ Id }`, or null. */
const idOf = (answer: Envelope<unknown>): number | null => {
  const id = isSuccess(answer) && isObject(answer.ReturnData) ? answer.ReturnData.Id : null;
  return typeof id === 'number' ? id : null;
};

/** A call that answers nothing but success. */
const doneOf = (answer: Envelope<unknown>): DoneAnswer => (isSuccess(answer) ? { kind: 'done' } : refused(answer.info));

/** KnowledgeAdminApiPort over the portal HTTP port: the KnowledgeAdmin calls of ADR 0007 and the two multipart uploads, read into domain answers. */
@injectable()
export class KyKnowledgeAdminApi implements KnowledgeAdminApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalUploadToken) private readonly uploads: PortalUploadPort,
  ) {}

  async getTree(library: Library, signal?: AbortSignal): Promise<AdminTreeAnswer> {
    const answer = await this.http.call(KnowledgeAdmin.GetTree, { Library: library }, signal, QUIET);
    if (answer.code === STAFF_ONLY_CODE) return { kind: 'forbidden' };
    // A library always has its root: an answer without one is no tree.
    const roots = isSuccess(answer) && Array.isArray(answer.ReturnData) ? (answer.ReturnData as AdminNode[]) : [];
    return roots.length ? { kind: 'tree', roots } : refused(answer.info);
  }

  async getArticles(nodeId: number, page: { offset: number; size: number }, signal?: AbortSignal): Promise<ListAnswer<ArticleRow>> {
    return listAnswerOf<ArticleRow>(await this.http.call(KnowledgeAdmin.GetArticles, { NodeId: nodeId, PrevPageNums: page.offset, TopNums: page.size }, signal, QUIET));
  }

  async saveNode(body: SaveNodeBody, signal?: AbortSignal): Promise<SaveNodeAnswer> {
    const answer = await this.http.call(KnowledgeAdmin.SaveNode, { ...body }, signal, QUIET);
    const id = idOf(answer);
    return id === null ? refused(answer.info) : { kind: 'saved', id };
  }

  async moveNode(id: number, parentId: number, signal?: AbortSignal): Promise<DoneAnswer> {
    return doneOf(await this.http.call(KnowledgeAdmin.MoveNode, { Id: id, ParentId: parentId }, signal, QUIET));
  }

  async deleteNode(id: number, signal?: AbortSignal): Promise<DoneAnswer> {
    return doneOf(await this.http.call(KnowledgeAdmin.DeleteNode, { Id: id }, signal, QUIET));
  }

  async getArticle(id: number, signal?: AbortSignal): Promise<AdminArticleAnswer> {
    const answer = await this.http.call(KnowledgeAdmin.GetArticle, { Id: id }, signal, QUIET);
    const article = answer.ReturnData;
    if (isSuccess(answer) && isObject(article) && typeof article.Id === 'number') return { kind: 'found', article: article as AdminArticle };
    return refused(answer.info);
  }

  async saveArticle(body: SaveArticleRequest, signal?: AbortSignal): Promise<SaveArticleAnswer> {
    const answer = await this.http.call(KnowledgeAdmin.SaveArticle, { ...body }, signal, QUIET);
    const id = idOf(answer);
    return id === null ? refused(answer.info) : { kind: 'saved', id };
  }

  async deleteArticle(id: number, signal?: AbortSignal): Promise<DoneAnswer> {
    return doneOf(await this.http.call(KnowledgeAdmin.DeleteArticle, { Id: id }, signal, QUIET));
  }

  async uploadImage(file: File, signal?: AbortSignal): Promise<UploadImageAnswer> {
    const form = new FormData();
    form.append('file', file, file.name);
    const answer = await this.uploads.upload<Attachment>(KnowledgeAdmin.UploadImage.path, form, signal, QUIET);
    const url = isSuccess(answer) && isObject(answer.ReturnData) ? answer.ReturnData.Url : null;
    return typeof url === 'string' && url ? { kind: 'uploaded', url } : refused(answer.info);
  }

  async attachFile(articleId: number, file: File, signal?: AbortSignal): Promise<AttachAnswer> {
    // The server reads the fields in order: ArticleId must come before the file.
    const form = new FormData();
    form.append('ArticleId', String(articleId));
    form.append('file', file, file.name);
    const answer = await this.uploads.upload<Attachment>(KnowledgeAdmin.UploadAttachment.path, form, signal, QUIET);
    return isSuccess(answer) && isObject(answer.ReturnData) ? { kind: 'attached', attachment: answer.ReturnData } : refused(answer.info);
  }

  async removeAttachment(id: string, signal?: AbortSignal): Promise<DoneAnswer> {
    return doneOf(await this.http.call(KnowledgeAdmin.DeleteAttachment, { Id: id }, signal, QUIET));
  }
}
