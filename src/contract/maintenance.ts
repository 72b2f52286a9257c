import { defineCall, PAGING_PROPERTIES } from './call';
import { NOT_FOUND_INFO } from './envelope';

/**
 * api/Maintenance/* (spec 3, DECISIONS 4; issue 17): the catalogue of maintenance items per
 * series, the caller's plans with their surplus hours counted from the machine's own run hours
 * (and pierces for wear parts), the records of confirmed maintenance and their statistics. Only
 * the caller's machines and plans; times are sent in the spec's "+08:00" form.
 */

const lang = { type: 'string', maxLength: 10, description: 'zh or en (default zh): the language of Project and Content' } as const;
const id = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;
const userId = { type: ['string', 'integer'], maxLength: 64, description: 'May only name the caller' } as const;
const time = { type: 'string', description: 'ISO 8601 with the +08:00 offset' } as const;
const hours = { type: 'number', minimum: 0 } as const;
const pierces = { type: ['integer', 'null'], minimum: 0, description: 'For wear parts counted in pierces; null otherwise' } as const;
const zeroOne = { type: 'integer', enum: [0, 1] } as const;

const noPlan = { code: 404, info: NOT_FOUND_INFO } as const;

/** The state words beside the spec's IsNormal: a warned plan is still normal (1). */
export const PLAN_STATE_VALUES = ['normal', 'warning', 'overdue'] as const;

