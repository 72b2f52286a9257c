import type { DataOf } from '../../contract/call';
import { GetEquipmetFileData } from '../../contract/machine-reports';
import * as RandomCenter from '../../contract/random-center';
import { attachmentDisposition } from '../../domain/files/file-name.policy';
import type { RandomFileRecord } from '../../ports/product-lifecycle.port';
import { RawAnswer, defineRoute, type ApiRoute } from '../route-kit';
import { mapData } from '../outcome';
import type { RandomFilesService } from '../services/random-files.service';

/** The path a file is listed under in the lifecycle system: the machine's folder and the file's name (display only). */
const filePathOf = (f: RandomFileRecord) => `${f.orderNumber}/${f.fileName}`;

/** The call a client posts `{Id}` to for a file's bytes. */
const DOWNLOAD_PATH = `/api/${RandomCenter.Download.path}`;

const equipmentFileOf = (f: RandomFileRecord): DataOf<typeof GetEquipmetFileData>[number] => ({
  Id: f.id,
  title: f.title,
  filepath: filePathOf(f),
  webpath: DOWNLOAD_PATH,
  machinetype: f.machineType,
  fileclassify: f.classify,
});

const plmFileOf = (f: RandomFileRecord): DataOf<typeof RandomCenter.GetPLMRandomFile>[number] => ({
  Id: f.id,
  FileName: f.fileName,
  FilePath: filePathOf(f),
  Title: f.title,
  FileClassify: f.classify,
  MachineType: f.machineType,
  CreateTime: f.createdAt.toISOString(),
  Size: f.size,
});

/** api/Machine/GetEquipmetFileData and api/RandomCenter/*: a machine's random files (ADR 0007 "Random files"). */
export function randomFilesRoutes(deps: { randomFiles: RandomFilesService }): ApiRoute[] {
  const { randomFiles } = deps;
  return [
    defineRoute({
      call: GetEquipmetFileData,
      access: 'customer', needs: 'read',
      // Staff read any machine's files (the service page): their calls are audited.
      audit: 'read',
      handle: async ({ body, caller }) =>
        mapData(await randomFiles.equipmentFiles(caller!, { orderNumber: body.OrderNumber, equipmentId: body.EquipmentId }), (list) => list.map(equipmentFileOf)),
    }),
    defineRoute({
      call: RandomCenter.GetPLMRandomFile,
      access: 'customer', needs: 'read',
      // Staff read any machine's files (the service page): their calls are audited.
      audit: 'read',
      handle: async ({ body, caller }) => mapData(await randomFiles.plmFiles(caller!, body.OrderNumber), (list) => list.map(plmFileOf)),
    }),
    defineRoute({
      call: RandomCenter.Download,
      access: 'customer', needs: 'read',
      // Staff read any machine's files (the service page): their calls are audited.
      audit: 'read',
      rateLimit: { max: 60, timeWindow: 60_000 },
      async handle({ body, caller }) {
        const outcome = await randomFiles.download(caller!, body.Id);
        if (!outcome.ok) return outcome;
        const file = outcome.data;
        return new RawAnswer(file.contentType, file.bytes, {
          'content-disposition': attachmentDisposition(file.fileName),
          'cache-control': 'no-store',
          // Whatever a stored file holds, it never runs as a page of our origin.
          'content-security-policy': "default-src 'none'; sandbox",
        });
      },
    }),
  ];
}
