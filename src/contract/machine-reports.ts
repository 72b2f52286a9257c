import { defineCall, PAGING_PROPERTIES } from './call';

/**
 * api/Machine/* of the task section (ADR 0006): processing reports, run time, statistics of a
 * day range, alarms and the CSV export; and `GetEquipmetFileData`, a machine's random files
 * (ADR 0007). Only the caller's machines: someone else's or an unknown one answers `暂无数据`.
 */

const OrderNumber = { type: 'string', maxLength: 100, description: 'The order number on the machine plate' } as const;
const DayOrTime = { type: 'string', maxLength: 40, description: 'YYYY-MM-DD or an ISO 8601 time' } as const;
const TimeZone = { type: 'string', maxLength: 64, description: 'IANA time zone the days are counted in (default Asia/Shanghai)' } as const;
const Day = { type: 'string', description: 'YYYY-MM-DD' } as const;
const amount = (description: string) => ({ type: 'number', minimum: 0, description }) as const;
const count = { type: 'integer', minimum: 0 } as const;

/** The refusals of a day range (spec 2 section 5, ADR 0006): both days or neither, in order, at most 7 days, a known zone. */
const rangeRefusals = {
  timeZone: { code: 400, info: 'TimeZone must be an IANA time zone such as Asia/Shanghai' },
  invalid: { code: 400, info: 'Give both dates of the range as YYYY-MM-DD or an ISO time' },
  reversed: { code: 400, info: 'The end of the range is before its start' },
  tooLong: { code: 400, id: 'reports.rangeTooLong', info: (values: Readonly<Record<string, string | number>>) => `The date range may span at most ${values.days} days` },
} as const;

const pagedBody = { OrderNumber, ...PAGING_PROPERTIES } as const;

/** A list answer: `success` with the rows, the spec's `暂无数据` when there are none. */
const listAnswer = { success: 'success', empty: { data: 'no-data' } } as const;

/** A sheet machine's report row (spec 2 section 3): metres, seconds, ISO times. */
const sheetReportRow = {
  type: 'object',
  required: ['Id', 'TaskName', 'CuttingLength', 'PunchingNum', 'ProcessingTime', 'EmptyLength', 'StartTime', 'EndTime', 'FileUrl'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    TaskName: { type: 'string' },
    CuttingLength: amount('metres'),
    PunchingNum: count,
    ProcessingTime: amount('seconds'),
    EmptyLength: amount('metres'),
    StartTime: { type: 'string', description: 'ISO 8601' },
    EndTime: { type: 'string', description: 'ISO 8601' },
    FileUrl: { type: 'string' },
  },
} as const;

/** A tube machine's report row: ProcessType 0 is an empty operation, IsComplete 0 not completed. */
const tubeReportRow = {
  type: 'object',
  required: [
    'Id', 'TaskName', 'FileUrl', 'SlicingLength', 'SlicingDuration', 'PierceCount', 'PierceDuration', 'TotalDuration', 'IdleLength',
    'PartCount', 'Thickness', 'UseTubeCount', 'StartTime', 'EndTime', 'ProcessType', 'IsComplete',
  ],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    TaskName: { type: 'string' },
    FileUrl: { type: 'string' },
    SlicingLength: amount('metres'),
    SlicingDuration: amount('seconds'),
    PierceCount: count,
    PierceDuration: amount('seconds'),
    TotalDuration: amount('seconds'),
    IdleLength: amount('metres'),
    PartCount: count,
    Thickness: amount('millimetres'),
    UseTubeCount: count,
    StartTime: { type: 'string', description: 'ISO 8601' },
    EndTime: { type: 'string', description: 'ISO 8601' },
    ProcessType: { type: 'integer', enum: [0, 1] },
    IsComplete: { type: 'integer', enum: [0, 1] },
  },
} as const;

const reportCall = (path: string, summary: string) =>
  defineCall({
    path,
    summary,
    body: {
      type: 'object',
      required: ['OrderNumber'],
      properties: { ...pagedBody, CreateTimeS: DayOrTime, CreateTimeE: DayOrTime, TimeZone },
    },
    // The server knows the machine's kind: either call answers the rows of the machine's kind.
    data: { type: 'array', items: { anyOf: [sheetReportRow, tubeReportRow] } },
    ...listAnswer,
    refusals: rangeRefusals,
  });

export const GetMachineReport = reportCall(
  'Machine/GetMachineReport',
  "Processing report rows of the caller's machine, newest first, paged (sheet rows; tube rows for a tube machine); ReturnCount the total",
);
export const GetReportTube = reportCall('Machine/GetReportTube', "Processing report rows of the caller's tube machine, newest first, paged; ReturnCount the total");

const runtimeCall = (path: string, summary: string) =>
  defineCall({
    path,
    summary,
    body: { type: 'object', required: ['OrderNumber'], properties: pagedBody },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Run', 'Idle', 'Offline', 'CreateTime'],
        additionalProperties: false,
        properties: {
          Run: amount('hours'),
          Idle: amount('hours'),
          Offline: amount('hours'),
          Estop: { ...amount('hours'), description: 'hours; tube machines only' },
          CreateTime: Day,
        },
      },
    },
    ...listAnswer,
    refusals: {},
  });

