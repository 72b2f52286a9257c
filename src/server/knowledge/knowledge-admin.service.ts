import type { Readable } from 'node:stream';
import { roleOf } from '../../domain/knowledge-admin/library-tree';
import { buildTree, isWithin } from '../../domain/knowledge/classification-tree';
import { LIBRARIES, ROOT_NAMES, type AdminNode, type ContentLanguage, type Library } from '../../domain/knowledge/library';
import type { Envelope } from '../../domain/shared/envelope';
import { FileRejectedError, type FileStorePort } from '../../ports/file-store.port';
import type { KnowledgeStore, NodeRecord } from '../../ports/knowledge-store.port';
import { fail, ok } from '../services/service-result';
import { articleInputOf } from './article-input';
import { attachmentOf, rowOf } from './knowledge.service';

/** The two language branches every library (every knowledge classification) holds. */
export const BRANCHES: ReadonlyArray<{ lang: ContentLanguage; name: string; sort: number }> = [
  { lang: 'zh', name: '中文', sort: 0 },
  { lang: 'en', name: 'English', sort: 1 },
];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 64 * 1024 * 1024;

export interface NodeDraft {
  id?: number;
  library: Library;
  parentId: number;
  name: string;
  nameEn: string;
  sort?: number;
}

export interface ArticleEdit {
  id?: number;
  nodeId: number;
  title: string;
  label: string;
  series: string;
  language?: ContentLanguage;
  html: string;
}

