import type { UploadAnswer } from '../domain/documents/upload.machine';
import type { CamReportAnswer, DocumentsAnswer, WorkReportAnswer } from '../domain/documents/document-rows';
import type { DownloadedFile } from '../domain/shared/file-download.machine';
import type { Refused } from '../domain/shared/refused';

/**
 * The file screen's calls (IndustrialDocument/*, issue 18) in domain terms. A call rejects only
 * when no answer arrived (the HTTP adapter has shown the network or timeout dialog).
 */
export interface DocumentsApiPort {
  /** A page of the list when `size` is given (`offset` rows skipped), else every row. */
  list(query: { orderNumber?: string; fileName?: string; offset?: number; size?: number }, signal?: AbortSignal): Promise<DocumentsAnswer>;
  /** One request with every file; `onProgress` gets the bytes of the files sent so far. */
  upload(orderNumber: string, files: readonly File[], onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<UploadAnswer>;
  remove(id: string, signal?: AbortSignal): Promise<{ kind: 'deleted'; message: string } | Refused>;
  download(id: string, signal?: AbortSignal): Promise<DownloadedFile>;
  /** Spec 3 section 4: the tube machine's report first, then the plate machine's, else empty. */
  workReport(id: string, signal?: AbortSignal): Promise<WorkReportAnswer>;
  /** Spec 3 section 4: the CAM tube report first, then the plate reports, else empty. */
  camReport(projectId: string, signal?: AbortSignal): Promise<CamReportAnswer>;
}
