import type { Readable } from 'node:stream';
import { isOrderNumber } from '../../domain/devices/order-number';
import { documentContentProblem, documentNameProblem, DOCUMENT_MAX_FILES } from '../../domain/documents/document-file.policy';
import { fileNameProblem } from '../../domain/files/file-name.policy';
import { formatBytes } from '../../domain/shared/byte-size';
import { FileRejectedError, type FileStorePort, type OpenedFile, type StoredFile } from '../../ports/file-store.port';
import type { CamReportRecord, DocumentRecord, IndustrialDocumentStore } from '../../ports/industrial-document-store.port';
import type { JobRun, MachineEventStore } from '../../ports/machine-event-store.port';
import type { MachineStore } from '../../ports/machine-store.port';
import type { Clock } from '../../ports/clock.port';
import { decodeBase64 } from '../base64';
import { done, refuse, type Outcome } from '../outcome';
import { faultReason, type UploadFault, type UploadForm } from './upload-form';
import type { Caller } from './session.service';

/** Limits of the file screen's uploads (config: DOCUMENT_MAX_BYTES, DOCUMENT_REQUEST_MAX_BYTES). */
export interface DocumentLimits {
  fileMaxBytes: number;
  requestMaxBytes: number;
  maxFiles: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = { fileMaxBytes: 256 * 1024 * 1024, requestMaxBytes: 512 * 1024 * 1024, maxFiles: DOCUMENT_MAX_FILES };

/** A part image of a CAM report, at most this large. */
export const CAM_IMAGE_MAX_BYTES = 512 * 1024;
/** Runs of one job a work report lists. */
const RUNS = 50;

export type StoreRefusal = 'plusSign' | 'badName' | 'badType' | 'fileTooLarge' | 'requestTooLarge';
/** Why `UploadListDocument`'s form is refused (named as the call's contract names them). */
export type UploadRefusal = StoreRefusal | 'badForm' | 'orderNumberRequired' | 'notYourMachine' | 'tooManyFiles' | 'fileRequired';
type Values = Record<string, string | number>;

/** What the nesting software posts (contract `CAM_REPORT_INPUT`, validated by its schema before this sees it). */
export interface CamReportInput {
  OrderNumber: string;
  FileName: string;
  Tube?: { Report: Record<string, unknown>; Nests: Record<string, unknown>[]; Parts: Record<string, unknown>[]; Tubes: Record<string, unknown>[] };
  Plate?: { Reports: Record<string, unknown>[]; Parts: Record<string, unknown>[] };
  Images?: Array<{ Name: string; ContentBase64: string }>;
}

const RASTER = new Set(['png', 'jpg', 'gif', 'webp']);
const looksLikeSvg = (bytes: Buffer) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(bytes.subarray(0, 2048).toString('utf8').replace(/^\uFEFF/, ''));

/** The path an image of a CAM report is served at (a capability link: its id is 128 random bits). */
export const camImagePath = (fileId: string, name: string) => `/api/IndustrialDocument/Image/${fileId}/${encodeURIComponent(name)}`;

/**
 * Industrial documents (spec 3 "File screen", issue 18): a machine's documents belong to the
 * company that owns the machine (ADR 0030: the caller's company, not their user id); another
 * company's document answers exactly as an unknown one. Each row keeps the member who uploaded it. Work reports come
 * from the machine's task events whose TaskName is the document's file name; CAM reports from
 * what the nesting software posted for that machine and file name.
 */
export class DocumentService {
  constructor(
    private readonly store: IndustrialDocumentStore,
    private readonly machines: Pick<MachineStore, 'listByOwner' | 'ownsMachine' | 'findByOrderNumber'>,
    private readonly events: Pick<MachineEventStore, 'tasksNamed'>,
    private readonly files: FileStorePort,
    private readonly clock: Clock,
    readonly limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
  ) {}

  /** `WebGetList`: the caller's machines' documents, of one machine or by part of the name. */
  async list(caller: Caller, query: { orderNumber?: string; fileName?: string; offset: number; limit: number }): Promise<Outcome<DocumentRecord[]>> {
    const orderNumber = query.orderNumber?.trim();
    let orderNumbers: string[];
    if (orderNumber) orderNumbers = (await this.mayRead(caller, orderNumber)) ? [orderNumber] : [];
    else orderNumbers = (await this.machines.listByOwner(caller.companyId)).map((m) => m.orderNumber);
    const fileName = query.fileName?.trim() || undefined;
    const { rows, total } = await this.store.list({ orderNumbers, fileName, offset: query.offset, limit: query.limit });
    return done(rows, total);
  }

