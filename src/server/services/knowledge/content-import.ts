import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { marked } from 'marked';
import type { ContentLanguage, Library } from '../../../domain/knowledge/library';
import type { FileStorePort } from '../../../ports/file-store.port';
import type { KnowledgeStore, NodeRecord } from '../../../ports/knowledge-store.port';
import { articleInputOf } from './article-input';
import { BRANCHES, type KnowledgeAdminService } from './knowledge-admin.service';
import { knowledgeFileUrl } from './knowledge.service';
import { parseContentFile, type ContentMeta } from './front-matter';

export interface ImportReport {
  added: number;
  updated: number;
  files: number;
  /** Files that could not be imported, with the reason; the others are imported all the same. */
  problems: Array<{ file: string; problem: string }>;
}

interface ImportDeps {
  store: KnowledgeStore;
  files: FileStorePort;
  admin: KnowledgeAdminService;
}

const CONTENT_FILE = /\.(md|markdown|html?)$/i;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i;

/** Every content file below the folder, in a stable order. */
async function contentFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && CONTENT_FILE.test(e.name) && !/^readme\./i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * Loads a folder of Markdown or HTML files with front matter into the libraries (ADR 0007
 * "Import"). An article's key is `library/<path of the file>`: importing again updates it and keeps
 * its views. Images it refers to by relative path, and its attachments, go to the file store.
 */
export async function importContent(dir: string, deps: ImportDeps): Promise<ImportReport> {
  const root = path.resolve(dir);
  await deps.admin.ensureLibraries();
  const report: ImportReport = { added: 0, updated: 0, files: 0, problems: [] };
  for (const file of await contentFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    try {
      const parsed = parseContentFile(await readFile(file, 'utf8'));
      const outcome = await importOne(root, file, relative, parsed.meta, parsed.body, deps);
      report[outcome.added ? 'added' : 'updated']++;
      report.files += outcome.files;
    } catch (error) {
      report.problems.push({ file: relative, problem: (error as Error).message });
    }
  }
  deps.admin.treesChanged();
  return report;
}

/** A file the content refers to, if it lies inside the content folder. */
function insideRoot(root: string, from: string, reference: string): string {
  const target = path.resolve(path.dirname(from), decodeURI(reference.split(/[?#]/)[0]!));
  if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`${reference} lies outside the content folder`);
  return target;
}

/** A file the content refers to, copied into the file store and listed as a file of the article. */
async function storeReferenced(deps: ImportDeps, target: string, articleId: number | null, kind: 'image' | 'attachment') {
  const bytes = await readFile(target);
  const put = await deps.files.put(bytes, { filename: path.basename(target) });
  const detectedType = put.detected?.mime ?? (isPlainSvg(bytes) ? 'image/svg+xml' : null);
  return deps.store.addAttachment({ articleId, fileId: put.id, fileName: put.name, size: put.size, kind, detectedType });
}

/**
 * An SVG of the content folder (the operator's own files, not an upload) that holds nothing
 * active: no script, event handler, foreign object, javascript: link or external reference. Only
 * these are shown inline; uploads never are (file-type tells no SVG; issue 21, item 7).
 */
export function isPlainSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return false;
  return !/<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*["']\s*(?!#)|href\s*=\s*["']\s*(?!#)/i.test(text);
}

async function importOne(root: string, file: string, relative: string, meta: ContentMeta, body: string, deps: ImportDeps) {
  const folder = await folderOf(deps.store, meta);
  const sourceKey = relative.startsWith(`${meta.library}/`) ? relative : `${meta.library}/${relative}`;
  let html = /\.(md|markdown)$/i.test(file) ? await marked.parse(body, { async: true, gfm: true }) : body;

  // Store each image once per article and point the <img> at the stored copy.
  const stored = new Map<string, { id: string; url: string }>();
  for (const [, src] of html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*"([^"]+)"/gi)) {
    if (!src || EXTERNAL.test(src) || stored.has(src)) continue;
    const record = await storeReferenced(deps, insideRoot(root, file, src), null, 'image');
    stored.set(src, { id: record.id, url: knowledgeFileUrl(record) });
  }
  html = html.replace(/(<img\b[^>]*?\bsrc\s*=\s*")([^"]+)(")/gi, (whole, before: string, src: string, after: string) => {
    const found = stored.get(src);
    return found ? `${before}${found.url}${after}` : whole;
  });

  const input = articleInputOf({
    library: meta.library,
    nodeId: folder.id,
    title: meta.title,
    label: meta.label,
    series: meta.series,
    language: meta.language,
    html,
    sourceKey,
    ...(meta.created ? { createdAt: meta.created } : {}),
  });
  const existing = await deps.store.articleBySourceKey(sourceKey);
  let articleId: number;
  if (existing) {
    articleId = existing.id;
    // The files of the earlier import go; this import's copies replace them.
    for (const old of await deps.store.filesOfArticle(articleId)) {
      await deps.store.removeAttachment(old.id);
      await deps.files.remove(old.fileId);
    }
    await deps.store.updateArticle(articleId, input);
  } else {
    articleId = await deps.store.addArticle(input);
  }
  await deps.store.assignFiles([...stored.values()].map((s) => s.id), articleId);
  for (const attachment of meta.attachments) {
    await storeReferenced(deps, insideRoot(root, file, attachment), articleId, 'attachment');
  }
  return { added: !existing, files: stored.size + meta.attachments.length };
}

/** The folder an article goes to, created along its path when missing. */
async function folderOf(store: KnowledgeStore, meta: ContentMeta): Promise<NodeRecord> {
  const nodes = await store.nodes(meta.library);
  const root = nodes.find((n) => n.parentId === null)!;
  let names = meta.path;
  let branchParent = root;
  if (meta.library === 'knowledge') {
    const top = meta.top ?? { zh: names[0]!, en: names[0]! };
    // The first name of the path is the top classification itself when it repeats one of its names.
    if (names[0] && (names[0] === top.zh || names[0] === top.en)) names = names.slice(1);
    branchParent = nodes.find((n) => n.parentId === root.id && (n.name === top.zh || n.nameEn === top.en)) ?? (await store.addNode({ library: meta.library, parentId: root.id, name: top.zh, nameEn: top.en, lang: null, sort: nodes.filter((n) => n.parentId === root.id).length }));
  }
  let current = await branchOf(store, meta.library, branchParent, meta.language);
  for (const name of names) {
    const siblings = (await store.nodes(meta.library)).filter((n) => n.parentId === current.id);
    current = siblings.find((n) => n.name === name) ?? (await store.addNode({ library: meta.library, parentId: current.id, name, nameEn: name, lang: meta.language, sort: siblings.length }));
  }
  return current;
}

async function branchOf(store: KnowledgeStore, library: Library, parent: NodeRecord, language: ContentLanguage): Promise<NodeRecord> {
  const found = (await store.nodes(library)).find((n) => n.parentId === parent.id && n.lang === language);
  if (found) return found;
  const branch = BRANCHES.find((b) => b.lang === language)!;
  return store.addNode({ library, parentId: parent.id, name: branch.name, nameEn: branch.name, lang: language, sort: branch.sort });
}
