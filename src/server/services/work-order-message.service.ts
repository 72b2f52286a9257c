import type { Readable } from 'node:stream';
import { formatBytes } from '../../domain/shared/byte-size';
import {
  isImageType,
  isInternalNote,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_MAX_FILES,
  messageFileNameProblem,
  messageFileType,
  messageProblem,
  THUMBNAIL_MAX_SIDE,
  visibleMessages,
  type MessageMediaType,
} from '../../domain/repair/work-order-message.policy';
import type { Clock } from '../../ports/clock.port';
import type { CustomerServicePort } from '../../ports/customer-service.port';
import { FileRejectedError, type FileStorePort, type OpenedFile } from '../../ports/file-store.port';
import type { ThumbnailerPort } from '../../ports/thumbnailer.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import type { MessageFileOwner, NewMessageFile, WorkOrderMessageRecord, WorkOrderMessageStore } from '../../ports/work-order-message-store.port';
import { done, refuse, type Outcome } from '../outcome';
import { faultReason, type UploadForm } from './upload-form';

/** Who reads or writes: a member of a company (by the session, ADR 0030), or staff. */
export type Participant = { kind: 'customer'; companyId: string; userId: string } | { kind: 'staff'; userId: string };

export type AddRefusal = 'badForm' | 'eventNumRequired' | 'unknown' | 'empty' | 'tooLong' | 'tooManyFiles' | 'badName' | 'badType' | 'fileTooLarge';

/** The text fields of the form, at most this many bytes each (4000 characters of Chinese are 12,000 bytes). */
export const MESSAGE_FIELD_MAX_BYTES = 16 * 1024;

/** The form's text fields by their wire names. */
const FIELD_KEYS: Readonly<Record<string, 'eventNum' | 'content' | 'internal'>> = { EventNum: 'eventNum', Content: 'content', Internal: 'internal' };

const shownName = (name: string) => name.replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '?').slice(0, 180) || '(no name)';

/**
 * The conversation on a work order (issue 38 item 1, ADR 0032). Each file is streamed into the
 * file store, checked by name before and by content after, and an image's thumbnail made; the
 * message's row and its files' rows are written in one unit of work once the whole form is read.
 * A refused form, a failure on the way or a transaction that fails removes every file stored.
 */
export class WorkOrderMessageService {
  constructor(
    private readonly orders: Pick<CustomerServicePort, 'find'>,
    private readonly messages: WorkOrderMessageStore,
    private readonly files: FileStorePort,
    private readonly thumbnailer: ThumbnailerPort,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    readonly fileMaxBytes: number = MESSAGE_FILE_MAX_BYTES,
  ) {}

  /** The order's number when the participant may see it; another company's order is as unknown as a missing one. */
  private async reachable(who: Participant, eventNumInput: unknown): Promise<string | null> {
    const eventNum = String(eventNumInput ?? '').trim();
    if (!eventNum) return null;
    const order = await this.orders.find(eventNum);
    if (!order) return null;
    return who.kind === 'staff' || order.userId === who.companyId ? order.eventNum : null;
  }

  /** `GetMessages` / `Staff/GetWorkOrderMessages`: oldest first; a customer never gets a staff-only note. */
  async list(who: Participant, eventNumInput: unknown): Promise<Outcome<WorkOrderMessageRecord[], 'unknown'>> {
    const eventNum = await this.reachable(who, eventNumInput);
    if (!eventNum) return refuse('unknown');
    const rows = await this.messages.list(eventNum, { withInternal: who.kind === 'staff' });
    // The statement leaves the notes out already; the rule says it once more where the answer is made.
    return done(visibleMessages(rows, who.kind).map((m) => this.forReader(who, m)));
  }

  /** A staff member is named to a customer by their real name only: their account may be their work address. */
  private forReader(who: Participant, m: WorkOrderMessageRecord): WorkOrderMessageRecord {
    return who.kind === 'customer' && m.authorKind === 'staff' ? { ...m, authorName: m.authorRealName } : m;
  }

