import type { Readable } from 'node:stream';

/** What the store keeps of a file: its generated id and size in bytes. */
export interface StoredFile {
  id: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The client's name as it may be kept and shown: `cleanFileName` (no NUL, no bidirectional controls). */
  name: string;
  /**
   * The type told by the content's signature (file-type), absent for formats without one (text,
   * DXF, most CAM formats). Serve and check this, never the type the client's file name claims.
   */
  detected?: { mime: string; ext: string };
}

export interface OpenedFile {
  /** The bytes asked for: the whole file, or the inclusive range. */
  stream: Readable;
  /** Size of the whole file. */
  size: number;
}

/** Inclusive byte range, as HTTP Range counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Refused by the store: `status` 400 (bad name) or 413 (too large). */
export class FileRejectedError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'FileRejectedError';
  }
}

/**
 * Files of the portal (releases, later uploads). Stored under generated ids, never under the
 * client's name; the name travels only as metadata for the caller to keep.
 */
export interface FileStorePort {
  /**
   * Stores the bytes; throws FileRejectedError for a refused name or a file over the limit
   * (the store's own, or `maxBytes` when smaller). A stream is written as it arrives, never held
   * whole in memory; when it fails or runs over the limit, nothing of it is kept.
   */
  put(content: Buffer | Readable, meta: { filename: string; contentType?: string; maxBytes?: number }): Promise<StoredFile>;
  /** The file's bytes (or a range of them, within the file), or null when no such file is stored. */
  open(id: string, range?: ByteRange): Promise<OpenedFile | null>;
  remove(id: string): Promise<void>;
}
