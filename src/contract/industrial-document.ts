import { defineCall, PAGING_PROPERTIES } from './call';

/**
 * api/IndustrialDocument/* (spec 3 "File screen", issue 18): a machine's industrial documents
 * (the caller's machines only), the work report of a document's job from the machine events,
 * and the nesting software's CAM report of it. `PostCamReport` is ours: the nesting software
 * (or `npm run cam-report`) posts a job's report with its part images.
 */

const OrderNumber = { type: 'string', maxLength: 100, description: 'The order number on the machine plate' } as const;
const Id = { type: 'string', maxLength: 64, description: 'The document id (WebGetList)' } as const;
const ProjectId = { type: 'string', maxLength: 64, description: "The CAM report's id (WebGetList's ProjectId)" } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const iso = { type: 'string', description: 'ISO 8601' } as const;
const listAnswer = { success: 'success', empty: { data: 'no-data' } } as const;
const image = { type: 'string', description: 'Path of the image under the API host ("" when the report sent none)' } as const;

const row = <const P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', required: Object.keys(properties) as unknown as readonly (keyof P & string)[], additionalProperties: false, properties }) as const;

export const documentRow = row({
  Id: str,
  FileName: str,
  CreateTime: iso,
  OrderNumber: str,
  FilePath: { type: 'string', description: 'The machine folder and name it is listed under (display only)' },
  ProjectId: { type: 'string', description: 'The CAM report of this job ("" when the nesting software sent none)' },
  Size: { type: 'integer', minimum: 0, description: 'bytes' },
  UploadedByName: { type: 'string', description: "The company member (or staff) who uploaded it (issue 37 item 4); '' when unknown" },
});

export const WebGetList = defineCall({
  path: 'IndustrialDocument/WebGetList',
  summary:
    "The industrial documents of the caller's machines, newest first: of one machine (OrderNumber), or whose file name contains FileName; " +
    'paged (PrevPageNums, TopNums; all when absent), ReturnCount the total; 暂无数据 when none',
  body: { type: 'object', properties: { OrderNumber, FileName: { type: 'string', maxLength: 180 }, ...PAGING_PROPERTIES } },
  data: { type: 'array', items: documentRow },
  ...listAnswer,
  refusals: {},
});

/** Someone else's document and an unknown one answer alike. */
const notFound = { code: 404, info: 'The document does not exist' } as const;

export const Delete = defineCall({
  path: 'IndustrialDocument/Delete',
  summary: "Deletes a document of the caller's machine, its file with it",
  body: { type: 'object', required: ['Id'], properties: { Id } },
  data: { type: 'null' },
  success: '删除成功!',
  refusals: { notFound },
});

export const Download = defineCall({
  path: 'IndustrialDocument/Download',
  summary: 'The bytes of a document (streamed, as an attachment, nosniff); an envelope answers only a refusal: 404 for an unknown document or one not the caller\'s',
  body: { type: 'object', required: ['Id'], properties: { Id } },
  data: { type: 'null', description: 'Never sent: a success is the file itself' },
  file: { mediaType: 'application/octet-stream', description: 'The document as an attachment (Content-Disposition names it)' },
  refusals: { notFound },
});

/** The multipart form of `UploadListDocument`, for the OpenAPI document. */
export const UPLOAD_FORM = {
  // The handler reads the form while it streams: the validator sees no body (null).
  type: ['object', 'null'],
  properties: {
    orderNumber: { ...OrderNumber, description: "The caller's machine; send it before the files" },
    files: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The documents (repeated part named files)' },
  },
} as const;

