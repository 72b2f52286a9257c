import type { Readable } from 'node:stream';
import { defaultVideoFile, isSiteVideoId, SITE_VIDEO_IDS, SITE_VIDEO_MAX_BYTES, SITE_VIDEO_TYPES, siteVideoSrc } from '../../domain/shared/site-videos';
import type { UserRepository } from '../../ports/accounts-store.port';
import type { Clock } from '../../ports/clock.port';
import { FileRejectedError, type ByteRange, type FileStorePort, type OpenedFile } from '../../ports/file-store.port';
import type { SiteVideoRecord, SiteVideoStore } from '../../ports/site-content-store.port';
import { done, refuse, type Outcome } from '../outcome';

/** A site video as staff list it: the committed file, or the replacement and who put it there. */
export interface SiteVideoView {
  videoId: string;
  /** What the page plays (the same before and after a replacement). */
  url: string;
  replacement: (SiteVideoRecord & { replacedByAccount: string }) | null;
}

/** What the public video address answers: the replacement's bytes, or the committed file to go to. */
export type CurrentVideo =
  | { kind: 'default'; location: string }
  | { kind: 'replaced'; record: SiteVideoRecord; range: ByteRange | null | 'unsatisfiable'; file: OpenedFile | null }
  | { kind: 'unknown' };

/**
 * The site videos (domain/shared/site-videos.ts): which file each plays, and staff replacing one.
 * A replacement is checked by its content (MP4 or WebM by file-type's signature, never the name)
 * and its size, stored in the file store, and recorded; the file it replaced is removed once the
 * record is committed.
 */
export class SiteVideoService {
  constructor(
    private readonly store: SiteVideoStore,
    private readonly files: FileStorePort,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly clock: Clock,
  ) {}

  /** Every site video in the console's order. */
  async list(): Promise<Outcome<SiteVideoView[]>> {
    const replaced = new Map((await this.store.list()).map((r) => [r.videoId, r]));
    const accounts = await this.accountsOf([...replaced.values()]);
    return done(SITE_VIDEO_IDS.map((videoId) => this.viewOf(videoId, replaced.get(videoId) ?? null, accounts)));
  }

  /** Staff: `content` (the upload's file part, read once) becomes what the video plays. */
  async replace(
    staffId: string,
    videoId: unknown,
    content: Readable,
    fileName: string,
  ): Promise<Outcome<SiteVideoView, 'unknownVideo' | 'tooLarge' | 'badFileName' | 'notAVideo'>> {
    if (!isSiteVideoId(videoId)) {
      // Read to its end, so the refusal reaches a client still sending.
      content.resume();
      return refuse('unknownVideo');
    }
    let stored;
    try {
      stored = await this.files.put(content, { filename: fileName || `${videoId}.mp4`, maxBytes: SITE_VIDEO_MAX_BYTES });
    } catch (error) {
      if (error instanceof FileRejectedError) return refuse(error.status === 413 ? 'tooLarge' : 'badFileName');
      throw error;
    }
    if (!stored.detected || !SITE_VIDEO_TYPES[stored.detected.mime]) {
      await this.files.remove(stored.id);
      return refuse('notAVideo');
    }
    const record: SiteVideoRecord = {
      videoId,
      fileId: stored.id,
      size: stored.size,
      mediaType: stored.detected.mime,
      sha256: stored.sha256,
      fileName: stored.name,
      replacedBy: staffId,
      replacedAt: this.clock.now(),
    };
    const old = await this.store.replace(record).catch(async (error: unknown) => {
      await this.files.remove(stored.id);
      throw error;
    });
    if (old && old !== stored.id) await this.files.remove(old);
    return done(this.viewOf(videoId, record, await this.accountsOf([record])));
  }

  /** Public: what `GET /api/SiteVideo/<id>` answers, with the byte range asked of a replacement. */
  async current(videoId: string, range: (size: number) => ByteRange | null | 'unsatisfiable'): Promise<CurrentVideo> {
    if (!isSiteVideoId(videoId)) return { kind: 'unknown' };
    const record = await this.store.find(videoId);
    if (!record) return { kind: 'default', location: defaultVideoFile(videoId) };
    const wanted = range(record.size);
    if (wanted === 'unsatisfiable') return { kind: 'replaced', record, range: wanted, file: null };
    const file = await this.files.open(record.fileId, wanted ?? undefined);
    // A record whose file is gone (a restore without the files folder) plays the committed file rather than nothing.
    if (!file) return { kind: 'default', location: defaultVideoFile(videoId) };
    return { kind: 'replaced', record, range: wanted, file };
  }

  private async accountsOf(records: SiteVideoRecord[]): Promise<Map<string, string>> {
    const ids = [...new Set(records.map((r) => r.replacedBy))];
    const users = await Promise.all(ids.map((id) => this.users.findById(id)));
    return new Map(ids.map((id, i) => [id, users[i]?.account ?? '']));
  }

  private viewOf(videoId: string, record: SiteVideoRecord | null, accounts: Map<string, string>): SiteVideoView {
    return { videoId, url: siteVideoSrc(videoId), replacement: record && { ...record, replacedByAccount: accounts.get(record.replacedBy) ?? '' } };
  }
}
