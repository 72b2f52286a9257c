import { releaseVersionProblem } from '../../domain/staff/release-publish.machine';
import type { Readable } from 'node:stream';
import { NO_RELEASE_MESSAGE } from '../../contract/cam';
import { CAM_CUSTOMER_ANSWER_ORDER, CAM_CUSTOMER_FORM, type CamCustomer } from '../../domain/cam/cam-customer-form';
import { cleanFileName, fileNameProblem } from '../../domain/files/file-name.policy';
import { firstLeadProblem, trimmedValues, type LeadRule } from '../../domain/shared/lead-rules';
import type { CamCustomerRecord, CamRelease, CamStore, DownloadCount, DownloadVia } from '../../ports/cam-store.port';
import { FileRejectedError, type ByteRange, type FileStorePort, type StoredFile } from '../../ports/file-store.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

export type Lang = 'zh' | 'en';

/** How many releases of a product `GetCamAssistant` lists. */
export const RELEASE_LIST_LIMIT = 20;
/** A file link opened within this time of a recorded download from the same address is not counted again. */
export const DOWNLOAD_DEDUP_MS = 10 * 60_000;

/** The same-origin path of a release's file (the download endpoint). */
export const fileUrlOf = (r: Pick<CamRelease, 'id' | 'filename'>) => `/api/Cam/File/${r.id}/${encodeURIComponent(r.filename)}`;

/** A release's downloads, with its product's name. */
export interface ReleaseDownloads extends DownloadCount {
  productName: string;
}

/** Why a release is not published (named as `Cam/PublishRelease` names its refusals). */
export type PublishRefusal = 'unknownProduct' | 'emptyVersion' | 'badVersion' | 'badFileName' | 'versionTaken' | 'emptyFile' | 'fileRejected' | 'fileTooLarge';

/** A release as staff publish it: the fields, and the file as bytes or as a stream read once. */
export interface PublishInput {
  productType: number;
  versionNumber: string;
  remark: string;
  remarkEn: string;
  filename: string;
  content: Buffer | Readable;
  publishedBy: string;
}

/** A release whose fields were checked, waiting for its file. */
export interface ReleaseDraft {
  type: number;
  versionNumber: string;
  remark: string;
  remarkEn: string;
  filename: string;
  publishedBy: string;
}

/** CAM catalogue: releases, download records, staff publishing, and the CAM customer leads. */
export class CamService {
  constructor(
    private readonly store: CamStore,
    private readonly files: FileStorePort,
    private readonly clock: Clock,
    private readonly releaseMaxBytes: number,
  ) {}

  /** `GetCamAssistant`: releases of a product newest first; none yet says so in ReturnMsg, in the language asked. */
  async releases(productType: number, lang: Lang): Promise<Outcome<CamRelease[]>> {
    const list = await this.store.releases(productType, RELEASE_LIST_LIMIT);
    return list.length ? done(list) : done(list, 0, { ReturnMsg: NO_RELEASE_MESSAGE[lang] });
  }

  /** `InsertDownload` (a user) and `AllowInsertDownload` (a visitor). */
  async recordDownload(releaseIdInput: string, who: { userId: string | null; ip: string; via: DownloadVia }): Promise<Outcome<string, 'unknownRelease'>> {
    const release = await this.store.release(releaseIdInput.trim());
    if (!release) return refuse('unknownRelease');
    await this.store.recordDownload({ releaseId: release.id, userId: who.userId, ip: who.ip, via: who.via, at: this.clock.now() });
    return done(fileUrlOf(release));
  }

  /**
   * The file of a release (or a range of it), for the download endpoint. The link alone counts as
   * a download ('file') unless a download from the same address was recorded within
   * DOWNLOAD_DEDUP_MS (the page called InsertDownload/AllowInsertDownload, or an earlier range).
   */
  async openFile(releaseId: string, filename: string, ip: string, range?: (size: number) => ByteRange | null | 'unsatisfiable') {
    const release = await this.store.release(releaseId);
    if (!release || release.filename !== filename) return null;
    const wanted = range ? range(release.size) : null;
    if (wanted === 'unsatisfiable') return { release, file: null, range: 'unsatisfiable' as const };
    const file = await this.files.open(release.fileId, wanted ?? undefined);
    if (!file) return null;
    const now = this.clock.now();
    if (!(await this.store.recentlyRecorded(release.id, ip, new Date(now.getTime() - DOWNLOAD_DEDUP_MS)))) {
      await this.store.recordDownload({ releaseId: release.id, userId: null, ip, via: 'file', at: now });
    }
    return { release, file, range: wanted };
  }