export const UploadListDocument = defineCall({
  path: 'IndustrialDocument/UploadListDocument',
  summary:
    "Uploads documents of the caller's machine: multipart/form-data with orderNumber first, then the files (repeated part `files`), " +
    'each streamed to the file store; limits per file and per request answer 413; a refused or broken upload stores nothing',
  body: {
    description: 'multipart/form-data',
    content: {
      'application/json': { schema: { type: 'object', description: 'Refused with 415: send multipart/form-data' } },
      'multipart/form-data': { schema: UPLOAD_FORM },
    },
  },
  data: { type: 'array', items: documentRow },
  success: 'success',
  refusals: {
    notMultipart: { code: 415, info: 'Send the documents as multipart/form-data' },
    badForm: { code: 400, id: 'files.badForm', info: (v: Readonly<Record<string, string | number>>) => String(v.reason) },
    orderNumberRequired: { code: 400, info: 'orderNumber is required (send it before the files)' },
    notYourMachine: { code: 400, info: 'This machine is not one of yours' },
    fileRequired: { code: 400, info: 'Choose at least one file' },
    tooManyFiles: { code: 400, id: 'files.tooMany', info: (v: Readonly<Record<string, string | number>>) => `Send at most ${v.max} files at once` },
    plusSign: { code: 400, info: 'The file name may not contain "+"' },
    badName: { code: 400, id: 'files.badName', info: (v: Readonly<Record<string, string | number>>) => `${v.name}: ${v.reason}` },
    badType: { code: 415, id: 'files.badType', info: (v: Readonly<Record<string, string | number>>) => `${v.name}: ${v.reason}` },
    fileTooLarge: { code: 413, id: 'files.tooLarge', info: (v: Readonly<Record<string, string | number>>) => `${v.name} is larger than ${v.limit}` },
    requestTooLarge: { code: 413, id: 'files.requestTooLarge', info: (v: Readonly<Record<string, string | number>>) => `The files together are larger than ${v.limit}` },
  },
});

// Work reports (spec 3 entities): the runs of the document's job, from the machine's task events.

const tubeWorkReport = row({
  OrderNumber: str,
  ProcessType: { type: 'integer', enum: [0, 1], description: '1 process, 0 empty operation' },
  Thickness: num,
  PartCount: int,
  PierceCount: int,
  PierceDuration: num,
  IdleLength: num,
  SlicingLength: num,
  SlicingDuration: num,
  TotalDuration: num,
  StartTime: iso,
  EndTime: iso,
  UseTubeCount: int,
  IsComplete: { type: 'integer', enum: [0, 1], description: '0 not completed, 1 completed' },
  FileUrl: str,
});

const plateWorkReport = row({
  OrderNumber: str,
  MachineName: str,
  PunchingNum: int,
  EmptyLength: num,
  CuttingLength: num,
  ProcessingTime: num,
  StartTime: iso,
  EndTime: iso,
  CreateTime: iso,
  FileUrl: str,
});

const idBody = { type: 'object', required: ['Id'], properties: { Id } } as const;

export const GetTubeMachineReport = defineCall({
  path: 'IndustrialDocument/GetTubeMachineReport',
  summary: "The tube machine's runs of a document's job (task events whose TaskName is the file name), newest first; 暂无数据 when none or not the caller's",
  body: idBody,
  data: { type: 'array', items: tubeWorkReport },
  ...listAnswer,
  refusals: {},
});

export const GetPlateMachineReport = defineCall({
  path: 'IndustrialDocument/GetPlateMachineReport',
  summary: "The sheet machine's runs of a document's job, newest first; 暂无数据 when none or not the caller's",
  body: idBody,
  data: { type: 'array', items: plateWorkReport },
  ...listAnswer,
  refusals: {},
});

// CAM reports (spec 3 entities): what the nesting software reported of a job.

const camTubeReport = row({
  ProjectName: str, CreateTime: iso, Gap: num, CutLength: num, Material: str, TubeInfo: str, TubeThickness: num, SectionInfo: str, SectionType: str,
});
const camNest = row({
  ID: int, Sort: int, NestTubeID: int, Name: str, Length: num, SurplusLength: num, PartsCount: int, UsedTubeCount: int, Utilization: num,
  Count: int, CutLength: num, AirLength: num, PerforationCount: int,
});
const camPart = row({ ID: int, Name: str, Sort: int, Size: str, Weight: num, Count: int, UsedCount: int, SurplusCount: int, ImageFile: image });
const camTube = row({ ID: int, Name: str, Sort: int, Section: str, Length: num, Count: int, UsedCount: int, SurplusCount: int });
const plateReport = row({
  Material: str, TaskName: str, PlateSize: str, Thickness: num, Density: num, PlateCount: int, PlateWeight: num, PlateName: str,
  UtilizationRate: num, PartsCount: int, PerforationCount: int, PerforationTime: num, AirLength: num, AirTime: num, CutLength: num,
  CutTime: num, ProcessingTime: num, NestName: str, ImageFile: image,
});
const platePart = row({
  Code: str, Name: str, Size: str, Count: int, Weight: num, LayoutQuantity: int, SurplusQuantity: int, PartCutLength: num, CreateTime: iso,
  PartImageFile: image,
});

const projectBody = { type: 'object', required: ['ProjectId'], properties: { ProjectId } } as const;
const camCall = <const P extends string, const D extends object>(path: P, summary: string, items: D) =>
  defineCall({ path, summary, body: projectBody, data: { type: 'array', items }, ...listAnswer, refusals: {} });

