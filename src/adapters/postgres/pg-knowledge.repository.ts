import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContentLanguage, Library } from '../../domain/knowledge/library';
import { combinations } from '../../domain/knowledge/search-terms';
import type { Page } from '../../ports/cam-store.port';
import type {
  ArticleFilter,
  ArticleInput,
  ArticleRecord,
  ArticleSummary,
  AttachmentRecord,
  KnowledgeStore,
  NodeRecord,
  SearchRequest,
  SearchRow,
} from '../../ports/knowledge-store.port';
import type { Db } from './database';
import { kbArticles, kbFiles, kbNodes } from './schema';

/** A substring pattern for ILIKE with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SUMMARY = {
  id: kbArticles.id,
  library: kbArticles.library,
  nodeId: kbArticles.nodeId,
  title: kbArticles.title,
  label: kbArticles.label,
  series: kbArticles.series,
  language: kbArticles.language,
  sourceKey: kbArticles.sourceKey,
  views: kbArticles.views,
  createdAt: kbArticles.createdAt,
  updatedAt: kbArticles.updatedAt,
};

type NodeRow = typeof kbNodes.$inferSelect;
const nodeOf = ({ createdAt: _c, ...n }: NodeRow): NodeRecord => ({ ...n, library: n.library as Library, lang: n.lang as ContentLanguage | null });
const summaryOf = (r: { library: string; language: string } & Omit<ArticleSummary, 'library' | 'language'>): ArticleSummary => ({
  ...r,
  library: r.library as Library,
  language: r.language as ContentLanguage,
});
const fileOf = (r: typeof kbFiles.$inferSelect): AttachmentRecord => ({ ...r, kind: r.kind === 'image' ? 'image' : 'attachment' });

/** The four libraries in PostgreSQL (ADR 0007): trees, articles with their full-text vector, files, views. */
export class PgKnowledgeRepository implements KnowledgeStore {
  constructor(private readonly db: Db) {}

  async nodes(library: Library) {
    const rows = await this.db.select().from(kbNodes).where(eq(kbNodes.library, library)).orderBy(asc(kbNodes.sort), asc(kbNodes.id));
    return rows.map(nodeOf);
  }

  async node(id: number) {
    const [row] = await this.db.select().from(kbNodes).where(eq(kbNodes.id, id));
    return row ? nodeOf(row) : null;
  }

  async addNode(node: Omit<NodeRecord, 'id'>) {
    const [row] = await this.db.insert(kbNodes).values(node).returning();
    return nodeOf(row!);
  }

  async updateNode(id: number, change: Partial<Pick<NodeRecord, 'name' | 'nameEn' | 'sort' | 'parentId' | 'lang'>>) {
    await this.db.update(kbNodes).set(change).where(eq(kbNodes.id, id));
  }

  async deleteEmptyNode(id: number) {
    // One statement, so an article or folder added meanwhile keeps the node (and the foreign keys agree).
    const result = await this.db.execute(sql`
      delete from kb_nodes n where n.id = ${id}
        and not exists (select 1 from kb_nodes c where c.parent_id = n.id)
        and not exists (select 1 from kb_articles a where a.node_id = n.id)`);
    return (result.rowCount ?? 0) > 0;
  }

