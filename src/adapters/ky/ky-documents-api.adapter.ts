import { inject, injectable } from 'inversify';
import type { AnswerOf, CallContract } from '../../contract/call';
import { isLoginExpired, isNoData, isSuccess, type Envelope } from '../../contract/envelope';
import * as Doc from '../../contract/industrial-document';
import type { UploadAnswer } from '../../domain/documents/upload.machine';
import { refused, type Refused } from '../../domain/shared/refused';
import type { CamReportAnswer, DocumentRow, DocumentsAnswer, Row, WorkReportAnswer } from '../../domain/documents/document-rows';
import type { DownloadedFile } from '../../domain/shared/file-download.machine';
import type { DocumentsApiPort } from '../../ports/documents-api.port';
import type { PortalDownloadPort, PortalHttpPort, PortalUploadPort } from '../../ports/portal-http.port';
import { PortalDownloadToken, PortalHttpToken, PortalUploadToken } from '../../ports/api-tokens';

// The file screen shows its own texts (fail1 to fail5), so the calls do not toast; the dialogs
// (expiry, network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

const rowsOf = (answer: Envelope<unknown>): Row[] => (Array.isArray(answer.ReturnData) ? (answer.ReturnData as Row[]) : []);
const refusalOf = (answer: Envelope<unknown>): Refused => refused(isLoginExpired(answer) ? '' : String(answer.info ?? ''));
const isEmpty = (answer: Envelope<unknown>) => isNoData(answer.ReturnData) || isNoData(answer.info) || (isSuccess(answer) && rowsOf(answer).length === 0);

/** DocumentsApiPort over the portal HTTP ports; the upload's progress comes from the upload port (the one seam that tells it). */
@injectable()
export class KyDocumentsApi implements DocumentsApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalDownloadToken) private readonly files: PortalDownloadPort,
    @inject(PortalUploadToken) private readonly uploads: PortalUploadPort,
  ) {}

  private call<C extends CallContract>(call: C, body: unknown, signal?: AbortSignal): Promise<AnswerOf<C>> {
    return this.http.call(call, body as never, signal, QUIET);
  }

  async list(query: { orderNumber?: string; fileName?: string; offset?: number; size?: number }, signal?: AbortSignal): Promise<DocumentsAnswer> {
    const body = {
      ...(query.orderNumber ? { OrderNumber: query.orderNumber } : {}),
      ...(query.fileName ? { FileName: query.fileName } : {}),
      // DECISIONS 1: PrevPageNums = rows skipped, TopNums = the page size.
      ...(query.size ? { PrevPageNums: query.offset ?? 0, TopNums: query.size } : {}),
    };
    const answer = await this.call(Doc.WebGetList, body, signal);
    // A page past the end is empty but still tells the total (so the screen can go back to the last page).
    if (isEmpty(answer)) return { kind: 'list', documents: [], total: typeof answer.ReturnCount === 'number' ? answer.ReturnCount : 0 };
    if (!isSuccess(answer)) return refusalOf(answer);
    const documents = rowsOf(answer).filter((r) => typeof r.Id === 'string') as unknown as DocumentRow[];
    return { kind: 'list', documents, total: answer.ReturnCount ?? documents.length };
  }

  async remove(id: string, signal?: AbortSignal) {
    const answer = await this.call(Doc.Delete, { Id: id }, signal);
    return isSuccess(answer) ? { kind: 'deleted' as const, message: answer.info } : refusalOf(answer);
  }

  async download(id: string, signal?: AbortSignal): Promise<DownloadedFile> {
    const answer = await this.files.download(Doc.Download.path, { Id: id }, signal, QUIET);
    return answer.kind === 'file' ? { kind: 'file', blob: answer.blob, fileName: answer.fileName } : refusalOf(answer.envelope);
  }

  async workReport(id: string, signal?: AbortSignal): Promise<WorkReportAnswer> {
    const tube = await this.call(Doc.GetTubeMachineReport, { Id: id }, signal);
    if (!isEmpty(tube)) return isSuccess(tube) ? { kind: 'tube', runs: rowsOf(tube) } : refusalOf(tube);
    const plate = await this.call(Doc.GetPlateMachineReport, { Id: id }, signal);
    if (!isEmpty(plate)) return isSuccess(plate) ? { kind: 'plate', runs: rowsOf(plate) } : refusalOf(plate);
    return { kind: 'empty' };
  }

  async camReport(projectId: string, signal?: AbortSignal): Promise<CamReportAnswer> {
    if (!projectId) return { kind: 'empty' };
    const body = { ProjectId: projectId };
    const tube = await this.call(Doc.GetReportTube, body, signal);
    if (!isEmpty(tube)) {
      if (!isSuccess(tube)) return refusalOf(tube);
      const [nests, parts, tubes] = await Promise.all([Doc.GetCamNests, Doc.GetCamParts, Doc.GetCamTubes].map((c) => this.call(c, body, signal)));
      return { kind: 'tube', report: rowsOf(tube)[0]!, nests: rowsOf(nests!), parts: rowsOf(parts!), tubes: rowsOf(tubes!) };
    }
    const plates = await this.call(Doc.GetPlateReports, body, signal);
    if (!isEmpty(plates)) {
      if (!isSuccess(plates)) return refusalOf(plates);
      const parts = await this.call(Doc.GetPlateParts, body, signal);
      return { kind: 'plate', reports: rowsOf(plates), parts: rowsOf(parts) };
    }
    return { kind: 'empty' };
  }

  async upload(orderNumber: string, files: readonly File[], onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<UploadAnswer> {
    const form = new FormData();
    // The order number first: the server checks the machine before it stores a byte.
    form.append('orderNumber', orderNumber);
    for (const f of files) form.append('files', f, f.name);
    const total = files.reduce((sum, f) => sum + f.size, 0);
    // The form's bytes are a little more than the files' (boundaries, headers): scale to the files.
    const progress = (loaded: number, formTotal: number) => onProgress(Math.round((loaded / formTotal) * total));
    const envelope = await this.uploads.upload<unknown>(Doc.UploadListDocument.path, form, signal, { ...QUIET, onProgress: progress, timeoutMs: UPLOAD_TIMEOUT_MS });
    return isSuccess(envelope) ? { kind: 'uploaded', count: rowsOf(envelope).length } : refusalOf(envelope);
  }
}