  /** `AddMessage` / `Staff/AddWorkOrderMessage`: the form's fields and files, then one transaction. */
  async add(who: Participant, form: UploadForm): Promise<Outcome<WorkOrderMessageRecord, AddRefusal>> {
    const stored: NewMessageFile[] = [];
    const fields: { eventNum?: string; content?: string; internal?: string } = {};
    let eventNum: string | null = null;
    const refused = async (outcome: Outcome<never, AddRefusal>) => {
      await this.discard(stored);
      stored.length = 0;
      await form.refused();
      return outcome;
    };
    try {
      for await (const part of form.parts()) {
        if (part.kind === 'field') {
          const key = Object.hasOwn(FIELD_KEYS, part.name) ? FIELD_KEYS[part.name] : undefined;
          if (!key) continue;
          if (typeof part.value !== 'string' || part.value.includes('\u0000')) return await refused(refuse('badForm', { reason: `${part.name} must be text` }));
          if (part.truncated) return await refused(key === 'content' ? refuse('tooLong') : refuse('badForm', { reason: `${part.name} is too long` }));
          if (fields[key] !== undefined) return await refused(refuse('badForm', { reason: `${part.name} must be sent once` }));
          if (key === 'eventNum' && stored.length) return await refused(refuse('badForm', { reason: 'EventNum must be sent before the files' }));
          fields[key] = part.value;
          continue;
        }
        if (eventNum === null) {
          // The order is checked before a byte of a file is stored.
          if (!fields.eventNum?.trim()) {
            part.content.destroy();
            return await refused(refuse('eventNumRequired'));
          }
          eventNum = await this.reachable(who, fields.eventNum);
          if (!eventNum) {
            part.content.destroy();
            return await refused(refuse('unknown'));
          }
        }
        if (stored.length >= MESSAGE_MAX_FILES) {
          part.content.destroy();
          return await refused(refuse('tooManyFiles', { max: MESSAGE_MAX_FILES }));
        }
        const file = await this.storeFile(part.content, part.filename);
        if (!file.ok) {
          part.content.destroy();
          return await refused(file);
        }
        stored.push(file.data);
      }
    } catch (error) {
      const fault = form.faultOf(error);
      if (!fault) {
        await this.discard(stored);
        form.failed();
        throw error;
      }
      if (fault.kind === 'fileTooLarge') return refused(refuse('fileTooLarge', { name: 'A file', limit: formatBytes(this.fileMaxBytes) }));
      if (fault.kind === 'tooManyFiles') return refused(refuse('tooManyFiles', { max: MESSAGE_MAX_FILES }));
      return refused(refuse('badForm', { reason: faultReason(fault.kind === 'badJsonField' ? { ...fault, kind: 'malformed' } : fault) }));
    }
    if (eventNum === null) {
      if (!fields.eventNum?.trim()) return refuse('eventNumRequired');
      eventNum = await this.reachable(who, fields.eventNum);
      if (!eventNum) return refuse('unknown');
    }
    const content = (fields.content ?? '').trim();
    const problem = messageProblem(content, stored.length);
    if (problem) return this.failed(stored, refuse(problem, { max: MESSAGE_MAX_FILES }));
    const internal = isInternalNote(who.kind, ['true', '1'].includes((fields.internal ?? '').trim().toLowerCase()));
    const at = this.clock.now();
    let id: number | null;
    try {
      id = await this.unitOfWork.run(async ({ workOrderMessages }) => {
        const added = await workOrderMessages.addMessage({ eventNum, authorKind: who.kind, authorId: who.userId, internal, content }, at);
        if (!added) return null;
        await workOrderMessages.addFiles(added.id, stored);
        return added.id;
      });
    } catch (error) {
      // Nothing committed: no row names the files.
      await this.discard(stored);
      throw error;
    }
    if (id === null) return this.failed(stored, refuse('unknown'));
    return done((await this.messages.find(id))!);
  }

  /** One file of a form: its name, its size, its content's type, and an image's thumbnail. Nothing of a refused file is kept. */
  private async storeFile(content: Readable, name: string): Promise<Outcome<NewMessageFile, 'badName' | 'badType' | 'fileTooLarge'>> {
    const named = messageFileNameProblem(name);
    if (named?.kind === 'badName') return refuse('badName', { name: shownName(name), reason: named.reason });
    if (named) return refuse('badType', { name: shownName(name), reason: 'only JPEG, PNG, WebP and PDF files can be added' });
    let file;
    try {
      file = await this.files.put(content, { filename: name, maxBytes: this.fileMaxBytes });
    } catch (error) {
      if (error instanceof FileRejectedError && error.status === 413) return refuse('fileTooLarge', { name: shownName(name), limit: formatBytes(this.fileMaxBytes) });
      if (error instanceof FileRejectedError) return refuse('badName', { name: shownName(name), reason: error.message });
      throw error;
    }
    const mediaType = messageFileType(name, file.detected?.mime);
    if (!mediaType) {
      await this.files.remove(file.id);
      return refuse('badType', { name: shownName(name), reason: 'its content is not the JPEG, PNG, WebP or PDF file its name says' });
    }
    let thumbFileId: string | null = null;
    if (isImageType(mediaType)) {
      const thumb = await this.thumbnailOf(file.id);
      if (!thumb) {
        await this.files.remove(file.id);
        return refuse('badType', { name: shownName(name), reason: 'the image cannot be read' });
      }
      try {
        thumbFileId = (await this.files.put(thumb, { filename: 'thumbnail.webp' })).id;
      } catch (error) {
        await this.files.remove(file.id);
        throw error;
      }
    }
    return done({ fileId: file.id, thumbFileId, name: file.name, mediaType, size: file.size, sha256: file.sha256 });
  }

  private async thumbnailOf(fileId: string): Promise<Buffer | null> {
    const opened = await this.files.open(fileId);
    return opened ? this.thumbnailer.thumbnail(opened.stream, THUMBNAIL_MAX_SIDE) : null;
  }

  /** `GetMessageFile` / `Staff/GetWorkOrderMessageFile`: a file the participant may see, or its thumbnail. */
  async openFile(who: Participant, idInput: unknown, thumb: boolean): Promise<Outcome<{ record: MessageFileOwner; file: OpenedFile; mediaType: MessageMediaType | 'image/webp' }, 'notFound'>> {
    const id = /^\d{1,15}$/.test(String(idInput ?? '').trim()) ? Number(String(idInput).trim()) : null;
    const record = id === null ? null : await this.messages.findFile(id);
    if (!record) return refuse('notFound');
    if (who.kind === 'customer' && (record.companyId !== who.companyId || record.internal)) return refuse('notFound');
    const useThumb = thumb && record.thumbFileId !== null;
    const file = await this.files.open(useThumb ? record.thumbFileId! : record.fileId);
    if (!file) return refuse('notFound');
    return done({ record, file, mediaType: useThumb ? 'image/webp' : record.mediaType });
  }

  private async discard(files: readonly NewMessageFile[]): Promise<void> {
    await Promise.all(files.flatMap((f) => [f.fileId, ...(f.thumbFileId ? [f.thumbFileId] : [])]).map((id) => this.files.remove(id)));
  }

  private async failed<T>(files: NewMessageFile[], outcome: T): Promise<T> {
    await this.discard(files);
    files.length = 0;
    return outcome;
  }
}