export const GetMDetailNumbers = defineCall({
  path: 'Maintenance/GetMDetailNumbers',
  summary: "Maintenance counts per project of the caller's records (also of removed plans), most first",
  body: { type: 'object', properties: { UserId: userId, lang } },
  data: {
    type: 'array',
    items: { type: 'object', required: ['project', 'number'], additionalProperties: false, properties: { project: { type: 'string' }, number: { type: 'integer', minimum: 0 } } },
  },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

export const maintenanceItemSchema = {
  type: 'object',
  required: ['Id', 'Project', 'Lable', 'Content', 'CycleHours', 'WarningHours', 'CyclePierces', 'WarningPierces', 'IsEnabled'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    Project: { type: 'string' },
    Lable: { type: 'string', description: 'The series the item is for' },
    Content: { type: 'string' },
    CycleHours: hours,
    WarningHours: hours,
    CyclePierces: pierces,
    WarningPierces: pierces,
    IsEnabled: zeroOne,
  },
} as const;

export const MDetailsList = defineCall({
  path: 'Maintenance/MDetailsList',
  summary: 'Maintenance items of a series (Lable, the selected machine\'s series), paged; ReturnCount the total',
  body: {
    type: 'object',
    properties: { Id: id, Project: { type: 'string', maxLength: 100 }, Lable: { type: 'string', maxLength: 50 }, ...PAGING_PROPERTIES, lang },
  },
  data: { type: 'array', items: maintenanceItemSchema },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

export const maintenancePlanSchema = {
  type: 'object',
  required: [
    'Id', 'UserId', 'MachineId', 'DetailId', 'Project', 'OrderNumber', 'Lable', 'RealName', 'Content', 'CreateTime', 'CycleHours',
    'SurplusHour', 'WarningHours', 'WarningTime', 'IsEnabled', 'IsNormal', 'State', 'RunHours', 'CyclePierces', 'SurplusPierces',
    'WarningPierces', 'Pierces', 'Since',
  ],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    UserId: { type: 'string' },
    MachineId: { type: 'integer' },
    DetailId: { type: 'integer' },
    Project: { type: 'string' },
    OrderNumber: { type: 'string' },
    Lable: { type: 'string' },
    RealName: { type: 'string' },
    Content: { type: 'string' },
    CreateTime: time,
    CycleHours: hours,
    SurplusHour: { ...hours, description: 'CycleHours minus the run hours since the last maintenance, never below 0' },
    WarningHours: hours,
    WarningTime: { type: 'string', description: "When the plan reached its warning (+08:00), '' while normal" },
    IsEnabled: zeroOne,
    IsNormal: { ...zeroOne, description: '1 normal, 0 overdue' },
    State: { type: 'string', enum: PLAN_STATE_VALUES },
    RunHours: { ...hours, description: 'Run hours since the last maintenance (or since the plan was made)' },
    CyclePierces: pierces,
    SurplusPierces: pierces,
    WarningPierces: pierces,
    Pierces: { type: 'integer', minimum: 0, description: 'Pierces since the last maintenance' },
    Since: { ...time, description: 'The last recorded maintenance, or when the plan was made' },
  },
} as const;

export const MMachineList = defineCall({
  path: 'Maintenance/MMachineList',
  summary: "The caller's maintenance plans (of one machine with MachineId, one plan with Id), with surplus hours from the machine's run hours",
  body: { type: 'object', properties: { Id: id, UserId: userId, MachineId: id, lang } },
  data: { type: 'array', items: maintenancePlanSchema },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

export const SaveMMachine = defineCall({
  path: 'Maintenance/SaveMMachine',
  summary: "Adds an item of the machine's series to the plan of one of the caller's machines; ReturnData the plan's Id",
  body: { type: 'object', required: ['MachineId', 'DetailId'], properties: { Id: id, UserId: userId, MachineId: id, DetailId: id } },
  data: { type: 'integer' },
  success: 'success',
  refusals: {
    // Someone else's machine answers as an unknown one: nothing about whose it is.
    notYourMachine: { code: 404, info: NOT_FOUND_INFO },
    unknownItem: { code: 400, info: NOT_FOUND_INFO },
    otherSeries: { code: 400, info: "This maintenance item is not for this machine's series" },
    disabled: { code: 400, info: 'This maintenance item is disabled' },
    duplicate: { code: 409, info: 'This maintenance item is already planned for this machine' },
  },
});

export const DeleteMMachine = defineCall({
  path: 'Maintenance/DeleteMMachine',
  summary: "Removes one of the caller's plans (its records stay in the statistics)",
  body: { type: 'object', required: ['Id'], properties: { Id: id } },
  data: { type: 'null' },
  success: 'success',
  refusals: { noPlan },
});

export const maintenanceRecordSchema = {
  type: 'object',
  required: ['Id', 'MmId', 'Project', 'Content', 'RealName', 'MaintenanceTime', 'MaintenanceUser', 'CreateTime', 'State', 'CreatedByName'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    MmId: { type: 'integer' },
    Project: { type: 'string' },
    Content: { type: 'string' },
    RealName: { type: 'string' },
    MaintenanceTime: time,
    MaintenanceUser: { type: 'string' },
    CreateTime: time,
    State: { ...zeroOne, description: 'IsNormal of the plan when it was confirmed' },
    CreatedByName: { type: 'string', description: "The company member who confirmed it (issue 37 item 4; MaintenanceUser is the name typed in the form); '' when unknown" },
  },
} as const;

export const GetMRecords = defineCall({
  path: 'Maintenance/GetMRecords',
  summary: "Records of one of the caller's plans, newest first, paged; ReturnCount the total",
  body: { type: 'object', required: ['MmId'], properties: { MmId: id, ...PAGING_PROPERTIES, lang } },
  data: { type: 'array', items: maintenanceRecordSchema },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

/** ReturnData of a confirmation: the message the page shows. */
export const MAINTENANCE_SAVED = { zh: '保养记录已保存', en: 'Maintenance recorded' } as const;

export const InsertMRecords = defineCall({
  path: 'Maintenance/InsertMRecords',
  summary:
    "Confirms a maintenance of one of the caller's plans: stores the time (not in the future) and the plan's state then, and starts its count again; ReturnData the message to show",
  body: {
    type: 'object',
    required: ['MmId'],
    properties: {
      Id: id,
      MmId: id,
      MaintenanceTime: { type: 'string', maxLength: 40, description: 'ISO 8601 with an offset; the spec sends +08:00' },
      MaintenanceUser: { type: 'string', maxLength: 50 },
      State: { type: 'integer', description: 'Ignored: the server stores the state it computes' },
      lang,
    },
  },
  data: { type: 'string' },
  success: 'success',
  refusals: {
    noPlan,
    // The spec's 'please select' followed by an exclamation mark.
    timeRequired: { code: 400, info: 'please select!' },
    future: { code: 400, info: 'The maintenance time cannot be in the future' },
    beforeLast: { code: 400, info: 'The maintenance time is before the last recorded maintenance' },
  },
});