  /**
   * Staff: publish a release; it is listed by `GetCamAssistant` at once. `maxBytes` lowers the
   * publishing cap (the JSON form, whose file is in memory). Uploads that stream their file use the
   * three steps below themselves, so fields are refused before a byte of the file is stored.
   */
  async publish(input: PublishInput, options: { maxBytes?: number } = {}): Promise<Outcome<CamRelease, PublishRefusal>> {
    const checked = await this.checkRelease(input);
    if (!checked.ok) return checked;
    const stored = await this.storeReleaseFile(input.content, input.filename, options.maxBytes);
    if (!stored.ok) return stored;
    return this.addRelease(checked.data, stored.data);
  }

  /** Step 1: the fields (known product, a version not yet published, an acceptable file name). */
  async checkRelease(
    input: Omit<PublishInput, 'content'>,
  ): Promise<Outcome<ReleaseDraft, 'unknownProduct' | 'emptyVersion' | 'badVersion' | 'badFileName' | 'versionTaken'>> {
    const product = await this.store.product(input.productType);
    if (!product) return refuse('unknownProduct');
    const version = input.versionNumber.trim();
    // The staff console's publish form applies the same rule (domain/staff/release-publish.machine.ts).
    const versionProblem = releaseVersionProblem(version);
    if (versionProblem === 'empty') return refuse('emptyVersion');
    if (versionProblem === 'bad') return refuse('badVersion');
    const nameProblem = fileNameProblem(input.filename);
    if (nameProblem) return refuse('badFileName', { problem: nameProblem });
    if (await this.store.findRelease(product.type, version)) return refuse('versionTaken', { version });
    return done({ type: product.type, versionNumber: version, remark: input.remark.trim(), remarkEn: input.remarkEn.trim(), filename: cleanFileName(input.filename), publishedBy: input.publishedBy });
  }

  /**
   * Step 2: the file into the store, under the publishing cap (or `maxBytes` when smaller). A stream
   * is written as it arrives; one over the cap is cut off with 413 and leaves nothing stored.
   */
  async storeReleaseFile(
    content: Buffer | Readable,
    filename: string,
    maxBytes = this.releaseMaxBytes,
  ): Promise<Outcome<StoredFile, 'fileRejected' | 'fileTooLarge'>> {
    try {
      return done(await this.files.put(content, { filename, maxBytes: Math.min(maxBytes, this.releaseMaxBytes) }));
    } catch (error) {
      if (error instanceof FileRejectedError) return refuse(error.status === 413 ? 'fileTooLarge' : 'fileRejected', { reason: error.message });
      throw error;
    }
  }

  /** Step 3: the release row for a stored file; the file is removed again when the release is refused. */
  async addRelease(draft: ReleaseDraft, stored: StoredFile): Promise<Outcome<CamRelease, 'emptyFile' | 'versionTaken'>> {
    if (stored.size === 0) {
      await this.files.remove(stored.id);
      return refuse('emptyFile');
    }
    let release: CamRelease | null;
    try {
      release = await this.store.addRelease({ ...draft, fileId: stored.id, size: stored.size, sha256: stored.sha256, createTime: this.clock.now() });
    } catch (error) {
      await this.files.remove(stored.id);
      throw error;
    }
    if (!release) {
      await this.files.remove(stored.id);
      return refuse('versionTaken', { version: draft.versionNumber });
    }
    return done(release);
  }

  /** A stored file whose upload failed after it was written (a later part was refused). */
  async discardFile(stored: StoredFile): Promise<void> {
    await this.files.remove(stored.id);
  }

  /** Staff: downloads per release, optionally of one product. */
  async downloadCounts(productType: number | null): Promise<Outcome<ReleaseDownloads[]>> {
    const [rows, products] = await Promise.all([this.store.downloadCounts(productType), this.store.products()]);
    const names = new Map(products.map((p) => [p.type, p.name]));
    return done(rows.map((r) => ({ ...r, productName: names.get(r.release.type) ?? '' })));
  }

  /** `SaveCamCustomer`: the lead rules of CAM_CUSTOMER_FORM (the browser's form checks the same), the first problem refused in the language asked. */
  async saveCustomer(fields: CamCustomer, lang: Lang, ip: string): Promise<Outcome<null, LeadRule>> {
    const problem = firstLeadProblem(CAM_CUSTOMER_FORM, fields, CAM_CUSTOMER_ANSWER_ORDER);
    if (problem) return refuse(problem.rule, { field: problem.field, max: problem.maxLength, lang });
    const v = trimmedValues(CAM_CUSTOMER_FORM, fields);
    await this.store.addCustomer({
      userName: v.userName,
      phone: v.phone,
      email: v.email,
      companyName: v.companyName,
      address: v.address,
      ip,
      createdAt: this.clock.now(),
    });
    return done(null);
  }

  /** Staff: the leads of the /Information form, newest first; the count is the total. */
  async customers(offset: number, limit: number): Promise<Outcome<CamCustomerRecord[]>> {
    const { rows, total } = await this.store.customers({ offset, limit });
    return done(rows, total);
  }
}
