import { sql } from 'drizzle-orm';
import type { CamReportRecord, DocumentQuery, DocumentRecord, IndustrialDocumentStore, NewDocument } from '../../ports/industrial-document-store.port';
import type { Db } from './database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DocumentRow = {
  id: string;
  order_number: string;
  file_name: string;
  file_id: string;
  size: string | number;
  sha256: string;
  uploaded_by: string | null;
  uploaded_by_name?: string | null;
  created_at: Date | string;
  project_id: string | null;
};

const documentOf = (r: DocumentRow): DocumentRecord => ({
  id: r.id,
  orderNumber: r.order_number,
  fileName: r.file_name,
  fileId: r.file_id,
  size: Number(r.size),
  sha256: r.sha256,
  uploadedBy: r.uploaded_by,
  uploadedByName: r.uploaded_by_name ?? '',
  createdAt: new Date(r.created_at),
  projectId: r.project_id,
});

type CamRow = {
  id: string;
  order_number: string;
  file_name: string;
  tube: CamReportRecord['tube'];
  plate: CamReportRecord['plate'];
  image_ids: string[];
  created_at: Date | string;
};

const camOf = (r: CamRow): CamReportRecord => ({
  id: r.id,
  orderNumber: r.order_number,
  fileName: r.file_name,
  tube: r.tube,
  plate: r.plate,
  imageIds: r.image_ids,
  createdAt: new Date(r.created_at),
});

// The newest CAM report of the document's machine and file name.
const withProject = sql`(select c.id from cam_reports c where c.order_number = d.order_number and c.file_name = d.file_name
  order by c.created_at desc limit 1) as project_id,
  (select coalesce(nullif(u.real_name, ''), u.account) from users u where u.id = d.uploaded_by) as uploaded_by_name`;

/** Industrial documents and CAM reports in PostgreSQL (tables/documents.ts). */
export class PgIndustrialDocumentRepository implements IndustrialDocumentStore {
  constructor(private readonly db: Db) {}

  async insertMany(documents: readonly NewDocument[], at: Date): Promise<DocumentRecord[]> {
    if (!documents.length) return [];
    const col = <K extends keyof NewDocument>(k: K) => sql.param(documents.map((d) => d[k]));
    const { rows } = await this.db.execute<DocumentRow>(sql`
      with d as (
        insert into industrial_documents (order_number, file_name, file_id, size, sha256, uploaded_by, created_at)
        select o, f, i, s, h, u::uuid, ${at.toISOString()}::timestamptz
        from unnest(${col('orderNumber')}::text[], ${col('fileName')}::text[], ${col('fileId')}::text[], ${col('size')}::bigint[],
          ${col('sha256')}::text[], ${col('uploadedBy')}::text[]) with ordinality as x(o, f, i, s, h, u, n)
        order by n
        returning *)
      select d.*, ${withProject} from d`);
    const byFile = new Map(rows.map((r) => [r.file_id, documentOf(r)]));
    return documents.map((d) => byFile.get(d.fileId)!);
  }

  async list(query: DocumentQuery): Promise<{ rows: DocumentRecord[]; total: number }> {
    if (!query.orderNumbers.length) return { rows: [], total: 0 };
    const name = query.fileName ? sql`and position(lower(${query.fileName}) in lower(d.file_name)) > 0` : sql``;
    const where = sql`d.order_number = any(${sql.param([...query.orderNumbers])}::text[]) ${name}`;
    const [page, count] = await Promise.all([
      this.db.execute<DocumentRow>(sql`select d.*, ${withProject} from industrial_documents d where ${where}
        order by d.created_at desc, d.id desc offset ${query.offset} limit ${query.limit}`),
      this.db.execute<{ n: string }>(sql`select count(*) as n from industrial_documents d where ${where}`),
    ]);
    return { rows: page.rows.map(documentOf), total: Number(count.rows[0]?.n ?? 0) };
  }

  async find(id: string): Promise<DocumentRecord | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.db.execute<DocumentRow>(sql`select d.*, ${withProject} from industrial_documents d where d.id = ${id}::uuid`);
    return rows[0] ? documentOf(rows[0]) : null;
  }

  async remove(id: string): Promise<DocumentRecord | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.db.execute<DocumentRow>(sql`delete from industrial_documents d where d.id = ${id}::uuid returning d.*, null as project_id`);
    return rows[0] ? documentOf(rows[0]) : null;
  }

  async insertCamReport(report: Omit<CamReportRecord, 'id' | 'createdAt'>, at: Date): Promise<CamReportRecord> {
    const { rows } = await this.db.execute<CamRow>(sql`
      insert into cam_reports (order_number, file_name, tube, plate, image_ids, created_at)
      values (${report.orderNumber}, ${report.fileName}, ${report.tube ? JSON.stringify(report.tube) : null}::jsonb,
        ${report.plate ? JSON.stringify(report.plate) : null}::jsonb, ${sql.param(report.imageIds)}::text[], ${at.toISOString()}::timestamptz)
      returning *`);
    return camOf(rows[0]!);
  }

  async findCamReport(id: string): Promise<CamReportRecord | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.db.execute<CamRow>(sql`select * from cam_reports where id = ${id}::uuid`);
    return rows[0] ? camOf(rows[0]) : null;
  }

  async camImageExists(fileId: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`select 1 from cam_reports where image_ids @> array[${fileId}]::text[] limit 1`);
    return rows.length > 0;
  }
}
