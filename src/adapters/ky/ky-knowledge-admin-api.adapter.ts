import { inject, injectable } from 'inversify';
import type { AdminNode, Article, ArticleRow, Library } from '../../domain/knowledge/library';
import type { Envelope } from '../../domain/shared/envelope';
import type { KnowledgeAdminApiPort, SaveArticleBody, SaveNodeBody } from '../../ports/knowledge-api.port';
import type { PortalHttpPort, PortalUploadPort } from '../../ports/portal-http.port';
import { PortalHttpToken, PortalUploadToken } from '../../ports/tokens';

// The staff page shows refusals itself (next to the form or dialog that asked, or the staff-only
// note for a 403), so these calls do not also toast them.
const QUIET = { quiet: true } as const;

/** KnowledgeAdminApiPort over the portal HTTP port: the KnowledgeAdmin calls of ADR 0007 and the two multipart uploads. */
@injectable()
export class KyKnowledgeAdminApi implements KnowledgeAdminApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalUploadToken) private readonly uploads: PortalUploadPort,
  ) {}

  getTree(library: Library, signal?: AbortSignal): Promise<Envelope<AdminNode[]>> {
    return this.http.call<AdminNode[]>('api/KnowledgeAdmin/GetTree', { Library: library }, signal, QUIET);
  }

  getArticles(nodeId: number, page: { offset: number; size: number }, signal?: AbortSignal): Promise<Envelope<ArticleRow[] | string>> {
    return this.http.call<ArticleRow[] | string>('api/KnowledgeAdmin/GetArticles', { NodeId: nodeId, PrevPageNums: page.offset, TopNums: page.size }, signal, QUIET);
  }

  saveNode(body: SaveNodeBody, signal?: AbortSignal): Promise<Envelope<{ Id: number }>> {
    return this.http.call<{ Id: number }>('api/KnowledgeAdmin/SaveNode', body, signal, QUIET);
  }

  moveNode(id: number, parentId: number, signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/KnowledgeAdmin/MoveNode', { Id: id, ParentId: parentId }, signal, QUIET);
  }

  deleteNode(id: number, signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/KnowledgeAdmin/DeleteNode', { Id: id }, signal, QUIET);
  }

  getArticle(id: number, signal?: AbortSignal): Promise<Envelope<Article & { Library: Library }>> {
    return this.http.call<Article & { Library: Library }>('api/KnowledgeAdmin/GetArticle', { Id: id }, signal, QUIET);
  }

  saveArticle(body: SaveArticleBody, signal?: AbortSignal): Promise<Envelope<{ Id: number }>> {
    return this.http.call<{ Id: number }>('api/KnowledgeAdmin/SaveArticle', body, signal, QUIET);
  }

  deleteArticle(id: number, signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/KnowledgeAdmin/DeleteArticle', { Id: id }, signal, QUIET);
  }

  uploadImage(file: File, signal?: AbortSignal): Promise<Envelope<{ Id: string; FileName: string; Url: string }>> {
    const form = new FormData();
    form.append('file', file, file.name);
    return this.uploads.upload<{ Id: string; FileName: string; Url: string }>('api/KnowledgeAdmin/UploadImage', form, signal, QUIET);
  }

  attachFile(articleId: number, file: File, signal?: AbortSignal): Promise<Envelope<{ Id: string; FileName: string; Size: number; Url: string }>> {
    // The server reads the fields in order: ArticleId must come before the file.
    const form = new FormData();
    form.append('ArticleId', String(articleId));
    form.append('file', file, file.name);
    return this.uploads.upload<{ Id: string; FileName: string; Size: number; Url: string }>('api/KnowledgeAdmin/UploadAttachment', form, signal, QUIET);
  }

  removeAttachment(id: string, signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/KnowledgeAdmin/DeleteAttachment', { Id: id }, signal, QUIET);
  }
}