  /**
   * `UploadListDocument`'s form: orderNumber, then the files, each streamed into the file store as
   * it arrives and checked by name before and by content after. The rows are written once the whole
   * body was read; any failure on the way (a refused file, a limit, a body cut short) removes every
   * file stored.
   */
  async upload(caller: Caller, form: UploadForm): Promise<Outcome<DocumentRecord[], UploadRefusal>> {
    const stored: Array<{ file: StoredFile; name: string }> = [];
    let orderNumber: string | null = null;
    let typedOrder: string | undefined;
    let used = 0;
    const refused = async (outcome: Outcome<never, UploadRefusal>) => {
      await this.discard(stored.map((s) => s.file));
      stored.length = 0;
      await form.refused();
      return outcome;
    };
    try {
      for await (const part of form.parts()) {
        if (part.kind === 'field') {
          if (part.name === 'orderNumber' || part.name === 'OrderNumber') {
            if (typeof part.value !== 'string' || part.value.includes('\u0000')) return await refused(refuse('badForm', { reason: 'orderNumber must be text' }));
            if (orderNumber !== null) return await refused(refuse('badForm', { reason: 'orderNumber must be sent once, before the files' }));
            typedOrder = part.value;
          }
          continue;
        }
        if (orderNumber === null) {
          const machine = await this.checkMachine(caller, typedOrder);
          if (!machine.ok) {
            part.content.destroy();
            return await refused(machine);
          }
          orderNumber = machine.data;
        }
        if (stored.length >= this.limits.maxFiles) {
          part.content.destroy();
          return await refused(refuse('tooManyFiles', { max: this.limits.maxFiles }));
        }
        const written = await this.storeFile(part.content, part.filename, used);
        if (!written.ok) {
          part.content.destroy();
          return await refused(written);
        }
        used += written.data.size;
        stored.push({ file: written.data, name: part.filename });
      }
    } catch (error) {
      const fault = form.faultOf(error);
      if (!fault) {
        await this.discard(stored.map((s) => s.file));
        form.failed();
        throw error;
      }
      return refused(this.faultRefusal(fault));
    }
    if (!stored.length) {
      if (orderNumber === null && !typedOrder?.trim()) return refuse('orderNumberRequired');
      return refuse('fileRequired');
    }
    return this.addDocuments(caller, orderNumber!, stored);
  }

  /** The upload's refusal of a body the client got wrong. */
  private faultRefusal(fault: UploadFault): Outcome<never, 'fileTooLarge' | 'badForm'> {
    // The multipart limit is one byte over the store's, so the store refuses first; should the parser win the race, the answer is the same 413.
    if (fault.kind === 'fileTooLarge') return refuse('fileTooLarge', { name: 'A file', limit: formatBytes(this.limits.fileMaxBytes) });
    if (fault.kind === 'tooManyFiles') return refuse('badForm', { reason: 'Too many files in one upload' });
    return refuse('badForm', { reason: faultReason(fault.kind === 'badJsonField' ? { ...fault, kind: 'malformed' } : fault) });
  }

  /** The machine an upload is for, when the caller may add to it. */
  async checkMachine(caller: Caller, orderNumberInput: string | undefined): Promise<Outcome<string, 'orderNumberRequired' | 'notYourMachine'>> {
    const orderNumber = orderNumberInput?.trim();
    if (!orderNumber) return refuse('orderNumberRequired');
    return (await this.mayRead(caller, orderNumber)) ? done(orderNumber) : refuse('notYourMachine');
  }

  /** Why a file of an upload is refused by its name, before a byte is stored. */
  nameRefusal(name: string): Outcome<null, 'plusSign' | 'badName' | 'badType'> {
    const problem = documentNameProblem(name);
    if (!problem) return done(null);
    const shown = name.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '?').slice(0, 180) || '(no name)';
    if (problem.kind === 'plus') return refuse('plusSign');
    if (problem.kind === 'extension') return refuse('badType', { name: shown, reason: `.${problem.extension || '(none)'} files are not documents` });
    return refuse('badName', { name: shown, reason: problem.reason });
  }

