import type { MessageAuthor, MessageMediaType } from '../domain/repair/work-order-message.policy';

/** A message as it is written. */
export interface NewWorkOrderMessage {
  eventNum: string;
  authorKind: MessageAuthor;
  authorId: string;
  internal: boolean;
  content: string;
}

/** A file of a message, already in the file store (and its thumbnail, for an image). */
export interface NewMessageFile {
  fileId: string;
  thumbFileId: string | null;
  name: string;
  mediaType: MessageMediaType;
  size: number;
  sha256: string;
}

export interface MessageFileRecord extends NewMessageFile {
  id: number;
}

export interface WorkOrderMessageRecord {
  id: number;
  eventNum: string;
  authorKind: MessageAuthor;
  /** The author's shown name (real name, else account); '' once the account is gone. */
  authorName: string;
  /** The author's real name alone ('' when they gave none): what a customer reads of a staff member, whose account may be an address. */
  authorRealName: string;
  internal: boolean;
  content: string;
  createdAt: Date;
  files: MessageFileRecord[];
}

/** Where a message's file belongs, for the check of who may open it. */
export interface MessageFileOwner extends MessageFileRecord {
  eventNum: string;
  /** The company that owns the order (`work_orders.user_id`, ADR 0030). */
  companyId: string;
  internal: boolean;
}

/**
 * The conversation on the work orders (issue 38 item 1): messages in the order they were
 * written, the files of each. A message and its files are two writes, made in one unit of work.
 */
export interface WorkOrderMessageStore {
  /** The message's row; null when no order has the number. */
  addMessage(message: NewWorkOrderMessage, at: Date): Promise<{ id: number } | null>;
  addFiles(messageId: number, files: readonly NewMessageFile[]): Promise<void>;
  /** Every message of the order, oldest first, with their files; `withInternal` false leaves staff-only notes out. */
  list(eventNum: string, options: { withInternal: boolean }): Promise<WorkOrderMessageRecord[]>;
  find(messageId: number): Promise<WorkOrderMessageRecord | null>;
  findFile(fileRowId: number): Promise<MessageFileOwner | null>;
}
