import { fileNameProblem, isDeceptiveName } from '../files/file-name.policy';

/**
 * The rules of a work order's conversation (issue 38 item 1, ADR 0032): what a message may hold,
 * which files it may carry, and who reads which messages. The browser shows them before sending;
 * the server enforces them again.
 */

/** Files one message carries at most. */
export const MESSAGE_MAX_FILES = 5;
/** Bytes one file may have: a phone camera's JPEG is 3 to 8 MB, a scanned report a few. */
export const MESSAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Characters of a message's text. */
export const MESSAGE_CONTENT_MAX = 4000;
/** The thumbnail's longest side, in pixels (two columns of a 375 px drawer at 2x). */
export const THUMBNAIL_MAX_SIDE = 320;

/** The media types a message's file may be, by the extension its name must carry. */
export const MESSAGE_FILE_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
} as const satisfies Record<string, string>;

export type MessageMediaType = (typeof MESSAGE_FILE_TYPES)[keyof typeof MESSAGE_FILE_TYPES];

/** Who wrote a message: a member of the order's company, or staff. */
export type MessageAuthor = 'customer' | 'staff';

export const isImageType = (mediaType: string): boolean => mediaType.startsWith('image/');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Why a file's name is refused before a byte is stored, or null. */
export function messageFileNameProblem(name: string): { kind: 'badName'; reason: string } | { kind: 'badType' } | null {
  const problem = fileNameProblem(name) ?? (isDeceptiveName(name) ? 'The file name holds invisible or reversing characters' : null);
  if (problem) return { kind: 'badName', reason: problem };
  return Object.hasOwn(MESSAGE_FILE_TYPES, extensionOf(name)) ? null : { kind: 'badType' };
}

/**
 * The media type a stored file is served as: the type its content's signature tells (file-type),
 * when that is one of the allowed and the one its name claims; else null (refused). A PNG named
 * `.jpg` is refused too: the name is what the other side reads before opening it.
 */
export function messageFileType(name: string, detectedMime: string | null | undefined): MessageMediaType | null {
  const claimed = (MESSAGE_FILE_TYPES as Record<string, MessageMediaType>)[extensionOf(name)];
  return claimed && detectedMime === claimed ? claimed : null;
}

export type MessageProblem = 'empty' | 'tooLong' | 'tooManyFiles';

/** Why a message as a whole is refused, or null: it says something or shows something, within the limits. */
export function messageProblem(content: string, files: number): MessageProblem | null {
  if (files > MESSAGE_MAX_FILES) return 'tooManyFiles';
  if ([...content].length > MESSAGE_CONTENT_MAX) return 'tooLong';
  if (!content.trim() && files === 0) return 'empty';
  return null;
}

/**
 * The messages a reader sees, in the order they were written: staff see every one; a customer
 * never sees a staff-only note (`internal`), whatever else the list holds.
 */
export function visibleMessages<M extends { internal: boolean }>(messages: readonly M[], reader: MessageAuthor): M[] {
  return reader === 'staff' ? [...messages] : messages.filter((m) => !m.internal);
}

/** Whether a message is written as a staff-only note: only staff may, and only when they ask. */
export const isInternalNote = (author: MessageAuthor, asked: boolean): boolean => author === 'staff' && asked;