export const GetReportTube = camCall('IndustrialDocument/GetReportTube', "The CAM tube report of a job (one row); 暂无数据 when none or not the caller's", camTubeReport);
export const GetCamNests = camCall('IndustrialDocument/GetCamNests', 'The nests of a CAM tube report, by Sort', camNest);
export const GetCamParts = camCall('IndustrialDocument/GetCamParts', 'The parts of a CAM tube report, by Sort, with their images', camPart);
export const GetCamTubes = camCall('IndustrialDocument/GetCamTubes', 'The tubes of a CAM tube report, by Sort', camTube);
export const GetPlateReports = camCall('IndustrialDocument/GetPlateReports', 'The CAM plate report of a job: one row per nest (plate layout) with its image', plateReport);
export const GetPlateParts = camCall('IndustrialDocument/GetPlateParts', 'The parts of a CAM plate report with their images', platePart);

// Ingestion: what the nesting software posts.

const inputOf = (schema: { properties: Record<string, unknown> }, imageFields: readonly string[] = []): Record<string, unknown> =>
  ({
    type: 'object',
    required: Object.keys(schema.properties).filter((k) => !imageFields.includes(k) && k !== 'CreateTime'),
    additionalProperties: false,
    properties: {
      ...schema.properties,
      ...Object.fromEntries(imageFields.map((k) => [k, { type: 'string', maxLength: 180, description: 'Name of an image of Images ("" for none)' }])),
    },
  });

const listOf = (items: object, maxItems = 2000) => ({ type: 'array', maxItems, items });

/**
 * The body of `PostCamReport` as JSON schema (the route validates and documents it whole); its
 * TypeScript type is `CamReportInput` of the service, the schema's literal type being too deep to spell here.
 */
export const CAM_REPORT_INPUT: { readonly type: 'object'; readonly required: readonly ['OrderNumber', 'FileName']; readonly properties: { readonly OrderNumber: typeof OrderNumber; readonly FileName: { readonly type: 'string'; readonly maxLength: 180 } } } = {
  type: 'object',
  required: ['OrderNumber', 'FileName'],
  properties: {
    OrderNumber: { ...OrderNumber, description: "The caller's machine the job runs on" },
    FileName: { type: 'string', maxLength: 180, description: "The job's file name: the document it belongs to and the TaskName the machine reports" },
    Tube: {
      type: 'object',
      required: ['Report', 'Nests', 'Parts', 'Tubes'],
      additionalProperties: false,
      properties: {
        Report: inputOf(camTubeReport),
        Nests: listOf(camNest),
        Parts: listOf(inputOf(camPart, ['ImageFile'])),
        Tubes: listOf(camTube),
      },
    },
    Plate: {
      type: 'object',
      required: ['Reports', 'Parts'],
      additionalProperties: false,
      properties: {
        Reports: listOf(inputOf(plateReport, ['ImageFile']), 500),
        Parts: listOf(inputOf(platePart, ['PartImageFile'])),
      },
    },
    Images: {
      type: 'array',
      maxItems: 500,
      description: 'Part and nest drawings: PNG, JPEG, GIF, WebP or SVG (served with a sandbox), at most 512 KB each',
      items: {
        type: 'object',
        required: ['Name', 'ContentBase64'],
        additionalProperties: false,
        properties: { Name: { type: 'string', maxLength: 180 }, ContentBase64: { type: 'string', maxLength: 700_000 } },
      },
    },
  },
} as never;

export const PostCamReport = defineCall({
  path: 'IndustrialDocument/PostCamReport',
  summary:
    "Takes the nesting software's report of a job on the caller's machine (Tube and/or Plate) with its part images as base64; " +
    'answers the ProjectId that WebGetList shows on the documents of that file name. JSON, at most 16 MB',
  body: CAM_REPORT_INPUT,
  data: row({ ProjectId: str, Images: int }),
  success: 'success',
  refusals: {
    notYourMachine: { code: 400, info: 'This machine is not one of yours' },
    emptyReport: { code: 400, info: 'Send a Tube or a Plate report' },
    badName: { code: 400, id: 'files.badName', info: (v: Readonly<Record<string, string | number>>) => `${v.name}: ${v.reason}` },
    badImage: { code: 400, id: 'files.badImage', info: (v: Readonly<Record<string, string | number>>) => `${v.name}: ${v.reason}` },
    missingImage: { code: 400, id: 'files.missingImage', info: (v: Readonly<Record<string, string | number>>) => `${v.name} is not among Images` },
  },
});
