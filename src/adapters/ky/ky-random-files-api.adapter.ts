import { inject, injectable } from 'inversify';
import { isLoginExpired, isNoData, isSuccess, type Envelope } from '../../contract/envelope';
import * as RandomCenter from '../../contract/random-center';
import type { FileAnswer, FilesAnswer, RandomFileRow } from '../../domain/files/random-files.machine';
import { refused } from '../../domain/shared/refused';
import type { PortalDownloadPort, PortalHttpPort } from '../../ports/portal-http.port';
import type { RandomFilesApiPort } from '../../ports/random-files-api.port';
import { PortalDownloadToken, PortalHttpToken } from '../../ports/api-tokens';

// The random-file page shows no data as an empty table and a refused download as its own
// warning, so the calls do not toast. Dialogs (expiry, network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** RandomFilesApiPort over the portal HTTP ports: `RandomCenter/GetPLMRandomFile` and `RandomCenter/Download` (ADR 0007), read into domain terms. */
@injectable()
export class KyRandomFilesApi implements RandomFilesApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalDownloadToken) private readonly files: PortalDownloadPort,
  ) {}

  async getFiles(orderNumber: string, signal?: AbortSignal): Promise<FilesAnswer> {
    return readFilesAnswer(await this.http.call(RandomCenter.GetPLMRandomFile, { OrderNumber: orderNumber }, signal, QUIET));
  }

  async download(id: string, signal?: AbortSignal): Promise<FileAnswer> {
    const answer = await this.files.download(RandomCenter.Download.path, { Id: id }, signal, QUIET);
    return answer.kind === 'file' ? { kind: 'file', blob: answer.blob, fileName: answer.fileName } : refused(answer.envelope.info);
  }
}

function isFileRow(value: unknown): value is RandomFileRow {
  const row = value as Partial<RandomFileRow> | null;
  return !!row && typeof row === 'object' && typeof row.Id === 'string' && row.Id !== '' && typeof row.FileName === 'string';
}

/** A row as the page shows it: a title (the file name when the row has none), and every field of its type. */
const tidyRow = (row: RandomFileRow): RandomFileRow => ({
  Id: row.Id,
  FileName: row.FileName,
  FilePath: typeof row.FilePath === 'string' ? row.FilePath : '',
  Title: typeof row.Title === 'string' && row.Title.trim() ? row.Title : row.FileName,
  FileClassify: typeof row.FileClassify === 'string' ? row.FileClassify : '',
  MachineType: Number(row.MachineType) === 1 ? 1 : 0,
  CreateTime: typeof row.CreateTime === 'string' ? row.CreateTime : '',
  Size: Number.isFinite(Number(row.Size)) ? Number(row.Size) : 0,
});

/** GetPLMRandomFile: the rows, an empty list for the no-data marker (spec 3 section 8), or the refusal ('' for an expired login: the dialog tells). */
function readFilesAnswer(answer: Envelope<unknown>): FilesAnswer {
  const data = answer.ReturnData;
  if (isNoData(data) || isNoData(answer.info)) return { kind: 'list', files: [] };
  if (isSuccess(answer)) return { kind: 'list', files: Array.isArray(data) ? data.filter(isFileRow).map(tidyRow) : [] };
  return refused(isLoginExpired(answer) ? '' : String(answer.info ?? ''));
}
