import type { Readable } from 'node:stream';
import { isEmail, isPhone } from '../../domain/shared/contact-patterns';
import { fileNameProblem } from '../../domain/files/file-name.policy';
import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { CamRelease, CamStore, DownloadVia } from '../../ports/cam-store.port';
import { FileRejectedError, type ByteRange, type FileStorePort, type StoredFile } from '../../ports/file-store.port';
import type { Clock } from './clock';
import { fail, ok } from './service-result';

export type Lang = 'zh' | 'en';

/** How many releases of a product `GetCamAssistant` lists. */
export const RELEASE_LIST_LIMIT = 20;
/** A file link opened within this time of a recorded download from the same address is not counted again. */
export const DOWNLOAD_DEDUP_MS = 10 * 60_000;

const NO_RELEASE: Record<Lang, string> = {
  zh: '该软件暂未发布版本，敬请期待',
  en: 'No version of this software has been released yet. Please check back later.',
};

/** The same-origin path of a release's file (the download endpoint). */
export const fileUrlOf = (r: Pick<CamRelease, 'id' | 'filename'>) => `/api/Cam/File/${r.id}/${encodeURIComponent(r.filename)}`;

/** A release as the wire lists it (spec 1 section 3), plus the notes in both languages. */
export function releaseView(r: CamRelease, lang: Lang) {
  return {
    id: r.id,
    filename: r.filename,
    type: r.type,
    versionnumber: r.versionNumber,
    createtime: r.createTime.toISOString(),
    remark: lang === 'en' ? r.remarkEn || r.remark : r.remark || r.remarkEn,
    remarkzh: r.remark,
    remarken: r.remarkEn,
    size: r.size,
    sha256: r.sha256,
    fileurl: fileUrlOf(r),
  };
}

/** The /Information form's fields, longest values (the browser's form checks the same). */
export const CAM_CUSTOMER_LIMITS = { UserName: 50, Phone: 30, Email: 100, CompanyName: 100, Address: 200 } as const;
type CamCustomerField = keyof typeof CAM_CUSTOMER_LIMITS;
export type CamCustomerBody = Partial<Record<CamCustomerField, string>> & { lang?: string };

const CUSTOMER_MESSAGES: Record<Lang, Record<CamCustomerField | 'email' | 'phone' | 'long' | 'done', string>> = {
  en: {
    UserName: 'Contact cannot be empty',
    Phone: 'Phone cannot be empty',
    Email: 'Email cannot be empty',
    CompanyName: 'Company cannot be empty',
    Address: 'Address cannot be empty',
    email: 'Please enter the correct email format',
    phone: 'Please enter the correct phone format',
    long: 'is too long (at most {n} characters)',
    done: 'submitted successfully',
  },
  zh: {
    UserName: '联系人不能为空',
    Phone: '电话不能为空',
    Email: '邮箱不能为空',
    CompanyName: '公司名称不能为空',
    Address: '地址不能为空',
    email: '请输入正确的邮箱格式',
    phone: '请输入正确的电话格式',
    long: '过长（最多 {n} 个字符）',
    done: '提交成功',
  },
};

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

/** A step of publishing: what it produced, or the envelope that refuses the release. */
export type PublishStep<T> = { ok: true; value: T } | { ok: false; refused: Envelope };
const refuse = (status: number, info: string): PublishStep<never> => ({ ok: false, refused: fail(status, info) });

/** CAM catalogue: releases, download records, staff publishing, and the CAM customer leads. */
export class CamService {
  constructor(
    private readonly store: CamStore,
    private readonly files: FileStorePort,
    private readonly clock: Clock,
    private readonly releaseMaxBytes: number,
  ) {}

  /** `GetCamAssistant`: releases of a product newest first, or the no-data marker with a ReturnMsg. */
  async releases(productType: number, lang: Lang): Promise<Envelope> {
    const list = await this.store.releases(productType, RELEASE_LIST_LIMIT);
    if (!list.length) return ok(NO_DATA, NO_DATA, { ReturnMsg: NO_RELEASE[lang], ReturnCount: 0 });
    return ok(
      list.map((r) => releaseView(r, lang)),
      'success',
      { ReturnCount: list.length },
    );
  }

