import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { BrokerLogger } from '../../ports/broker.port';
import type { MachineEvent, MachineEventStore } from '../../ports/machine-event-store.port';
import { isDatabaseUnavailable } from '../unavailable';
import { decodeSpoolRecords, encodeSpoolRecords } from './event-spool-file';

export interface EventDiskSpoolOptions {
  /** The portal's own spool folder (`<DATA_DIR>/event-spool/<portal>`, `spoolFolderOf`). */
  dir: string;
  /** Bytes the spool may hold on disk; beyond, a batch is refused as without a spool. 0: never spool. */
  maxBytes: number;
  store: Pick<MachineEventStore, 'store'>;
  log: BrokerLogger;
  /** Replay attempts: the first this long after the spool fills, then doubling up to `maxMs`. */
  retry?: { firstMs: number; maxMs: number };
  /** A file is closed and the next one begun beyond this size, so drained files go early. */
  fileBytes?: number;
}

export interface SpoolCounters {
  /** Events written to the spool (and acknowledged) because the database was away. */
  spooled: number;
  /** Events stored from the spool into the database. */
  replayed: number;
  /** Events refused because the spool was full (or could not be written): the machine sends them again. */
  refused: number;
  /** Spool lines that did not read as an event (a torn write's leftovers in the middle of a file). */
  skipped: number;
}

interface SpoolFile {
  name: string;
  /** Bytes written whole (the file may hold a torn record beyond, from an earlier run). */
  size: number;
  /** Bytes already replayed into the database, in this run. */
  drained: number;
}

const FILE_NAME = /^(\d{12})\.jsonl$/;
const REPLAY_BATCH = 500;
const GIVE_UP_AFTER = 5;

/**
 * A durable spool between the machine events and the database (issue 22): while PostgreSQL is away
 * a batch is appended to a file on the portal's disk and fsynced, and only then acknowledged, so
 * the machine stays connected (the broker refuses an event by closing the connection). A replay
 * stores the spooled events, oldest first, once the database answers again, and removes a file only
 * once every event in it is stored; the store is idempotent, so a replay interrupted by a kill only
 * stores some events twice over themselves.
 *
 * Order: while anything is spooled, later batches are spooled behind it, never stored past it, so
 * a machine's later run-time day (the last one wins) never lands before an earlier one. Files are
 * changed only under one lock; the database is asked outside it, so a slow replay does not hold
 * the acknowledgements of new events.
 */
export class EventDiskSpool implements Pick<MachineEventStore, 'store'> {
  readonly counters: SpoolCounters = { spooled: 0, replayed: 0, refused: 0, skipped: 0 };
  private files: SpoolFile[] = [];
  private writing: { file: SpoolFile; handle: FileHandle } | null = null;
  private nextNumber = 1;
  private bytes = 0;
  private lock: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private replaying: Promise<void> | null = null;
  private waitMs: number;
  private failures = 0;
  /** Replays that failed for another reason than an outage, since the last success. */
  private refusals = 0;
  private closed = false;
  private readonly retry: { firstMs: number; maxMs: number };
  private readonly fileBytes: number;

  private constructor(private readonly options: EventDiskSpoolOptions) {
    this.retry = options.retry ?? { firstMs: 1_000, maxMs: 10_000 };
    this.fileBytes = options.fileBytes ?? 4 * 1024 * 1024;
    this.waitMs = this.retry.firstMs;
  }

  /** Opens the folder and begins replaying what an earlier run left; a folder that cannot be read leaves the spool off, never fails the start. */
  static async open(options: EventDiskSpoolOptions): Promise<EventDiskSpool> {
    const spool = new EventDiskSpool(options);
    try {
      await mkdir(options.dir, { recursive: true });
      for (const name of (await readdir(options.dir)).filter((n) => FILE_NAME.test(n)).sort()) {
        const { size } = await stat(path.join(options.dir, name));
        spool.files.push({ name, size, drained: 0 });
        spool.bytes += size;
        spool.nextNumber = Number(FILE_NAME.exec(name)![1]) + 1;
      }
    } catch (error) {
      options.log.warn({ err: (error as Error).message, dir: options.dir }, 'event spool folder unreadable: events are refused while the database is away');
      spool.closed = true;
      return spool;
    }
    const others = await othersSpooled(options.dir);
    // Only the portal of that name replays them: a person must know of a folder nobody will take.
    if (others.length) options.log.warn({ folders: others, dir: path.dirname(options.dir) }, 'spooled machine events of other portal names wait here: each is replayed by the portal of its name (MQTT_CLIENT_ID) at its start');
    if (spool.files.length) {
      options.log.info({ files: spool.files.length, bytes: spool.bytes }, 'replaying machine events spooled by an earlier run');
      spool.schedule(0);
    }
    return spool;
  }