  /**
   * Streams one file of an upload into the file store, within the file limit and what is left of
   * the request's; checks its bytes once stored (type by content). Nothing of a refused file is kept.
   */
  async storeFile(content: Readable, name: string, usedBytes: number): Promise<Outcome<StoredFile, StoreRefusal>> {
    const named = this.nameRefusal(name);
    if (!named.ok) return named;
    const left = this.limits.requestMaxBytes - usedBytes;
    const requestBound = left < this.limits.fileMaxBytes;
    let stored: StoredFile;
    try {
      stored = await this.files.put(content, { filename: name, maxBytes: Math.max(0, requestBound ? left : this.limits.fileMaxBytes) });
    } catch (error) {
      if (error instanceof FileRejectedError && error.status === 413) {
        return requestBound
          ? refuse('requestTooLarge', { limit: formatBytes(this.limits.requestMaxBytes) })
          : refuse('fileTooLarge', { name, limit: formatBytes(this.limits.fileMaxBytes) });
      }
      if (error instanceof FileRejectedError) return refuse('badName', { name, reason: error.message });
      throw error;
    }
    const problem = documentContentProblem(name, stored.detected?.ext);
    if (problem) {
      await this.files.remove(stored.id);
      return refuse('badType', { name, reason: problem });
    }
    return done(stored);
  }

  async discard(stored: readonly StoredFile[]): Promise<void> {
    await Promise.all(stored.map((s) => this.files.remove(s.id)));
  }

  /** The rows of an upload whose files are all stored, in one transaction; the files go when it fails. */
  async addDocuments(caller: Caller, orderNumber: string, stored: ReadonlyArray<{ file: StoredFile; name: string }>): Promise<Outcome<DocumentRecord[]>> {
    try {
      const rows = await this.store.insertMany(
        stored.map(({ file, name }) => ({ orderNumber, fileName: name, fileId: file.id, size: file.size, sha256: file.sha256, uploadedBy: caller.userId })),
        this.clock.now(),
      );
      return done(rows);
    } catch (error) {
      await this.discard(stored.map((s) => s.file));
      throw error;
    }
  }

  /** `Delete`: the row, then its file. */
  async delete(caller: Caller, id: string): Promise<Outcome<null, 'notFound'>> {
    const record = await this.readable(caller, id);
    if (!record) return refuse('notFound');
    const removed = await this.store.remove(record.id);
    if (removed) await this.files.remove(removed.fileId);
    return done(null);
  }

  /** `Download`: the document and its bytes as a stream. */
  async open(caller: Caller, id: string): Promise<Outcome<{ record: DocumentRecord; file: OpenedFile }, 'notFound'>> {
    const record = await this.readable(caller, id);
    const file = record ? await this.files.open(record.fileId) : null;
    return record && file ? done({ record, file }) : refuse('notFound');
  }

  /** `GetTubeMachineReport`: the tube machine's runs of the document's job. */
  async tubeWorkReport(caller: Caller, id: string): Promise<Outcome<Array<{ orderNumber: string; run: JobRun }>>> {
    const record = await this.readable(caller, id);
    if (!record) return done([]);
    const runs = await this.events.tasksNamed(record.orderNumber, 'tube', record.fileName, RUNS);
    return done(runs.map((run) => ({ orderNumber: record.orderNumber, run })));
  }

  /** `GetPlateMachineReport`: the sheet machine's runs of the document's job, with the machine's name. */
  async plateWorkReport(caller: Caller, id: string): Promise<Outcome<Array<{ orderNumber: string; machineName: string; run: JobRun }>>> {
    const record = await this.readable(caller, id);
    if (!record) return done([]);
    const runs = await this.events.tasksNamed(record.orderNumber, 'sheet', record.fileName, RUNS);
    if (!runs.length) return done([]);
    const machineName = (await this.machines.findByOrderNumber(record.orderNumber))?.name ?? '';
    return done(runs.map((run) => ({ orderNumber: record.orderNumber, machineName, run })));
  }

  /** The CAM report the calls of a ProjectId read; null when unknown or not the caller's. */
  async camReport(caller: Caller, projectId: string): Promise<CamReportRecord | null> {
    const report = await this.store.findCamReport(projectId.trim());
    return report && (await this.mayRead(caller, report.orderNumber)) ? report : null;
  }

