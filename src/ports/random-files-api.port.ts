import type { FileAnswer, FilesAnswer } from '../domain/files/random-files.machine';

/**
 * The random files of the caller's machines (ADR 0007): the list and the download, answered in
 * domain terms. A call rejects only when no answer arrived (the HTTP adapter has shown the
 * network or timeout dialog).
 */
export interface RandomFilesApiPort {
  /** `RandomCenter/GetPLMRandomFile`: an empty list when the machine has none or is not the caller's. */
  getFiles(orderNumber: string, signal?: AbortSignal): Promise<FilesAnswer>;
  /** `RandomCenter/Download`: the file, or the refusal. */
  download(id: string, signal?: AbortSignal): Promise<FileAnswer>;
}
