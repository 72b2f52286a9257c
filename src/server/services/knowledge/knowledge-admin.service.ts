import type { Readable } from 'node:stream';
import { roleOf } from '../../../domain/knowledge-admin/library-tree';
import { buildTree, isWithin } from '../../../domain/knowledge/classification-tree';
import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES, LIBRARIES, ROOT_NAMES, type AdminNode, type Article, type ArticleRow, type Attachment, type ContentLanguage, type Library } from '../../../domain/knowledge/library';
import { FileRejectedError, type FileStorePort } from '../../../ports/file-store.port';
import type { Page } from '../../../ports/cam-store.port';
import type { KnowledgeStore, NodeRecord } from '../../../ports/knowledge-store.port';
import { done, refuse, type Outcome } from '../../outcome';
import { articleInputOf } from './article-input';
import { attachmentOf, rowOf } from './knowledge.service';
import { idOf } from './wire-id';

/** The two language branches every library (every knowledge classification) holds. */
export const BRANCHES: ReadonlyArray<{ lang: ContentLanguage; name: string; sort: number }> = [
  { lang: 'zh', name: '中文', sort: 0 },
  { lang: 'en', name: 'English', sort: 1 },
];

/** A classification as SaveNode sends it: ids as sent (checked here); no id adds one. */
export interface NodeDraft {
  id?: unknown;
  library: Library;
  parentId?: unknown;
  name: string;
  nameEn?: string;
  sort?: number;
}

/** An article as SaveArticle sends it: ids as sent (checked here); no id writes a new one. */
export interface ArticleEdit {
  id?: unknown;
  nodeId: unknown;
  title: string;
  label?: string;
  series?: string;
  /** '' or absent: the folder's language. */
  language?: string;
  html: string;
}

/** The refusals of storing a file: the store's own words about the name or the size. */
type FileRefusal = 'badFileName' | 'overStoreLimit';

const LANGUAGE_NAMES: Record<ContentLanguage, string> = { zh: 'Chinese', en: 'English' };