export const GetProcessingTimes = runtimeCall('Machine/GetProcessingTimes', 'Run-time rows (hours per day), newest first, paged; ReturnCount the total');
export const GetProcessingTimeTube = runtimeCall('Machine/GetProcessingTimeTube', 'Run-time rows of a tube machine (with Estop), newest first, paged');

export const GetMachineTasks = defineCall({
  path: 'Machine/GetMachineTasks',
  summary:
    'Tasks per day of a range of at most 7 days (zeros included); ReturnCount the tasks, ReturnType the totals ' +
    '{TaskCount, CuttingLength, ProcessingTime, PierceCount, RunHours, IdleHours, OfflineHours, Utilisation}',
  body: { type: 'object', required: ['OrderNumber'], properties: { OrderNumber, CreateTimeS: DayOrTime, CreateTimeE: DayOrTime, TimeZone } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Day', 'TaskCount', 'CuttingLength', 'ProcessingTime', 'PierceCount'],
      additionalProperties: false,
      properties: { Day, TaskCount: count, CuttingLength: amount('metres'), ProcessingTime: amount('seconds'), PierceCount: count },
    },
  },
  ...listAnswer,
  refusals: rangeRefusals,
});

const alarmsCall = (path: string, summary: string) =>
  defineCall({
    path,
    summary,
    body: { type: 'object', required: ['OrderNumber'], properties: { OrderNumber, ErrorDateS: DayOrTime, ErrorDateE: DayOrTime, TimeZone } },
    data: {
      type: 'array',
      items: { type: 'object', required: ['Day', 'Count'], additionalProperties: false, properties: { Day, Count: count } },
    },
    ...listAnswer,
    refusals: rangeRefusals,
  });

export const GetErrorLog = alarmsCall(
  'Machine/GetErrorLog',
  'Alarms per day of a range of at most 7 days (zeros included); ReturnCount the alarms, ReturnType the latest 100 {ErrorDate, ErrorType, ErrorContent}',
);
export const GetErrorLogTube = alarmsCall('Machine/GetErrorLogTube', 'Alarms per day of a tube machine; ReturnCount the alarms, ReturnType the latest 100');

/** The tables ExportCsv writes. */
export const EXPORT_TABLES = ['report', 'runtime', 'alarms'] as const;

export const ExportCsv = defineCall({
  path: 'Machine/ExportCsv',
  summary:
    'Downloads a table of the task section (report, runtime or alarms) as text/csv; charset=utf-8 with a BOM and ' +
    'Content-Disposition: attachment. An envelope answers only when there is no file: 暂无数据 for a machine not the caller\'s, or a refusal',
  body: {
    type: 'object',
    required: ['OrderNumber', 'Table'],
    properties: {
      OrderNumber,
      Table: { type: 'string', enum: EXPORT_TABLES },
      CreateTimeS: DayOrTime,
      CreateTimeE: DayOrTime,
      TimeZone,
      lang: { type: 'string', maxLength: 10 },
    },
  },
  // A success is the CSV file, not an envelope; the envelope of a success only says "nothing to export".
  data: { type: 'array', maxItems: 0, description: 'Never a list: a success is the CSV file itself' },
  empty: { data: 'no-data' },
  file: { mediaType: 'text/csv', description: 'The table as CSV (UTF-8 with a BOM), as an attachment' },
  refusals: rangeRefusals,
});

/** A random file of a machine as GetEquipmetFileData lists it (the original field names). */
const equipmentFileRow = {
  type: 'object',
  required: ['Id', 'title', 'filepath', 'webpath', 'machinetype', 'fileclassify'],
  additionalProperties: false,
  properties: {
    Id: { type: 'string' },
    title: { type: 'string' },
    filepath: { type: 'string', description: 'The folder and name the file is listed under (display only)' },
    webpath: { type: 'string', description: 'The call that answers the file for {Id}' },
    machinetype: { type: 'integer', enum: [0, 1], description: '0 cutting machine, 1 welding machine' },
    fileclassify: { type: 'string' },
  },
} as const;

export const GetEquipmetFileData = defineCall({
  path: 'Machine/GetEquipmetFileData',
  summary: "A machine's random files by OrderNumber or EquipmentId: ReturnType 1 with rows, 0 with 暂无数据 for an unknown machine or someone else's",
  body: {
    type: 'object',
    properties: {
      OrderNumber,
      EquipmentId: { type: ['integer', 'string'], maxLength: 20, description: 'The machine id (equipmentid of GetMyMachine)' },
    },
  },
  data: { type: 'array', items: equipmentFileRow },
  ...listAnswer,
  refusals: { noMachine: { code: 400, info: 'OrderNumber or EquipmentId is required' } },
});
