import { sql } from 'drizzle-orm';
import type { MessageAuthor, MessageMediaType } from '../../domain/repair/work-order-message.policy';
import type {
  MessageFileOwner,
  MessageFileRecord,
  NewMessageFile,
  NewWorkOrderMessage,
  WorkOrderMessageRecord,
  WorkOrderMessageStore,
} from '../../ports/work-order-message-store.port';
import type { Executor } from './database';
import { personNameOf } from './pg-work-order.repository';

type MessageRow = {
  id: string | number;
  event_num: string;
  author_kind: string;
  author_name: string | null;
  author_real_name: string | null;
  internal: boolean;
  content: string;
  created_at: Date | string;
  files: Array<{ id: number; file_id: string; thumb_file_id: string | null; name: string; media_type: string; size: number; sha256: string }> | null;
};

const fileOf = (f: NonNullable<MessageRow['files']>[number]): MessageFileRecord => ({
  id: Number(f.id),
  fileId: f.file_id,
  thumbFileId: f.thumb_file_id,
  name: f.name,
  mediaType: f.media_type as MessageMediaType,
  size: Number(f.size),
  sha256: f.sha256,
});

const messageOf = (r: MessageRow): WorkOrderMessageRecord => ({
  id: Number(r.id),
  eventNum: r.event_num,
  authorKind: r.author_kind as MessageAuthor,
  authorName: r.author_name ?? '',
  authorRealName: r.author_real_name ?? '',
  internal: r.internal,
  content: r.content,
  createdAt: new Date(r.created_at),
  files: (r.files ?? []).map(fileOf),
});

// A message with its files as one row: the files as a JSON array in their order (no query per message).
const SELECT = sql.raw(`
  select m.id, w.event_num, m.author_kind, ${personNameOf('m.author_id')} as author_name,
    (select who.real_name from users who where who.id = m.author_id) as author_real_name, m.internal, m.content, m.created_at,
    (select json_agg(json_build_object('id', f.id, 'file_id', f.file_id, 'thumb_file_id', f.thumb_file_id, 'name', f.name,
        'media_type', f.media_type, 'size', f.size, 'sha256', f.sha256) order by f.position)
      from work_order_message_files f where f.message_id = m.id) as files
  from work_order_messages m join work_orders w on w.id = m.work_order_id`);

/** The work orders' conversation in PostgreSQL (`work_order_messages`, `work_order_message_files`). */
export class PgWorkOrderMessageRepository implements WorkOrderMessageStore {
  constructor(private readonly db: Executor) {}

  async addMessage(message: NewWorkOrderMessage, at: Date): Promise<{ id: number } | null> {
    const { rows } = await this.db.execute<{ id: string }>(sql`
      insert into work_order_messages (work_order_id, author_kind, author_id, internal, content, created_at)
      select id, ${message.authorKind}, ${message.authorId}::uuid, ${message.internal}, ${message.content}, ${at.toISOString()}::timestamptz
      from work_orders where event_num = ${message.eventNum}
      returning id`);
    return rows[0] ? { id: Number(rows[0].id) } : null;
  }

  async addFiles(messageId: number, files: readonly NewMessageFile[]): Promise<void> {
    if (!files.length) return;
    const values = files.map(
      (f, i) => sql`(${messageId}, ${f.fileId}, ${f.thumbFileId}, ${f.name}, ${f.mediaType}, ${f.size}, ${f.sha256}, ${i})`,
    );
    await this.db.execute(sql`
      insert into work_order_message_files (message_id, file_id, thumb_file_id, name, media_type, size, sha256, position)
      values ${sql.join(values, sql`, `)}`);
  }

  async list(eventNum: string, options: { withInternal: boolean }): Promise<WorkOrderMessageRecord[]> {
    const { rows } = await this.db.execute<MessageRow>(sql`
      ${SELECT} where w.event_num = ${eventNum} ${options.withInternal ? sql`` : sql`and not m.internal`}
      order by m.created_at, m.id`);
    return rows.map(messageOf);
  }

  async find(messageId: number): Promise<WorkOrderMessageRecord | null> {
    const { rows } = await this.db.execute<MessageRow>(sql`${SELECT} where m.id = ${messageId}`);
    return rows[0] ? messageOf(rows[0]) : null;
  }

  async findFile(fileRowId: number): Promise<MessageFileOwner | null> {
    const { rows } = await this.db.execute<NonNullable<MessageRow['files']>[number] & { event_num: string; company_id: string; internal: boolean }>(sql`
      select f.id, f.file_id, f.thumb_file_id, f.name, f.media_type, f.size, f.sha256, w.event_num, w.user_id as company_id, m.internal
      from work_order_message_files f join work_order_messages m on m.id = f.message_id join work_orders w on w.id = m.work_order_id
      where f.id = ${fileRowId}`);
    const r = rows[0];
    return r ? { ...fileOf(r), eventNum: r.event_num, companyId: r.company_id, internal: r.internal } : null;
  }
}