  /** Bytes on disk, and whether events wait for the database. */
  get state(): { bytes: number; files: number } {
    return { bytes: this.bytes, files: this.files.length };
  }

  store(events: readonly MachineEvent[]): Promise<void> {
    return this.exclusive(async () => {
      if (this.closed || !this.files.length) {
        try {
          return await this.options.store.store(events);
        } catch (error) {
          if (this.closed || !isDatabaseUnavailable(error)) throw error;
          return await this.append(events, error as Error);
        }
      }
      await this.append(events, null);
    });
  }

  /** Stops replaying (what is left is replayed at the next start) and closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.replaying;
    await this.exclusive(async () => {
      await this.writing?.handle.close();
      this.writing = null;
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work);
    this.lock = run.catch(() => {});
    return run;
  }

  private async append(events: readonly MachineEvent[], cause: Error | null): Promise<void> {
    const data = encodeSpoolRecords(events);
    if (this.bytes + data.length > this.options.maxBytes) {
      this.counters.refused += events.length;
      throw cause ?? new Error(`the event spool is full (${this.bytes} of ${this.options.maxBytes} bytes, EVENT_SPOOL_MAX_BYTES) while earlier events wait for the database`);
    }
    let target = this.writing;
    try {
      if (target && target.file.size >= this.fileBytes) {
        const full = target.handle;
        this.writing = target = null;
        await full.close();
      }
      target ??= await this.begin();
      const { file, handle } = target;
      for (let written = 0; written < data.length; ) written += (await handle.write(data, written, data.length - written, file.size + written)).bytesWritten;
      await handle.datasync();
      // Written to a file someone removed (the folder cleared by hand) is not on disk: refused.
      if ((await handle.stat()).nlink === 0) throw Object.assign(new Error(`spool file ${file.name} was removed while the portal wrote it`), { code: 'ENOENT' });
    } catch (error) {
      // A half-written line must not run into the next one: cut it off and write on in a new file.
      this.counters.refused += events.length;
      const current = this.writing;
      this.writing = null;
      if (current) {
        await current.handle.truncate(current.file.size).catch(() => {});
        await current.handle.close().catch(() => {});
      }
      // The replay removes a file begun for nothing, so that batches go to the database again.
      this.schedule(this.retry.firstMs);
      throw error;
    }
    const { file } = target;
    file.size += data.length;
    this.bytes += data.length;
    this.counters.spooled += events.length;
    // The database has only just failed (cause): the first replay waits a moment.
    if (cause) this.options.log.warn({ dir: this.options.dir, err: cause.message }, 'database unavailable: machine events are spooled to disk until it is back');
    this.schedule(this.retry.firstMs);
  }

  /** A new file, named after the last, made to outlive a power cut (the folder is fsynced too). */
  private async begin(): Promise<{ file: SpoolFile; handle: FileHandle }> {
    const name = `${String(this.nextNumber++).padStart(12, '0')}.jsonl`;
    // The folder may have been cleared by hand while the portal ran.
    await mkdir(this.options.dir, { recursive: true });
    const handle = await open(path.join(this.options.dir, name), 'wx');
    const file: SpoolFile = { name, size: 0, drained: 0 };
    this.files.push(file);
    this.writing = { file, handle };
    const folder = await open(this.options.dir, 'r');
    await folder.sync().finally(() => folder.close());
    return this.writing;
  }

