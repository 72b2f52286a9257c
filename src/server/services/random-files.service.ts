import { isOrderNumber } from '../../domain/devices/order-number';
import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { FileStorePort } from '../../ports/file-store.port';
import type { MachineStore } from '../../ports/machine-store.port';
import type { ProductLifecyclePort, RandomFileRecord } from '../../ports/product-lifecycle.port';
import type { Caller } from './session.service';
import { fail, ok } from './service-result';

/** The call a client posts `{Id}` to for a file's bytes; `webpath` of GetEquipmetFileData names it. */
export const DOWNLOAD_PATH = '/api/RandomCenter/Download';

/** Biggest random file handed out in one answer (the answer is held in memory while it is sent). */
export const RANDOM_FILE_MAX_BYTES = 256 * 1024 * 1024;

export const FILE_NOT_FOUND_INFO = 'The file does not exist';

/** A file to send: its bytes and the name and type it goes by. */
export interface RandomFileDownload {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The path a file is listed under in the lifecycle system: the machine's folder and the file's name (display only). */
const filePathOf = (f: RandomFileRecord) => `${f.orderNumber}/${f.fileName}`;

const contentTypeOf = (fileName: string) => (/\.pdf$/i.test(fileName) ? 'application/pdf' : 'application/octet-stream');

/**
 * Machine random files (ADR 0007 "Random files"): the product-lifecycle files of a machine for its
 * owner, and of any machine for staff. Someone else's machine answers exactly as an unknown one,
 * so the calls never tell whether an order number exists.
 */
export class RandomFilesService {
  constructor(
    private readonly lifecycle: ProductLifecyclePort,
    private readonly machines: Pick<MachineStore, 'ownsMachine' | 'findById'>,
    private readonly files: FileStorePort,
  ) {}

  /** `Machine/GetEquipmetFileData`: by order number or equipment id; ReturnType 1 with rows, 0 with 暂无数据. */
  async equipmentFiles(caller: Caller, query: { orderNumber?: string; equipmentId?: string | number }): Promise<Envelope> {
    const orderNumber = await this.orderNumberOf(caller, query);
    if (orderNumber === 'missing') return fail(400, 'OrderNumber or EquipmentId is required');
    const list = orderNumber ? await this.lifecycle.filesOf(orderNumber) : [];
    if (!list.length) return ok(NO_DATA, NO_DATA, { ReturnType: 0, ReturnCount: 0 });
    return ok(
      list.map((f) => ({
        Id: f.id,
        title: f.title,
        filepath: filePathOf(f),
        webpath: DOWNLOAD_PATH,
        machinetype: f.machineType,
        fileclassify: f.classify,
      })),
      'success',
      { ReturnType: 1, ReturnCount: list.length },
    );
  }

  /** `RandomCenter/GetPLMRandomFile`: the machine's files, oldest first, or 暂无数据. */
  async plmFiles(caller: Caller, orderNumberInput: string): Promise<Envelope> {
    const orderNumber = orderNumberInput.trim();
    const list = (await this.mayRead(caller, orderNumber)) ? await this.lifecycle.filesOf(orderNumber) : [];
    if (!list.length) return ok(NO_DATA, NO_DATA, { ReturnCount: 0 });
    return ok(
      list.map((f) => ({
        Id: f.id,
        FileName: f.fileName,
        FilePath: filePathOf(f),
        Title: f.title,
        FileClassify: f.classify,
        MachineType: f.machineType,
        CreateTime: f.createdAt.toISOString(),
        Size: f.size,
      })),
      'success',
      { ReturnCount: list.length },
    );
  }

  /** `RandomCenter/Download`: the file's bytes, or the 404 envelope for an unknown file or one of someone else's machine. */
  async download(caller: Caller, idInput: string): Promise<RandomFileDownload | Envelope> {
    const record = await this.lifecycle.file(idInput.trim());
    if (!record || !(await this.mayRead(caller, record.orderNumber))) return fail(404, FILE_NOT_FOUND_INFO);
    const opened = await this.files.open(record.fileId);
    if (!opened) return fail(404, FILE_NOT_FOUND_INFO);
    if (opened.size > RANDOM_FILE_MAX_BYTES) {
      opened.stream.destroy();
      return fail(413, 'The file is too large to download here; please ask service for it');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return { fileName: record.fileName, contentType: contentTypeOf(record.fileName), bytes: Buffer.concat(chunks) };
  }

  private async mayRead(caller: Caller, orderNumber: string): Promise<boolean> {
    if (!isOrderNumber(orderNumber)) return false;
    return caller.isStaff || this.machines.ownsMachine(caller.userId, orderNumber);
  }

  /** The order number a query names when the caller may read it; null when not; 'missing' when it names none. */
  private async orderNumberOf(caller: Caller, query: { orderNumber?: string; equipmentId?: string | number }): Promise<string | null | 'missing'> {
    const typed = query.orderNumber?.trim();
    if (typed) return (await this.mayRead(caller, typed)) ? typed : null;
    const rawId = typeof query.equipmentId === 'string' ? query.equipmentId.trim() : query.equipmentId;
    if (rawId === undefined || rawId === '') return 'missing';
    const id = Number(rawId);
    const machine = Number.isSafeInteger(id) ? await this.machines.findById(id) : null;
    if (!machine) return null;
    return caller.isStaff || machine.ownerId === caller.userId ? machine.orderNumber : null;
  }
}