/** Raster images by their first bytes: what the editor may upload (an SVG could carry script). */
export function imageTypeOf(head: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Staff authoring of the four libraries (ADR 0007): classifications, articles and their files. */
export class KnowledgeAdminService {
  constructor(
    private readonly store: KnowledgeStore,
    private readonly files: FileStorePort,
    /** Told after every change of a classification (the reading side caches trees). */
    readonly treesChanged: () => void = () => {},
  ) {}

  /** Creates the roots (and the branches of download, guide and faults) that do not exist yet. */
  async ensureLibraries(): Promise<void> {
    for (const library of LIBRARIES) {
      const nodes = await this.store.nodes(library);
      let root = nodes.find((n) => n.parentId === null);
      if (!root) root = await this.store.addNode({ library, parentId: null, name: ROOT_NAMES[library], nameEn: ROOT_NAMES[library], lang: null, sort: 0 });
      if (library !== 'knowledge') await this.ensureBranches(root, nodes);
    }
    this.treesChanged();
  }

  private async ensureBranches(parent: NodeRecord, nodes: readonly NodeRecord[]): Promise<NodeRecord[]> {
    const out: NodeRecord[] = [];
    for (const b of BRANCHES) {
      const found = nodes.find((n) => n.parentId === parent.id && n.lang === b.lang);
      out.push(found ?? (await this.store.addNode({ library: parent.library, parentId: parent.id, name: b.name, nameEn: b.name, lang: b.lang, sort: b.sort })));
    }
    return out;
  }

  async tree(library: Library): Promise<Outcome<AdminNode[]>> {
    const nodes = await this.store.nodes(library);
    const counts = await this.store.countArticles(nodes.map((n) => n.id));
    return done(
      buildTree(nodes, (n: NodeRecord, children: AdminNode[]): AdminNode => ({
        id: n.id,
        library: n.library,
        parentId: n.parentId,
        name: n.name,
        nameEn: n.nameEn,
        lang: n.lang,
        sort: n.sort,
        articleCount: counts.get(n.id) ?? 0,
        children,
      })),
    );
  }

  /** `SaveNode`: renames a classification (with an id) or adds one below ParentId. */
  async saveNode(
    draft: NodeDraft,
  ): Promise<Outcome<{ Id: number }, 'badId' | 'parentRequired' | 'nameRequired' | 'unknownNode' | 'fixedName' | 'badParent' | 'belowClassification' | 'belowRoot'>> {
    const id = idOf(draft.id);
    const parentId = idOf(draft.parentId);
    if (id === null || parentId === null) return refuse('badId');
    if (id === undefined && parentId === undefined) return refuse('parentRequired');
    const name = draft.name.trim();
    const nameEn = (draft.nameEn ?? '').trim() || name;
    if (!name) return refuse('nameRequired');
    if (id !== undefined) {
      const node = await this.store.node(id);
      if (!node || node.library !== draft.library) return refuse('unknownNode');
      const parent = node.parentId === null ? null : await this.store.node(node.parentId);
      const role = roleOf(node, parent);
      if (role === 'root' || role === 'branch') return refuse('fixedName');
      await this.store.updateNode(node.id, { name, nameEn, ...(draft.sort !== undefined ? { sort: draft.sort } : {}) });
      this.treesChanged();
      return done({ Id: node.id });
    }
    const nodes = await this.store.nodes(draft.library);
    const parent = nodes.find((n) => n.id === parentId);
    if (!parent) return refuse('badParent');
    const parentRole = roleOf(parent, nodes.find((n) => n.id === parent.parentId));
    if (parentRole === 'top') return refuse('belowClassification');
    if (parentRole === 'root' && draft.library !== 'knowledge') return refuse('belowRoot');
    const created = await this.store.addNode({
      library: draft.library,
      parentId: parent.id,
      name,
      nameEn,
      lang: parent.lang,
      sort: draft.sort ?? nodes.filter((n) => n.parentId === parent.id).length,
    });
    if (parentRole === 'root') await this.ensureBranches(created, []);
    this.treesChanged();
    return done({ Id: created.id });
  }

  /** `MoveNode`: a folder goes below another folder or branch of its library and language, never below itself. */
  async moveNode(
    idInput: unknown,
    parentIdInput: unknown,
  ): Promise<Outcome<null, 'badId' | 'unknownNode' | 'notFolder' | 'badParent' | 'outsideBranch' | 'otherLanguage' | 'belowItself'>> {
    const id = idOf(idInput);
    const parentId = idOf(parentIdInput);
    if (!id || !parentId) return refuse('badId');
    const node = await this.store.node(id);
    if (!node) return refuse('unknownNode');
    const nodes = await this.store.nodes(node.library);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    if (roleOf(node, byId.get(node.parentId ?? -1)) !== 'folder') return refuse('notFolder');
    const target = byId.get(parentId);
    if (!target) return refuse('badParent');
    if (target.lang === null) return refuse('outsideBranch');
    if (target.lang !== node.lang) return refuse('otherLanguage');
    if (isWithin(nodes, node.id, target.id)) return refuse('belowItself');
    await this.store.updateNode(node.id, { parentId: target.id });
    this.treesChanged();
    return done(null);
  }

  /** `DeleteNode`: an empty folder, or a knowledge classification with its two empty branches. */
  async deleteNode(idInput: unknown): Promise<Outcome<null, 'badId' | 'unknownNode' | 'fixed' | 'classificationNotEmpty' | 'folderNotEmpty'>> {
    const id = idOf(idInput);
    if (!id) return refuse('badId');
    const node = await this.store.node(id);
    if (!node) return refuse('unknownNode');
    const nodes = await this.store.nodes(node.library);
    const role = roleOf(node, nodes.find((n) => n.id === node.parentId));
    if (role === 'root' || role === 'branch') return refuse('fixed');
    if (role === 'top') {
      // A classification goes with its two branches, once they are empty.
      const branches = nodes.filter((n) => n.parentId === node.id);
      for (const b of branches) {
        if (!(await this.store.deleteEmptyNode(b.id))) return refuse('classificationNotEmpty');
      }
    }
    const deleted = await this.store.deleteEmptyNode(node.id);
    this.treesChanged();
    if (!deleted) return refuse('folderNotEmpty');
    return done(null);
  }

  /** `GetArticle`: an article of any library with its body and attachments. */
  async article(idInput: unknown): Promise<Outcome<Article & { Library: Library }, 'badId' | 'unknownArticle'>> {
    const id = idOf(idInput);
    if (!id) return refuse('badId');
    const article = await this.store.article(id);
    if (!article) return refuse('unknownArticle');
    const files = await this.store.attachments(id);
    return done({ ...rowOf(article), Library: article.library, HtmlContent: article.html, Attachments: files.map(attachmentOf) });
  }

  /** `GetArticles`: one folder's articles (not below it), newest first, and their total. */
  async articles(nodeIdInput: unknown, page: Page): Promise<Outcome<ArticleRow[], 'badId' | 'unknownNode'>> {
    const nodeId = idOf(nodeIdInput);
    if (!nodeId) return refuse('badId');
    const node = await this.store.node(nodeId);
    if (!node) return refuse('unknownNode');
    const { rows, total } = await this.store.articles(node.library, { nodeIds: [node.id] }, page);
    return done(rows.map(rowOf), total);
  }

  /** `SaveArticle`: writes a new article or changes one (another folder moves it); the body is sanitised and must show something. */
  async saveArticle(
    edit: ArticleEdit,
  ): Promise<Outcome<{ Id: number }, 'badId' | 'titleRequired' | 'unknownFolder' | 'outsideBranch' | 'otherLanguage' | 'emptyBody' | 'unknownArticle'>> {
    const id = idOf(edit.id);
    const nodeId = idOf(edit.nodeId);
    if (id === null || !nodeId) return refuse('badId');
    if (!edit.title.trim()) return refuse('titleRequired');
    const node = await this.store.node(nodeId);
    if (!node) return refuse('unknownFolder');
    if (node.lang === null) return refuse('outsideBranch');
    if (edit.language && edit.language !== node.lang) return refuse('otherLanguage', { language: LANGUAGE_NAMES[node.lang] });
    const input = articleInputOf({ library: node.library, nodeId: node.id, title: edit.title, label: edit.label ?? '', series: edit.series ?? '', language: node.lang, html: edit.html });
    if (!input.plainText && !/<img\b/i.test(input.html)) return refuse('emptyBody');
    if (id === undefined) return done({ Id: await this.store.addArticle(input) });
    const existing = await this.store.article(id);
    if (!existing) return refuse('unknownArticle');
    await this.store.updateArticle(existing.id, { ...input, sourceKey: existing.sourceKey });
    return done({ Id: existing.id });
  }

  /** `DeleteArticle`: the article and its files. */
  async deleteArticle(idInput: unknown): Promise<Outcome<null, 'badId' | 'unknownArticle'>> {
    const id = idOf(idInput);
    if (!id) return refuse('badId');
    const article = await this.store.article(id);
    if (!article) return refuse('unknownArticle');
    const files = await this.store.deleteArticle(id);
    await Promise.all(files.map((f) => this.files.remove(f.fileId)));
    return done(null);
  }

  /** An editor image: a raster image checked by its first bytes, listed until an article refers to it. */
  async addImage(content: Buffer, fileName: string): Promise<Outcome<Attachment, 'notAnImage' | FileRefusal>> {
    if (!imageTypeOf(content)) return refuse('notAnImage');
    return this.storeFile(content, fileName, null, 'image', IMAGE_MAX_BYTES);
  }

  /** A file attached to an article; the upload's ArticleId as sent. */
  async addAttachment(articleIdInput: unknown, content: Buffer | Readable, fileName: string): Promise<Outcome<Attachment, 'articleIdFirst' | 'unknownArticle' | FileRefusal>> {
    const articleId = idOf(articleIdInput);
    const article = articleId ? await this.store.article(articleId) : null;
    if (!articleId || !article) {
      if (!Buffer.isBuffer(content)) content.resume();
      return refuse(articleId ? 'unknownArticle' : 'articleIdFirst');
    }
    return this.storeFile(content, fileName, articleId, 'attachment', ATTACHMENT_MAX_BYTES);
  }

  private async storeFile(
    content: Buffer | Readable,
    fileName: string,
    articleId: number | null,
    kind: 'image' | 'attachment',
    maxBytes: number,
  ): Promise<Outcome<Attachment, FileRefusal>> {
    try {
      const stored = await this.files.put(content, { filename: fileName, maxBytes });
      // The clean name and the type told by the content are kept; the name's extension decides nothing (issue 21, item 7).
      const record = await this.store.addAttachment({ articleId, fileId: stored.id, fileName: stored.name, size: stored.size, kind, detectedType: stored.detected?.mime ?? null });
      return done(attachmentOf(record));
    } catch (error) {
      if (error instanceof FileRejectedError) return refuse(error.status === 413 ? 'overStoreLimit' : 'badFileName', { reason: error.message });
      throw error;
    }
  }

  /** `DeleteAttachment`: a file of an article, from the list and the store. */
  async removeAttachment(id: string): Promise<Outcome<null, 'unknownAttachment'>> {
    const removed = await this.store.removeAttachment(id);
    if (!removed) return refuse('unknownAttachment');
    await this.files.remove(removed.fileId);
    return done(null);
  }

  /** A classification or folder as it is now (the audit log's "before"), null for none. */
  async nodeState(idInput: unknown): Promise<unknown> {
    const id = idOf(idInput);
    return id ? this.store.node(id) : null;
  }

  /** An article as it is now, without its search index (the audit log's "before"), null for none. */
  async articleState(idInput: unknown): Promise<unknown> {
    const id = idOf(idInput);
    const article = id ? await this.store.article(id) : null;
    if (!article) return null;
    return { id: article.id, library: article.library, nodeId: article.nodeId, title: article.title, label: article.label, series: article.series, language: article.language, html: article.html };
  }

  /** An attachment as it is now (the audit log's "before"), null for none. */
  async attachmentState(id: string): Promise<unknown> {
    return this.store.attachment(id);
  }

  /** A file of an article for the public file route. */
  async openFile(id: string, fileName: string) {
    const record = await this.store.attachment(id);
    if (!record || record.fileName !== fileName) return null;
    const file = await this.files.open(record.fileId);
    return file ? { record, file } : null;
  }
}