  private schedule(ms: number): void {
    if (this.closed || this.timer || this.replaying) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.replaying = this.replay().finally(() => {
        this.replaying = null;
        // Events spooled after the last look are picked up here, never left waiting for the next append.
        if (this.files.length) this.schedule(this.failures ? this.waitMs : 0);
      });
    }, ms);
    this.timer.unref();
  }

  private async replay(): Promise<void> {
    try {
      while (!this.closed && this.files.length) await this.replayFile(this.files[0]!);
      if (this.failures) this.options.log.info({ replayed: this.counters.replayed }, 'database back: spooled machine events stored');
      this.failures = this.refusals = 0;
      this.waitMs = this.retry.firstMs;
    } catch (error) {
      this.failures++;
      if (!isDatabaseUnavailable(error)) {
        this.refusals++;
        this.options.log.warn({ err: (error as Error).message, file: this.files[0]?.name, attempt: this.refusals }, 'replaying spooled machine events failed');
        if (this.refusals >= GIVE_UP_AFTER) await this.setAside(this.files[0]!).catch((e: Error) => this.options.log.warn({ err: e.message }, 'setting a spool file aside failed'));
      }
      this.waitMs = Math.min(this.waitMs * 2, this.retry.maxMs);
    }
  }

  /** Stores the file's events from where the last replay stopped, then removes it if nothing was appended meanwhile. */
  private async replayFile(file: SpoolFile): Promise<void> {
    const upTo = file.size;
    if (file.drained < upTo) {
      const bytes = await readRange(path.join(this.options.dir, file.name), file.drained, upTo).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      // Removed by someone else (the folder cleared by hand): nothing left to replay, and batches must not queue behind it.
      if (!bytes) return this.forget(file, 'a spool file was removed before its events were stored');
      const { records, end, skipped } = decodeSpoolRecords(bytes);
      const base = file.drained;
      for (let i = 0; i < records.length; i += REPLAY_BATCH) {
        if (this.closed) return; // the next start goes on from the file
        const batch = records.slice(i, i + REPLAY_BATCH);
        await this.options.store.store(batch.map((r) => r.event));
        this.counters.replayed += batch.length;
        file.drained = base + batch[batch.length - 1]!.end;
      }
      if (skipped) this.options.log.warn({ file: file.name, skipped }, 'spooled lines that are no event were skipped');
      this.counters.skipped += skipped;
      // Past the last newline of a file no longer written is a record torn by a kill: never acknowledged.
      file.drained = this.writing?.file === file ? base + end : upTo;
    }
    await this.exclusive(async () => {
      if (file.drained < file.size) return; // appended meanwhile: the next round takes the rest
      if (this.writing?.file === file) {
        await this.writing.handle.close();
        this.writing = null;
      }
      await unlink(path.join(this.options.dir, file.name));
      this.files.shift();
      this.bytes -= file.size;
    });
  }

  private async forget(file: SpoolFile, why: string): Promise<void> {
    await this.exclusive(async () => {
      if (this.writing?.file === file) {
        await this.writing.handle.close().catch(() => {});
        this.writing = null;
      }
      this.files.splice(this.files.indexOf(file), 1);
      this.bytes -= file.size;
      this.options.log.warn({ file: path.join(this.options.dir, file.name), events: 'not stored' }, why);
    });
  }

  /** A file the database refuses for another reason than an outage, again and again: kept aside for a person, so the rest can go on. */
  private async setAside(file: SpoolFile): Promise<void> {
    await this.exclusive(async () => {
      if (this.writing?.file === file) {
        await this.writing.handle.close();
        this.writing = null;
      }
      const aside = path.join(this.options.dir, 'rejected');
      await mkdir(aside, { recursive: true });
      await rename(path.join(this.options.dir, file.name), path.join(aside, file.name));
      this.files.shift();
      this.bytes -= file.size;
      this.refusals = 0;
      this.options.log.warn({ file: path.join(aside, file.name) }, 'spooled machine events the database refuses were set aside: look at the file; moved back while the portal is stopped, it is replayed at the next start');
    });
  }
}

async function readRange(file: string, from: number, to: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(to - from);
    for (let read = 0; read < bytes.length; ) {
      const { bytesRead } = await handle.read(bytes, read, bytes.length - read, from + read);
      if (!bytesRead) return bytes.subarray(0, read);
      read += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * The portal's spool folder, named as the portal's session on the external broker is: portals that
 * share a DATA_DIR (docs/DEPLOYMENT.md) each need their own, and each behind a balancer has an
 * MQTT_CLIENT_ID of its own; without one the relay's default (`portal-<host name>`,
 * `external-relay.ts`). A portal with the embedded broker is alone with its machines: `portal`.
 */
export function spoolFolderOf(dataDir: string, mqttClientId: string | null, external = false): string {
  const name = (mqttClientId ?? (external ? `portal-${hostname()}`.slice(0, 64) : 'portal')).replace(/[^A-Za-z0-9_.-]/g, '_');
  return path.join(dataDir, 'event-spool', name === '.' || name === '..' ? '_' : name);
}

/** Spool files in the other portals' folders beside `dir` (left by a portal under another name, or spooling right now). */
async function othersSpooled(dir: string): Promise<string[]> {
  const parent = path.dirname(dir);
  const folders = (await readdir(parent, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory() && path.join(parent, d.name) !== dir);
  const held = await Promise.all(folders.map(async (d) => ((await readdir(path.join(parent, d.name)).catch(() => [])).some((n) => FILE_NAME.test(n)) ? d.name : null)));
  return held.filter((name): name is string => name !== null);
}