  /** `PostCamReport`: stores the images, then the report with their paths in place of their names. */
  async postCamReport(
    caller: Caller,
    input: CamReportInput,
  ): Promise<Outcome<{ ProjectId: string; Images: number }, 'notYourMachine' | 'emptyReport' | 'badName' | 'badImage' | 'missingImage'>> {
    const machine = await this.checkMachine(caller, input.OrderNumber);
    if (!machine.ok) return refuse('notYourMachine');
    if (!input.Tube && !input.Plate) return refuse('emptyReport');
    const fileName = input.FileName.trim();
    const nameProblem = fileNameProblem(fileName);
    if (nameProblem) return refuse('badName', { name: fileName || '(no name)', reason: nameProblem });
    const stored: StoredFile[] = [];
    const paths = new Map<string, string>();
    try {
      for (const image of input.Images ?? []) {
        const problem = fileNameProblem(image.Name);
        if (problem) return await this.failed(stored, refuse('badImage', { name: image.Name || '(no name)', reason: problem }));
        if (paths.has(image.Name)) return await this.failed(stored, refuse('badImage', { name: image.Name, reason: 'sent twice' }));
        const bytes = decodeBase64(image.ContentBase64);
        if (!bytes) return await this.failed(stored, refuse('badImage', { name: image.Name, reason: 'ContentBase64 is not base64' }));
        if (bytes.length > CAM_IMAGE_MAX_BYTES) return await this.failed(stored, refuse('badImage', { name: image.Name, reason: `larger than ${formatBytes(CAM_IMAGE_MAX_BYTES)}` }));
        const file = await this.files.put(bytes, { filename: image.Name, maxBytes: CAM_IMAGE_MAX_BYTES });
        stored.push(file);
        const isImage = file.detected ? RASTER.has(file.detected.ext) : looksLikeSvg(bytes);
        if (!isImage) return await this.failed(stored, refuse('badImage', { name: image.Name, reason: 'not a PNG, JPEG, GIF, WebP or SVG image' }));
        paths.set(image.Name, camImagePath(file.id, image.Name));
      }
      let missing: string | null = null;
      const withImage = (row: Record<string, unknown>, field: string) => {
        const name = typeof row[field] === 'string' ? (row[field] as string) : '';
        if (name && !paths.has(name)) missing ??= name;
        return { ...row, [field]: name ? (paths.get(name) ?? '') : '' };
      };
      const at = this.clock.now().toISOString();
      const tube = input.Tube
        ? {
            report: { ...input.Tube.Report, CreateTime: String(input.Tube.Report.CreateTime ?? at) },
            nests: input.Tube.Nests,
            parts: input.Tube.Parts.map((p) => withImage(p, 'ImageFile')),
            tubes: input.Tube.Tubes,
          }
        : null;
      const plate = input.Plate
        ? {
            reports: input.Plate.Reports.map((r) => withImage(r, 'ImageFile')),
            parts: input.Plate.Parts.map((p) => withImage({ ...p, CreateTime: String(p.CreateTime ?? at) }, 'PartImageFile')),
          }
        : null;
      if (missing) return await this.failed(stored, refuse('missingImage', { name: missing }));
      const report = await this.store.insertCamReport({ orderNumber: machine.data, fileName, tube, plate, imageIds: stored.map((s) => s.id) }, this.clock.now());
      return done({ ProjectId: report.id, Images: stored.length });
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
  }

  /** A CAM report's image, served to whoever has its link. */
  async openImage(fileId: string): Promise<OpenedFile | null> {
    if (!/^[0-9a-f]{32}$/.test(fileId) || !(await this.store.camImageExists(fileId))) return null;
    return this.files.open(fileId);
  }

  private async failed<T>(stored: StoredFile[], outcome: T): Promise<T> {
    await this.discard(stored);
    stored.length = 0;
    return outcome;
  }

  private async readable(caller: Caller, id: string): Promise<DocumentRecord | null> {
    const record = await this.store.find(id.trim());
    return record && (await this.mayRead(caller, record.orderNumber)) ? record : null;
  }

  private async mayRead(caller: Caller, orderNumber: string): Promise<boolean> {
    if (!isOrderNumber(orderNumber)) return false;
    return caller.isStaff || this.machines.ownsMachine(caller.companyId, orderNumber);
  }
}

export type { Values };
