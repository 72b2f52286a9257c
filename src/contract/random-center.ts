import { defineCall } from './call';

/**
 * api/RandomCenter/*: the random files of a machine from the product-lifecycle system (spec 3,
 * ADR 0007 "Random files"), for the machine's owner and for staff.
 */

export const GetPLMRandomFile = defineCall({
  path: 'RandomCenter/GetPLMRandomFile',
  summary: "The product-lifecycle files of the caller's machine (staff: any machine), oldest first; 暂无数据 when none or not the caller's",
  body: {
    type: 'object',
    required: ['OrderNumber'],
    properties: { OrderNumber: { type: 'string', maxLength: 100, description: 'The order number on the machine plate' } },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Id', 'FileName', 'FilePath', 'Title', 'FileClassify', 'MachineType', 'CreateTime', 'Size'],
      additionalProperties: false,
      properties: {
        Id: { type: 'string', description: 'What Download takes' },
        FileName: { type: 'string' },
        FilePath: { type: 'string', description: 'The folder and name the file is listed under (display only)' },
        Title: { type: 'string' },
        FileClassify: { type: 'string', description: 'certificate, schematic, packing-list, test-report, manual, ...' },
        MachineType: { type: 'integer', enum: [0, 1], description: '0 cutting machine, 1 welding machine' },
        CreateTime: { type: 'string', description: 'ISO 8601' },
        Size: { type: 'integer', minimum: 0, description: 'bytes' },
      },
    },
  },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

/** Unknown, someone else's and missing files answer alike, so an id never tells whether it exists. */
export const Download = defineCall({
  path: 'RandomCenter/Download',
  summary:
    "The bytes of a random file (Id of GetPLMRandomFile) as an attachment with the file's own type; an envelope answers only a refusal: " +
    "404 for an unknown file or one of a machine not the caller's, 413 for one too large",
  body: { type: 'object', required: ['Id'], properties: { Id: { type: 'string', maxLength: 64, description: 'The file id' } } },
  // A success is the file, never an envelope.
  data: { type: 'null', description: 'Never sent: a success is the file itself' },
  file: { mediaType: '*/*', description: "The file as an attachment, with the file's own Content-Type" },
  refusals: {
    notFound: { code: 404, info: 'The file does not exist' },
    tooLarge: { code: 413, info: 'The file is too large to download here; please ask service for it' },
  },
});
