import { attachmentDisposition } from '../../domain/files/file-name.policy';
import { RawAnswer, defineRoute, type ApiRoute } from '../route-kit';
import type { RandomFilesService } from '../services/random-files.service';

const ORDER_NUMBER = { type: 'string', maxLength: 100, description: 'The order number on the machine plate' };

/** api/Machine/GetEquipmetFileData and api/RandomCenter/*: a machine's random files (ADR 0007 "Random files"). */
export function randomFilesRoutes(deps: { randomFiles: RandomFilesService }): ApiRoute[] {
  const { randomFiles } = deps;
  return [
    defineRoute<{ OrderNumber?: string; EquipmentId?: string | number }>({
      controller: 'Machine',
      action: 'GetEquipmetFileData',
      access: 'customer',
      summary: "A machine's random files by OrderNumber or EquipmentId: ReturnType 1 with rows, 0 with 暂无数据 for an unknown machine or someone else's",
      body: {
        type: 'object',
        properties: {
          OrderNumber: ORDER_NUMBER,
          EquipmentId: { type: ['integer', 'string'], maxLength: 20, description: 'The machine id (equipmentid of GetMyMachine)' },
        },
      },
      handle: ({ body, caller }) => randomFiles.equipmentFiles(caller!, { orderNumber: body.OrderNumber, equipmentId: body.EquipmentId }),
    }),
    defineRoute<{ OrderNumber: string }>({
      controller: 'RandomCenter',
      action: 'GetPLMRandomFile',
      access: 'customer',
      summary: "The product-lifecycle files of the caller's machine (staff: any machine), oldest first; 暂无数据 when none or not the caller's",
      body: { type: 'object', required: ['OrderNumber'], properties: { OrderNumber: ORDER_NUMBER } },
      handle: ({ body, caller }) => randomFiles.plmFiles(caller!, body.OrderNumber),
    }),
    defineRoute<{ Id: string }>({
      controller: 'RandomCenter',
      action: 'Download',
      access: 'customer',
      summary: 'The bytes of a random file (Id of GetPLMRandomFile) as an attachment; 404 envelope for an unknown file or one of a machine not the caller\'s',
      body: { type: 'object', required: ['Id'], properties: { Id: { type: 'string', maxLength: 64, description: 'The file id' } } },
      rateLimit: { max: 60, timeWindow: 60_000 },
      async handle({ body, caller }) {
        const answer = await randomFiles.download(caller!, body.Id);
        if (!('bytes' in answer)) return answer;
        return new RawAnswer(answer.contentType, answer.bytes, {
          'content-disposition': attachmentDisposition(answer.fileName),
          'cache-control': 'no-store',
          // Whatever a stored file holds, it never runs as a page of our origin.
          'content-security-policy': "default-src 'none'; sandbox",
        });
      },
    }),
  ];
}
