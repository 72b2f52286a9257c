import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailerPort, OutgoingMail } from '../../ports/mailer.port';
import type { OutgoingSms, SmsPort } from '../../ports/sms.port';

/** One message the outbox took instead of sending it; `subject` is '' for SMS. */
export interface OutboxEntry {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** ISO 8601 time the message was taken. */
  at: string;
}

export interface OutboxOptions {
  /** The app's data folder; messages go to `<dataDir>/outbox/outbox.jsonl`. */
  dataDir: string;
  /** Called once per message after it is stored (the server passes its logger). */
  log?: (entry: OutboxEntry) => void;
  /** How many recent messages to keep in memory and reload at start; 200 by default. */
  limit?: number;
  now?: () => Date;
}

/** Embedded mail and SMS default: keeps every message in a JSON-lines file, the log and a recent list for a local page. */
export class Outbox {
  readonly mailer: MailerPort;
  readonly sms: SmsPort;
  readonly file: string;
  private readonly limit: number;
  private readonly log: (entry: OutboxEntry) => void;
  private readonly now: () => Date;
  private readonly recent: OutboxEntry[];
  // Appends run one after another so the file keeps the order of the in-memory list.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: OutboxOptions) {
    this.limit = Math.max(1, Math.floor(options.limit ?? 200));
    this.log = options.log ?? (() => {});
    this.now = options.now ?? (() => new Date());
    const dir = join(options.dataDir, 'outbox');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = join(dir, 'outbox.jsonl');
    // The file holds verification codes: its owner's only, also when an older version made it (issue 21, item 8).
    if (existsSync(this.file)) chmodSync(this.file, 0o600);
    this.recent = readLastLines(this.file, this.limit).map(parseEntry).filter((e): e is OutboxEntry => e !== undefined);
    this.mailer = { send: (mail: OutgoingMail) => this.take('email', mail.to, mail.subject, mail.text) };
    this.sms = { send: (sms: OutgoingSms) => this.take('sms', sms.to, '', sms.text) };
  }

  /** The most recent messages, newest first. */
  list(): OutboxEntry[] {
    return this.recent.slice().reverse();
  }

  private async take(channel: OutboxEntry['channel'], to: string, subject: string, text: string): Promise<void> {
    const entry: OutboxEntry = { id: randomUUID(), channel, to, subject, text, at: this.now().toISOString() };
    const write = this.queue.then(() => appendFile(this.file, JSON.stringify(entry) + '\n', { encoding: 'utf8', mode: 0o600 }));
    this.queue = write.catch(() => undefined);
    await write;
    this.recent.push(entry);
    if (this.recent.length > this.limit) this.recent.splice(0, this.recent.length - this.limit);
    this.log(entry);
  }
}

function parseEntry(line: string): OutboxEntry | undefined {
  try {
    const e = JSON.parse(line) as Partial<OutboxEntry>;
    const strings = [e.id, e.to, e.subject, e.text, e.at].every((v) => typeof v === 'string');
    if (!strings || (e.channel !== 'email' && e.channel !== 'sms')) return undefined;
    return { id: e.id!, channel: e.channel, to: e.to!, subject: e.subject!, text: e.text!, at: e.at! };
  } catch {
    return undefined;
  }
}

// Reads backwards from the end so a long-lived outbox file does not have to be read whole at start.
function readLastLines(file: string, count: number): string[] {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    const chunks: Buffer[] = [];
    let position = fstatSync(fd).size;
    let newlines = 0;
    while (position > 0 && newlines <= count) {
      const size = Math.min(64 * 1024, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      readSync(fd, chunk, 0, size, position);
      chunks.unshift(chunk);
      for (const byte of chunk) if (byte === 0x0a) newlines++;
    }
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    if (position > 0) lines.shift(); // the first line is cut off
    return lines.filter((line) => line.trim() !== '').slice(-count);
  } finally {
    closeSync(fd);
  }
}
