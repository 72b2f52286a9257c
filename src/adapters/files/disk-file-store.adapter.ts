import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { cleanFileName, fileNameProblem } from '../../domain/files/file-name.policy';
import { formatBytes } from '../../domain/shared/byte-size';
import { FileRejectedError, type ByteRange, type FileStorePort, type OpenedFile, type StoredFile } from '../../ports/file-store.port';

const ID = /^[0-9a-f]{32}$/;
const HEAD_BYTES = 4100;

/** The file-store port on the local disk: `<dataDir>/files/<generated id>`, written atomically. */
export class DiskFileStore implements FileStorePort {
  private readonly dir: string;

  constructor(options: { dataDir: string; maxBytes: number }) {
    this.dir = path.join(options.dataDir, 'files');
    this.maxBytes = options.maxBytes;
  }

  private readonly maxBytes: number;

  async put(content: Buffer | Readable, meta: { filename: string; maxBytes?: number }): Promise<StoredFile> {
    const problem = fileNameProblem(meta.filename);
    if (problem) throw new FileRejectedError(400, problem);
    const limit = Math.min(this.maxBytes, meta.maxBytes ?? Infinity);
    if (Buffer.isBuffer(content) && content.length > limit) throw tooLarge(limit);
    await mkdir(this.dir, { recursive: true });
    const id = randomBytes(16).toString('hex');
    const final = path.join(this.dir, id);
    const partial = `${final}.part`;
    const hash = createHash('sha256');
    let size = 0;
    // The first bytes, kept to tell the type by content (file-type reads at most this many).
    const head: Buffer[] = [];
    let headSize = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        size += chunk.length;
        if (size > limit) return done(tooLarge(limit));
        hash.update(chunk);
        if (headSize < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
    // Opened before the bytes flow: a write stream opens its file lazily, so a source that fails at
    // once (an upload cut short) would otherwise create the partial file after it was removed.
    const handle = await open(partial, 'wx', 0o640);
    try {
      await pipeline(source, counter, handle.createWriteStream());
      // On disk before the name says whole, and the name on disk before the caller commits the row
      // that points to it: a power cut must not leave a row naming a missing or short file.
      await syncPath(partial);
      await rename(partial, final);
      await syncPath(this.dir);
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(partial, { force: true });
      throw error;
    }
    const detected = await fileTypeFromBuffer(Buffer.concat(head)).catch(() => undefined);
    return { id, size, sha256: hash.digest('hex'), name: cleanFileName(meta.filename), ...(detected ? { detected: { mime: detected.mime, ext: detected.ext } } : {}) };
  }

  async open(id: string, range?: ByteRange): Promise<OpenedFile | null> {
    if (!ID.test(id)) return null;
    const file = path.join(this.dir, id);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const part = range ? { start: range.start, end: Math.min(range.end, info.size - 1) } : {};
      return { stream: createReadStream(file, part), size: info.size };
    } catch {
      return null;
    }
  }

  /**
   * Removes the partial files of uploads that a killed process never finished. Only those left
   * alone for `idleMs`: another portal sharing the folder may be writing one right now, and a
   * running upload touches its file with every chunk.
   */
  async removeLeftovers(idleMs = 60 * 60_000, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs >= idleMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /**
   * Moves whole files no row points to (`referenced` holds every id the database names) into
   * `unreferenced/`: a portal killed between storing a file and committing its row leaves one.
   * Only those left alone for `idleMs`, as for partial files; set aside rather than deleted, so a
   * reference this sweep does not know of costs a move back, not the file. Set-aside files older
   * than `keepMs` are deleted.
   */
  async setAsideUnreferenced(referenced: ReadonlySet<string>, idleMs = 60 * 60_000, now = Date.now(), keepMs = 7 * 24 * 60 * 60_000): Promise<number> {
    const aside = path.join(this.dir, 'unreferenced');
    let moved = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (!ID.test(name) || referenced.has(name)) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < idleMs) continue;
      await mkdir(aside, { recursive: true });
      await rename(file, path.join(aside, name));
      moved++;
    }
    for (const name of await readdir(aside).catch(() => [] as string[])) {
      const file = path.join(aside, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.ctimeMs >= keepMs) await rm(file, { force: true });
    }
    return moved;
  }

  async remove(id: string): Promise<void> {
    if (!ID.test(id)) return;
    await rm(path.join(this.dir, id), { force: true });
  }
}

/**
 * fsync by path: a file's bytes (fsync works on the file, whichever descriptor asks), or a
 * folder's entries (so a rename in it is durable, not only the bytes).
 */
async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const tooLarge = (limit: number) => new FileRejectedError(413, `The file is larger than ${formatBytes(limit)}`);
