import { isOrderNumber } from '../../domain/devices/order-number';
import type { FileStorePort } from '../../ports/file-store.port';
import type { MachineStore } from '../../ports/machine-store.port';
import type { ProductLifecyclePort, RandomFileRecord } from '../../ports/product-lifecycle.port';
import { done, refuse, type Outcome } from '../outcome';
import type { Caller } from './session.service';

/** Biggest random file handed out in one answer (the answer is held in memory while it is sent). */
export const RANDOM_FILE_MAX_BYTES = 256 * 1024 * 1024;

/** A file to send: its bytes and the name and type it goes by. */
export interface RandomFileDownload {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const contentTypeOf = (fileName: string) => (/\.pdf$/i.test(fileName) ? 'application/pdf' : 'application/octet-stream');

/**
 * Machine random files (ADR 0007 "Random files"): the product-lifecycle files of a machine for the
 * members of the company that owns it (ADR 0030), and of any machine for staff. Another company's
 * machine answers exactly as an unknown one, so the calls never tell whether an order number exists.
 */
export class RandomFilesService {
  constructor(
    private readonly lifecycle: ProductLifecyclePort,
    private readonly machines: Pick<MachineStore, 'ownsMachine' | 'findById'>,
    private readonly files: FileStorePort,
  ) {}

  /**
   * `Machine/GetEquipmetFileData`: by order number or equipment id; an empty list for a machine the
   * caller may not read. ReturnType says whether there are rows (1) or not (0), as the original did.
   */
  async equipmentFiles(caller: Caller, query: { orderNumber?: string; equipmentId?: string | number }): Promise<Outcome<RandomFileRecord[], 'noMachine'>> {
    const orderNumber = await this.orderNumberOf(caller, query);
    if (orderNumber === 'missing') return refuse('noMachine');
    const list = orderNumber ? await this.lifecycle.filesOf(orderNumber) : [];
    return done(list, undefined, { ReturnType: list.length ? 1 : 0 });
  }

  /** `RandomCenter/GetPLMRandomFile`: the machine's files, oldest first; an empty list for a machine the caller may not read. */
  async plmFiles(caller: Caller, orderNumberInput: string): Promise<Outcome<RandomFileRecord[]>> {
    const orderNumber = orderNumberInput.trim();
    return done((await this.mayRead(caller, orderNumber)) ? await this.lifecycle.filesOf(orderNumber) : []);
  }

  /** `RandomCenter/Download`: the file's bytes; an unknown file and one of someone else's machine are alike not found. */
  async download(caller: Caller, idInput: string): Promise<Outcome<RandomFileDownload, 'notFound' | 'tooLarge'>> {
    const record = await this.lifecycle.file(idInput.trim());
    if (!record || !(await this.mayRead(caller, record.orderNumber))) return refuse('notFound');
    const opened = await this.files.open(record.fileId);
    if (!opened) return refuse('notFound');
    if (opened.size > RANDOM_FILE_MAX_BYTES) {
      opened.stream.destroy();
      return refuse('tooLarge');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return done({ fileName: record.fileName, contentType: contentTypeOf(record.fileName), bytes: Buffer.concat(chunks) });
  }

  private async mayRead(caller: Caller, orderNumber: string): Promise<boolean> {
    if (!isOrderNumber(orderNumber)) return false;
    return caller.isStaff || this.machines.ownsMachine(caller.companyId, orderNumber);
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
    return caller.isStaff || machine.ownerId === caller.companyId ? machine.orderNumber : null;
  }
}