  async articles(library: Library, filter: ArticleFilter, page: Page) {
    const where: SQL[] = [eq(kbArticles.library, library)];
    if (filter.id !== undefined) where.push(eq(kbArticles.id, filter.id));
    if (filter.nodeIds) where.push(filter.nodeIds.length ? inArray(kbArticles.nodeId, filter.nodeIds) : sql`false`);
    if (filter.title) where.push(ilike(kbArticles.title, containing(filter.title)));
    // Labels are compared without whitespace, as the search box strips it (spec 3).
    if (filter.label) where.push(sql`regexp_replace(${kbArticles.label}, '\\s', '', 'g') ilike ${containing(filter.label)}`);
    if (filter.series) where.push(eq(kbArticles.series, filter.series));
    if (filter.language) where.push(eq(kbArticles.language, filter.language));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(SUMMARY)
        .from(kbArticles)
        .where(and(...where))
        .orderBy(desc(kbArticles.createdAt), desc(kbArticles.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: count() }).from(kbArticles).where(and(...where)),
    ]);
    return { rows: rows.map(summaryOf), total: total?.n ?? 0 };
  }

  async article(id: number) {
    const [row] = await this.db.select({ ...SUMMARY, html: kbArticles.html }).from(kbArticles).where(eq(kbArticles.id, id));
    return row ? (summaryOf(row) as ArticleRecord) : null;
  }

  async articleBySourceKey(sourceKey: string) {
    const [row] = await this.db.select({ ...SUMMARY, html: kbArticles.html }).from(kbArticles).where(eq(kbArticles.sourceKey, sourceKey));
    return row ? (summaryOf(row) as ArticleRecord) : null;
  }

  async addArticle(input: ArticleInput) {
    const [row] = await this.db
      .insert(kbArticles)
      .values({ ...input, sourceKey: input.sourceKey ?? null, ...(input.createdAt ? { createdAt: input.createdAt } : {}) })
      .returning({ id: kbArticles.id });
    return row!.id;
  }

  async updateArticle(id: number, input: ArticleInput) {
    const { createdAt, sourceKey: _k, ...change } = input;
    await this.db
      .update(kbArticles)
      .set({ ...change, ...(createdAt ? { createdAt } : {}), updatedAt: new Date() })
      .where(eq(kbArticles.id, id));
  }

  async deleteArticle(id: number) {
    return this.db.transaction(async (tx) => {
      const files = await tx.delete(kbFiles).where(eq(kbFiles.articleId, id)).returning();
      await tx.delete(kbArticles).where(eq(kbArticles.id, id));
      return files.map(fileOf);
    });
  }

  async countArticles(nodeIds: number[]) {
    const counts = new Map<number, number>();
    if (!nodeIds.length) return counts;
    const rows = await this.db
      .select({ nodeId: kbArticles.nodeId, n: count() })
      .from(kbArticles)
      .where(inArray(kbArticles.nodeId, nodeIds))
      .groupBy(kbArticles.nodeId);
    for (const r of rows) counts.set(r.nodeId, r.n);
    return counts;
  }

  async addView(id: number) {
    const [row] = await this.db
      .update(kbArticles)
      .set({ views: sql`${kbArticles.views} + 1` })
      .where(eq(kbArticles.id, id))
      .returning({ views: kbArticles.views });
    return row ? row.views : null;
  }

  async attachments(articleId: number) {
    const rows = await this.db
      .select()
      .from(kbFiles)
      .where(and(eq(kbFiles.articleId, articleId), eq(kbFiles.kind, 'attachment')))
      .orderBy(asc(kbFiles.createdAt), asc(kbFiles.fileName));
    return rows.map(fileOf);
  }

  async attachment(id: string) {
    if (!UUID.test(id)) return null;
    const [row] = await this.db.select().from(kbFiles).where(eq(kbFiles.id, id));
    return row ? fileOf(row) : null;
  }

  async addAttachment(record: Omit<AttachmentRecord, 'id' | 'createdAt'>) {
    const [row] = await this.db.insert(kbFiles).values(record).returning();
    return fileOf(row!);
  }

  async removeAttachment(id: string) {
    if (!UUID.test(id)) return null;
    const [row] = await this.db.delete(kbFiles).where(eq(kbFiles.id, id)).returning();
    return row ? fileOf(row) : null;
  }

  async filesOfArticle(articleId: number) {
    const rows = await this.db.select().from(kbFiles).where(eq(kbFiles.articleId, articleId));
    return rows.map(fileOf);
  }

  async assignFiles(ids: string[], articleId: number) {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length) await this.db.update(kbFiles).set({ articleId }).where(inArray(kbFiles.id, valid));
  }

  async search(request: SearchRequest): Promise<{ rows: SearchRow[]; total: number }> {
    if (!request.phrases.length || !request.libraries.length) return { rows: [], total: 0 };
    const query = tsqueryOf(request.phrases, request.mode);
    const language = request.language ? sql`and a.language = ${request.language}` : sql``;
    const result = await this.db.execute<{
      id: number;
      library: string;
      node_id: number;
      title: string;
      label: string;
      series: string;
      language: string;
      source_key: string | null;
      views: number;
      created_at: string | Date;
      updated_at: string | Date;
      plain_text: string;
      rank: number;
      total: string;
    }>(sql`
      with q as (select (${query}) as query),
      hits as (
        select a.id, a.library, a.node_id, a.title, a.label, a.series, a.language, a.source_key, a.views,
               a.created_at, a.updated_at, a.plain_text, ts_rank_cd(a.search_vector, q.query, 1) as rank
          from kb_articles a, q
         where a.search_vector @@ q.query
           and a.library in (${sql.join(request.libraries.map((l) => sql`${l}`), sql`, `)})
           ${language})
      -- The total comes back even when the page is past the last hit (one row of nulls then).
      select (select count(*) from hits) as total, p.*
        from (select 1) one
        left join lateral (select * from hits order by rank desc, id desc offset ${request.page.offset} limit ${request.page.limit}) p on true`);
    const rows = result.rows.filter((r) => r.id !== null).map((r) => ({
      id: r.id,
      library: r.library as Library,
      nodeId: r.node_id,
      title: r.title,
      label: r.label,
      series: r.series,
      language: r.language as ContentLanguage,
      sourceKey: r.source_key,
      views: r.views,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
      plainText: r.plain_text,
      rank: Number(r.rank),
    }));
    return { rows, total: Number(result.rows[0]?.total ?? 0) };
  }
}

/** The tsquery of a search: every phrase, any phrase, or any `atLeast` of them together (an OR of their combinations). */
function tsqueryOf(phrases: SearchRequest['phrases'], mode: SearchRequest['mode']): SQL {
  const one = (p: string) => sql`phraseto_tsquery('english', ${p})`;
  const each = phrases.map((p) => (typeof p === 'string' ? one(p) : sql`(${sql.join(p.map(one), sql` || `)})`));
  if (mode === 'all') return sql.join(each, sql` && `);
  if (mode === 'any') return sql.join(each, sql` || `);
  const groups = combinations(each.length, Math.max(1, Math.min(mode.atLeast, each.length)));
  return sql.join(
    groups.map((g) => sql`(${sql.join(g.map((i) => each[i]!), sql` && `)})`),
    sql` || `,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
