import { releaseVersionProblem } from '../../domain/staff/release-publish.machine';
import type { Readable } from 'node:stream';
import { NO_RELEASE_MESSAGE, PUBLISH_RELEASE_FORM } from '../../contract/cam';
import { CAM_CUSTOMER_ANSWER_ORDER, CAM_CUSTOMER_FORM, type CamCustomer } from '../../domain/cam/cam-customer-form';
import { cleanFileName, FILE_NAME_MAX_LENGTH, fileNameProblem } from '../../domain/files/file-name.policy';
import { firstLeadProblem, trimmedValues, type LeadRule } from '../../domain/shared/lead-rules';
import type { CamCustomerRecord, CamRelease, CamStore, DownloadCount, DownloadVia } from '../../ports/cam-store.port';
import { FileRejectedError, type ByteRange, type FileStorePort, type StoredFile } from '../../ports/file-store.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';
import { faultReason, type UploadFault, type UploadForm, type UploadPart } from './upload-form';

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

/** Why the multipart publishing form is refused: the release's refusals, the form's own rules (`reason`) and its size. */
export type PublishFormRefusal = PublishRefusal | 'badForm' | 'formTooLarge';

const { properties } = PUBLISH_RELEASE_FORM;

/** The text fields of the multipart publishing form (the contract's): longest values and whether they must be sent. */
export const RELEASE_FORM_FIELDS = {
  ProductType: { required: true, maxLength: 8 },
  VersionNumber: { required: true, maxLength: properties.VersionNumber.maxLength },
  Remark: { required: false, maxLength: properties.Remark.maxLength },
  RemarkEn: { required: false, maxLength: properties.RemarkEn.maxLength },
  FileName: { required: false, maxLength: FILE_NAME_MAX_LENGTH },
} as const;
type Field = keyof typeof RELEASE_FORM_FIELDS;
/** The text fields of a publishing form as sent (the JSON form's names). */
export type ReleaseFields = Partial<Record<Field, string>>;

/** A release's fields from the form's text fields. */
export const releaseFields = (f: ReleaseFields) => ({
  productType: Number(f.ProductType),
  versionNumber: f.VersionNumber ?? '',
  remark: f.Remark ?? '',
  remarkEn: f.RemarkEn ?? '',
});

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

  /**
   * Staff: publish a release from the multipart form: text fields, then one file part, streamed into
   * the file store as it arrives. The fields are checked when the file part begins, so a refused
   * release stores nothing; the release row is written only once the whole body was read. Any
   * failure on the way (too large, cut short, malformed, a part after the file) removes the stored
   * file: no file and no row are left behind.
   */
  async publishForm(form: UploadForm, publishedBy: string): Promise<Outcome<CamRelease, PublishFormRefusal>> {
    const fields: ReleaseFields = {};
    let draft: ReleaseDraft | null = null;
    let stored: StoredFile | null = null;
    // A refusal before the body is read to its end: the client may still be sending.
    const refused = async (outcome: Outcome<never, PublishFormRefusal>) => {
      if (stored) await this.files.remove(stored.id);
      await form.refused();
      return outcome;
    };
    const badForm = (reason: string) => refused(refuse('badForm', { reason }));
    try {
      for await (const part of form.parts()) {
        if (part.kind === 'field') {
          if (draft) {
            // A known field after the file would change a release already checked; others (a submit
            // button of an HTML form) are ignored as before the file.
            if (isField(part.name)) return await badForm(`${part.name} must be sent before the file`);
            continue;
          }
          const problem = fieldProblem(part);
          if (problem) return await badForm(problem);
          if (isField(part.name)) {
            if (fields[part.name] !== undefined) return await badForm(`${part.name} is sent twice`);
            fields[part.name] = part.value as string;
          }
          continue;
        }
        if (draft) {
          part.content.destroy();
          return await badForm('Send exactly one file');
        }
        const missing = missingField(fields);
        if (missing) {
          part.content.destroy();
          return await badForm(`${missing} is required (send the text fields before the file)`);
        }
        const checked = await ours(this.checkRelease({ ...releaseFields(fields), filename: fields.FileName ?? part.filename, publishedBy }));
        if (!checked.ok) {
          part.content.destroy();
          return await refused(checked);
        }
        draft = checked.data;
        const written = await this.storeReleaseFile(part.content, draft.filename);
        if (!written.ok) return await refused(written);
        stored = written.data;
      }
    } catch (error) {
      const fault = error instanceof ServerFault ? null : form.faultOf(error);
      if (!fault) {
        if (stored) await this.files.remove(stored.id);
        form.failed();
        throw error instanceof ServerFault ? error.cause : error;
      }
      return refused(formFaultRefusal(fault));
    }
    if (!draft || !stored) {
      const missing = missingField(fields);
      return refuse('badForm', { reason: missing ? `${missing} is required` : 'File is required: send the release file as the last part' });
    }
    return this.addRelease(draft, stored);
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

/** What is wrong with a text field of the publishing form, or null; the JSON form's schema says the same. */
function fieldProblem(part: Extract<UploadPart, { kind: 'field' }>): string | null {
  const { name } = part;
  if (!isField(name)) return null; // unknown fields are ignored, as in the JSON form
  const rule = RELEASE_FORM_FIELDS[name];
  if (part.truncated || typeof part.value !== 'string') return `${name} must be text of at most ${rule.maxLength} characters`;
  if (part.value.length > rule.maxLength) return `${name} must NOT have more than ${rule.maxLength} characters`;
  if (part.value.includes('\u0000')) return `${name} may not contain the NUL character (\\u0000)`;
  if (name === 'ProductType' && !/^\s*\d{1,4}\s*$/.test(part.value)) return 'ProductType must be a product number';
  return null;
}

const isField = (name: string): name is Field => Object.hasOwn(RELEASE_FORM_FIELDS, name);
const missingField = (fields: ReleaseFields) => (Object.keys(RELEASE_FORM_FIELDS) as Field[]).find((k) => RELEASE_FORM_FIELDS[k].required && fields[k] === undefined);

/** The publishing form's refusal of a body the client got wrong. */
function formFaultRefusal(fault: UploadFault): Outcome<never, 'formTooLarge' | 'badForm'> {
  if (fault.kind === 'fileTooLarge') return refuse('formTooLarge');
  if (fault.kind === 'tooManyFiles') return refuse('badForm', { reason: 'Send exactly one file' });
  if (fault.kind === 'badJsonField') return refuse('badForm', { reason: 'A field of the form is not valid JSON' });
  return refuse('badForm', { reason: faultReason(fault) });
}

/** An error of our own (the database) while the form is read: answered 500, never taken for a bad body. */
class ServerFault extends Error {
  constructor(override readonly cause: unknown) {
    super('server fault while reading a form');
  }
}
const ours = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw new ServerFault(error);
  });
