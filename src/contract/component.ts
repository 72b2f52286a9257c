import { defineCall, nullData, PAGING_PROPERTIES } from './call';

/**
 * api/Component/GetList and api/ComponentUserNumber/*: the spare-part catalogue, the caller's
 * stock thresholds and fault counts (spec 3 sections 3, 5, 7; DECISIONS 4). Counts come from the
 * caller's own work orders only.
 */

const UserId = { type: ['string', 'integer'], maxLength: 64, description: 'Ignored beyond naming the caller (DECISIONS 2)' } as const;
const Lang = { type: 'string', maxLength: 10, description: "zh or en: the language of the parts' names" } as const;
const PartId = { type: ['string', 'integer'], maxLength: 12, description: 'A spare part of Component/GetList' } as const;
const count = { type: 'integer', minimum: 0 } as const;

const badPart = { unknownPart: { code: 400, info: 'Unknown spare part' } } as const;

export const GetList = defineCall({
  path: 'Component/GetList',
  summary: 'The spare-part catalogue (Id, Name) in the language asked',
  body: { type: 'object', properties: { lang: Lang } },
  data: {
    type: 'array',
    items: { type: 'object', required: ['Id', 'Name'], additionalProperties: false, properties: { Id: { type: 'integer' }, Name: { type: 'string' } } },
  },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

const stockRow = {
  type: 'object',
  required: ['Id', 'UserId', 'Code', 'Name', 'Specifications', 'Size', 'SumNumber', 'SubmitNumber', 'Threshold', 'CreateTime', 'ChangedByName', 'ChangeTime'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer', description: 'The spare part' },
    UserId: { type: 'string' },
    Code: { type: 'string' },
    Name: { type: 'string' },
    Specifications: { type: 'string' },
    Size: { type: 'string' },
    SumNumber: { ...count, description: 'Work orders for this part, all time' },
    SubmitNumber: { ...count, description: 'Work orders since the last reset' },
    Threshold: { type: ['integer', 'null'], minimum: 0 },
    CreateTime: { type: 'string', description: 'ISO 8601' },
    ChangedByName: { type: 'string', description: "The company member who last set the threshold or reset the count (issue 37 item 4); '' when nobody has" },
    ChangeTime: { type: 'string', description: "When they did, ISO 8601; '' when nobody has" },
  },
} as const;

export const GetStockList = defineCall({
  path: 'ComponentUserNumber/GetList',
  summary: "The caller's stock records, one per spare part of the catalogue, paged (10); Id names one part; ReturnCount the total",
  body: { type: 'object', properties: { UserId, Id: PartId, ...PAGING_PROPERTIES, lang: Lang } },
  data: { type: 'array', items: stockRow },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: badPart,
});

export const SaveThreshold = defineCall({
  path: 'ComponentUserNumber/Save',
  summary: "Sets the caller's stock threshold of a part (Id): a whole number, not negative",
  body: { type: 'object', required: ['Id', 'Threshold'], properties: { Id: PartId, UserId, Threshold: { type: ['string', 'integer'], maxLength: 12 } } },
  data: nullData,
  success: 'success',
  refusals: {
    ...badPart,
    thresholdRequired: { code: 400, info: 'Please enter the threshold' },
    thresholdInvalid: { code: 400, info: 'Please enter a correct number' },
  },
});

export const ResetNumber = defineCall({
  path: 'ComponentUserNumber/ResetNumber',
  summary: "Resets the caller's count of a part since the last reset (SubmitNumber) to 0",
  body: { type: 'object', required: ['ComponentId'], properties: { UserId, ComponentId: PartId } },
  data: nullData,
  success: 'success',
  refusals: badPart,
});

export const GetComponentTypeNumber = defineCall({
  path: 'ComponentUserNumber/GetComponentTypeNumber',
  summary: "Fault counts per spare part of the caller's work orders (parts with none left out)",
  body: { type: 'object', properties: { UserId, lang: Lang } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Id', 'Name', 'SumNumber'],
      additionalProperties: false,
      properties: { Id: { type: 'integer' }, Name: { type: 'string' }, SumNumber: count },
    },
  },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

export const GetComponentTypeDate = defineCall({
  path: 'ComponentUserNumber/GetComponentTypeDate',
  summary: "Fault counts of the caller's work orders per UTC month (date YYYY-MM), of one part (ComponentId) or all, oldest first",
  body: { type: 'object', properties: { UserId, ComponentId: PartId, lang: Lang } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['date', 'list'],
      additionalProperties: false,
      properties: {
        date: { type: 'string', description: 'YYYY-MM' },
        list: {
          type: 'array',
          items: { type: 'object', required: ['Name', 'count'], additionalProperties: false, properties: { Name: { type: 'string' }, count } },
        },
      },
    },
  },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: badPart,
});