const NOT_FOUND = '未查询到数据';

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

  async tree(library: Library): Promise<Envelope<AdminNode[]>> {
    const nodes = await this.store.nodes(library);
    const counts = await this.store.countArticles(nodes.map((n) => n.id));
    return ok(
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

  async saveNode(draft: NodeDraft): Promise<Envelope<{ Id: number } | null>> {
    const name = draft.name.trim();
    const nameEn = draft.nameEn.trim() || name;
    if (!name) return fail(400, 'Name is required');
    if (draft.id !== undefined) {
      const node = await this.store.node(draft.id);
      if (!node || node.library !== draft.library) return fail(404, NOT_FOUND);
      const parent = node.parentId === null ? null : await this.store.node(node.parentId);
      const role = roleOf(node, parent);
      if (role === 'root' || role === 'branch') return fail(400, 'The root and the language branches keep their names');
      await this.store.updateNode(node.id, { name, nameEn, ...(draft.sort !== undefined ? { sort: draft.sort } : {}) });
      this.treesChanged();
      return ok({ Id: node.id });
    }
    const nodes = await this.store.nodes(draft.library);
    const parent = nodes.find((n) => n.id === draft.parentId);
    if (!parent) return fail(400, 'ParentId is not a classification of this library');
    const parentRole = roleOf(parent, nodes.find((n) => n.id === parent.parentId));
    if (parentRole === 'top') return fail(400, 'A classification holds only its two language branches: add the folder below one of them');
    if (parentRole === 'root' && draft.library !== 'knowledge') return fail(400, 'Add the folder below the 中文 or English branch');
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
    return ok({ Id: created.id });
  }

  async moveNode(id: number, parentId: number): Promise<Envelope<null>> {
    const node = await this.store.node(id);
    if (!node) return fail(404, NOT_FOUND);
    const nodes = await this.store.nodes(node.library);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    if (roleOf(node, byId.get(node.parentId ?? -1)) !== 'folder') return fail(400, 'Only folders move; the root, classifications and branches stay');
    const target = byId.get(parentId);
    if (!target) return fail(400, 'ParentId is not a classification of this library');
    if (target.lang === null) return fail(400, 'Move the folder below a language branch or another folder');
    if (target.lang !== node.lang) return fail(400, 'A folder stays in its language: its articles are written in it');
    if (isWithin(nodes, node.id, target.id)) return fail(400, 'A folder cannot move below itself');
    await this.store.updateNode(node.id, { parentId: target.id });
    this.treesChanged();
    return ok(null);
  }

  async deleteNode(id: number): Promise<Envelope<null>> {
    const node = await this.store.node(id);
    if (!node) return fail(404, NOT_FOUND);
    const nodes = await this.store.nodes(node.library);
    const role = roleOf(node, nodes.find((n) => n.id === node.parentId));
    if (role === 'root' || role === 'branch') return fail(400, 'The root and the language branches cannot be deleted');
    if (role === 'top') {
      // A classification goes with its two branches, once they are empty.
      const branches = nodes.filter((n) => n.parentId === node.id);
      for (const b of branches) {
        if (!(await this.store.deleteEmptyNode(b.id))) return fail(400, 'The classification still holds folders or articles: move or delete them first');
      }
    }
    const deleted = await this.store.deleteEmptyNode(node.id);
    this.treesChanged();
    if (!deleted) return fail(400, 'The folder still holds folders or articles: move or delete them first');
    return ok(null);
  }

  async article(id: number) {
    const article = await this.store.article(id);
    if (!article) return fail(404, NOT_FOUND);
    const files = await this.store.attachments(id);
    return ok({ ...rowOf(article), Library: article.library, HtmlContent: article.html, Attachments: files.map(attachmentOf) });
  }

  async articles(nodeId: number, page: { offset: number; limit: number }) {
    const node = await this.store.node(nodeId);
    if (!node) return fail(404, NOT_FOUND);
    const { rows, total } = await this.store.articles(node.library, { nodeIds: [node.id] }, page);
    return ok(rows.map(rowOf), 'success', { ReturnCount: total });
  }

  async saveArticle(edit: ArticleEdit): Promise<Envelope<{ Id: number } | null>> {
    if (!edit.title.trim()) return fail(400, 'Title is required');
    const node = await this.store.node(edit.nodeId);
    if (!node) return fail(400, 'NodeId is not a classification');
    if (node.lang === null) return fail(400, 'Put the article in a folder below a language branch');
    if (edit.language && edit.language !== node.lang) return fail(400, `The folder holds ${node.lang === 'zh' ? 'Chinese' : 'English'} articles`);
    const input = articleInputOf({ library: node.library, nodeId: node.id, title: edit.title, label: edit.label, series: edit.series, language: node.lang, html: edit.html });
    if (!input.plainText && !/<img\b/i.test(input.html)) return fail(400, 'HtmlContent is empty once sanitised');
    if (edit.id === undefined) return ok({ Id: await this.store.addArticle(input) });
    const existing = await this.store.article(edit.id);
    if (!existing) return fail(404, NOT_FOUND);
    await this.store.updateArticle(existing.id, { ...input, sourceKey: existing.sourceKey });
    return ok({ Id: existing.id });
  }

  async deleteArticle(id: number): Promise<Envelope<null>> {
    const article = await this.store.article(id);
    if (!article) return fail(404, NOT_FOUND);
    const files = await this.store.deleteArticle(id);
    await Promise.all(files.map((f) => this.files.remove(f.fileId)));
    return ok(null);
  }

  /** An editor image: a raster image checked by its first bytes, listed until an article refers to it. */
  async addImage(content: Buffer, fileName: string) {
    if (!imageTypeOf(content)) return fail(415, 'Only PNG, JPEG, GIF and WebP images can be inserted');
    return this.storeFile(content, fileName, null, 'image', IMAGE_MAX_BYTES);
  }

  async addAttachment(articleId: number, content: Buffer | Readable, fileName: string) {
    const article = await this.store.article(articleId);
    if (!article) {
      if (!Buffer.isBuffer(content)) content.resume();
      return fail(404, NOT_FOUND);
    }
    return this.storeFile(content, fileName, articleId, 'attachment', ATTACHMENT_MAX_BYTES);
  }

  private async storeFile(content: Buffer | Readable, fileName: string, articleId: number | null, kind: 'image' | 'attachment', maxBytes: number) {
    try {
      const stored = await this.files.put(content, { filename: fileName, maxBytes });
      const record = await this.store.addAttachment({ articleId, fileId: stored.id, fileName, size: stored.size, kind });
      return ok(attachmentOf(record));
    } catch (error) {
      if (error instanceof FileRejectedError) return fail(error.status, error.message);
      throw error;
    }
  }

  async removeAttachment(id: string): Promise<Envelope<null>> {
    const removed = await this.store.removeAttachment(id);
    if (!removed) return fail(404, NOT_FOUND);
    await this.files.remove(removed.fileId);
    return ok(null);
  }

  /** A file of an article for the public file route. */
  async openFile(id: string, fileName: string) {
    const record = await this.store.attachment(id);
    if (!record || record.fileName !== fileName) return null;
    const file = await this.files.open(record.fileId);
    return file ? { record, file } : null;
  }
}