  /** `InsertDownload` (a user) and `AllowInsertDownload` (a visitor). */
  async recordDownload(releaseId: string, who: { userId: string | null; ip: string; via: DownloadVia }): Promise<Envelope> {
    const release = await this.store.release(releaseId);
    if (!release) return fail(404, 'No such software version');
    await this.store.recordDownload({ releaseId: release.id, userId: who.userId, ip: who.ip, via: who.via, at: this.clock.now() });
    return ok(fileUrlOf(release), 'success');
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
  async publish(input: PublishInput, options: { maxBytes?: number } = {}): Promise<Envelope> {
    const checked = await this.checkRelease(input);
    if (!checked.ok) return checked.refused;
    const stored = await this.storeReleaseFile(input.content, input.filename, options.maxBytes);
    if (!stored.ok) return stored.refused;
    return this.addRelease(checked.value, stored.value);
  }

  /** Step 1: the fields (known product, a version not yet published, an acceptable file name). */
  async checkRelease(input: Omit<PublishInput, 'content'>): Promise<PublishStep<ReleaseDraft>> {
    const product = await this.store.product(input.productType);
    if (!product) return refuse(400, 'Unknown ProductType');
    const version = input.versionNumber.trim();
    if (!version) return refuse(400, 'VersionNumber cannot be empty');
    if (version.length > 50 || /[\u0000-\u001f\u007f]/.test(version)) return refuse(400, 'VersionNumber is not a valid version');
    const nameProblem = fileNameProblem(input.filename);
    if (nameProblem) return refuse(400, nameProblem);
    if (await this.store.findRelease(product.type, version)) return refuse(400, `Version ${version} of this product is already published`);
    return {
      ok: true,
      value: { type: product.type, versionNumber: version, remark: input.remark.trim(), remarkEn: input.remarkEn.trim(), filename: input.filename, publishedBy: input.publishedBy },
    };
  }

  /**
   * Step 2: the file into the store, under the publishing cap (or `maxBytes` when smaller). A stream
   * is written as it arrives; one over the cap is cut off with 413 and leaves nothing stored.
   */
  async storeReleaseFile(content: Buffer | Readable, filename: string, maxBytes = this.releaseMaxBytes): Promise<PublishStep<StoredFile>> {
    try {
      const stored = await this.files.put(content, { filename, maxBytes: Math.min(maxBytes, this.releaseMaxBytes) });
      return { ok: true, value: stored };
    } catch (error) {
      if (error instanceof FileRejectedError) return refuse(error.status, error.message);
      throw error;
    }
  }

  /** Step 3: the release row for a stored file; the file is removed again when the release is refused. */
  async addRelease(draft: ReleaseDraft, stored: StoredFile): Promise<Envelope> {
    if (stored.size === 0) {
      await this.files.remove(stored.id);
      return fail(400, 'The file is empty');
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
      return fail(400, `Version ${draft.versionNumber} of this product is already published`);
    }
    return ok(releaseView(release, 'zh'), 'Published');
  }

  /** A stored file whose upload failed after it was written (a later part was refused). */
  async discardFile(stored: StoredFile): Promise<void> {
    await this.files.remove(stored.id);
  }

  /** Staff: downloads per release, optionally of one product. */
  async downloadCounts(productType: number | null): Promise<Envelope> {
    const [rows, products] = await Promise.all([this.store.downloadCounts(productType), this.store.products()]);
    const names = new Map(products.map((p) => [p.type, p.name]));
    const list = rows.map((r) => ({
      id: r.release.id,
      type: r.release.type,
      productname: names.get(r.release.type) ?? '',
      versionnumber: r.release.versionNumber,
      filename: r.release.filename,
      createtime: r.release.createTime.toISOString(),
      total: r.total,
      users: r.users,
      visitors: r.visitors,
      direct: r.direct,
      lastdownload: r.last?.toISOString() ?? null,
    }));
    return ok(list, 'success', { ReturnCount: list.length });
  }

  /** `SaveCamCustomer`: all five fields required, then the e-mail and phone formats (spec 1 section 5). */
  async saveCustomer(body: CamCustomerBody, ip: string): Promise<Envelope> {
    const lang: Lang = body.lang === 'zh' ? 'zh' : 'en';
    const m = CUSTOMER_MESSAGES[lang];
    const fields = Object.keys(CAM_CUSTOMER_LIMITS) as CamCustomerField[];
    const v = Object.fromEntries(fields.map((f) => [f, (body[f] ?? '').trim()])) as Record<CamCustomerField, string>;
    for (const f of fields) if (!v[f]) return fail(400, m[f]);
    for (const f of fields) if (v[f].length > CAM_CUSTOMER_LIMITS[f]) return fail(400, `${f} ${m.long.replace('{n}', String(CAM_CUSTOMER_LIMITS[f]))}`);
    if (!isEmail(v.Email)) return fail(400, m.email);
    if (!isPhone(v.Phone)) return fail(400, m.phone);
    await this.store.addCustomer({
      userName: v.UserName,
      phone: v.Phone,
      email: v.Email,
      companyName: v.CompanyName,
      address: v.Address,
      ip,
      createdAt: this.clock.now(),
    });
    return ok(null, m.done);
  }

  /** Staff: the leads of the /Information form, newest first. */
  async customers(offset: number, limit: number): Promise<Envelope> {
    const { rows, total } = await this.store.customers({ offset, limit });
    return ok(
      rows.map((r) => ({
        Id: r.id,
        UserName: r.userName,
        Phone: r.phone,
        Email: r.email,
        CompanyName: r.companyName,
        Address: r.address,
        CreateTime: r.createdAt.toISOString(),
      })),
      'success',
      { ReturnCount: total },
    );
  }
}
