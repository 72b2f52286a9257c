import type { RandomFileRow } from '../domain/knowledge/random-files.machine';
import type { Envelope } from '../domain/shared/envelope';
import type { PortalDownload } from './portal-http.port';

/** A random file of a machine as `RandomCenter/GetPLMRandomFile` answers it (ADR 0007). */
export type RandomFile = RandomFileRow;

/** The random files of the caller's machines: list and download. */
export interface RandomFilesApiPort {
  /** `暂无数据` when the machine has none or is not the caller's. */
  getFiles(orderNumber: string, signal?: AbortSignal): Promise<Envelope<RandomFile[] | string>>;
  /** `RandomCenter/Download`: the file, or the envelope of a refusal. */
  download(id: string, signal?: AbortSignal): Promise<PortalDownload>;
}
