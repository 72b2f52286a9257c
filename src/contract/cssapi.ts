import { defineCall, nullData, PAGING_PROPERTIES, text } from './call';

/**
 * api/CSSAPI/*: repair work orders (spec 3 sections 3, 4, 7; DECISIONS 4). The customer-service
 * system is a port; its embedded default keeps the orders in the portal's database. Every call
 * touches only the caller's own orders; `UserId` may only name the caller.
 */

const UserId = { type: ['string', 'integer'], maxLength: 64, description: 'Ignored beyond naming the caller (DECISIONS 2)' } as const;
const EventNum = { type: 'string', maxLength: 40, description: 'EV + UTC day YYYYMMDD + sequence' } as const;
const Lang = { type: 'string', maxLength: 10, description: "zh or en: the language of the answer's texts" } as const;

/** The fields of a work order (spec 3 section 3); ids may come as numbers or text. */
const idText = { type: ['string', 'integer'], maxLength: 40 } as const;

/** The refusals of a submission: the first rule of the form it breaks (spec 3 section 5). */
const formRefusals = {
  orderNumber: { code: 400, info: 'Please choose a device' },
  phoneRequired: { code: 400, info: 'Please enter a phone number' },
  phoneInvalid: { code: 400, info: 'Please enter a correct phone number' },
  emailRequired: { code: 400, info: 'Please enter an e-mail address' },
  emailInvalid: { code: 400, info: 'Please enter a correct e-mail address' },
  company: { code: 400, info: 'Please enter the company' },
  province: { code: 400, info: 'Please choose a province' },
  city: { code: 400, info: 'Please choose a city' },
  sparePart: { code: 400, info: 'Please choose a spare part' },
  content: { code: 400, info: 'Please describe the fault' },
  notYourMachine: { code: 400, info: 'This machine is not bound to your account' },
  unknownPart: { code: 400, info: 'Unknown spare part' },
  thresholdInvalid: { code: 400, info: 'Please enter a correct number' },
} as const;

export const SaveWorkOrder = defineCall({
  path: 'CSSAPI/SaveWorkOrder',
  summary:
    "Submits a work order for one of the caller's machines; ReturnData.data is its event number; ReturnCount 2 when the part's count reached the caller's threshold, 0 when none is set, 1 otherwise. An optional Threshold (the form's field for a part without one) is saved in the same transaction, before the count",
  body: {
    type: 'object',
    required: ['OrderNumber', 'Phone', 'Email', 'Company', 'Province', 'City', 'ComponentId', 'Content'],
    properties: {
      OrderNumber: text(100),
      Phone: text(40),
      Email: text(254),
      Company: text(200),
      UserName: text(100),
      UserId,
      ProvinceName: text(100),
      Province: idText,
      CityName: text(100),
      City: idText,
      sparePart: text(200),
      sparePartId: idText,
      ComponentId: idText,
      Content: text(2000),
      Threshold: { type: ['string', 'integer'], maxLength: 12, description: "Optional: the caller's stock threshold for the part, saved with the order (spec 3 section 5)" },
      lang: Lang,
    },
  },
  data: {
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'string', description: 'The event number' } },
  },
  success: 'success',
  refusals: formRefusals,
});

const workOrderRow = {
  type: 'object',
  required: [
    'EventNum', 'OrderNumber', 'Company', 'UserName', 'Phone', 'Email', 'ProvinceName', 'Province', 'CityName', 'City', 'sparePart',
    'ComponentId', 'Content', 'CreateTime', 'Status', 'Source', 'CreatedByName',
  ],
  additionalProperties: false,
  properties: {
    EventNum: { type: 'string' },
    OrderNumber: { type: 'string' },
    Company: { type: 'string' },
    UserName: { type: 'string' },
    Phone: { type: 'string' },
    Email: { type: 'string' },
    ProvinceName: { type: 'string' },
    Province: { type: 'string' },
    CityName: { type: 'string' },
    City: { type: 'string' },
    sparePart: { type: 'string' },
    ComponentId: { type: 'integer', description: '0 for a request raised from the QR label (no spare part)' },
    Content: { type: 'string' },
    CreateTime: { type: 'string', description: 'ISO 8601, UTC' },
    Status: { type: 'integer', enum: [0, 1], description: '0 pending (or in progress), 1 done' },
    Source: { type: 'string', enum: ['portal', 'label'], description: "'label': raised by someone who scanned the machine's QR label (no spare part; issue 39)" },
    CreatedByName: { type: 'string', description: "The company member who raised it (issue 37 item 4); '' for a QR label request" },
  },
} as const;

export const QueryWorkOrders = defineCall({
  path: 'CSSAPI/QueryWorkOrders',
  summary: "The caller's work orders, newest first, paged, by event number, status and quick date filter (UTC days); ReturnCount the total",
  body: {
    type: 'object',
    properties: {
      EventNum: { type: 'string', maxLength: 40 },
      UserId,
      DateType: { type: 'string', enum: ['', 'T', 'Y', 'montimeo7', 'montimeo30', 'Year'] },
      Status: { type: ['integer', 'null'], enum: [null, 0, 1] },
      ...PAGING_PROPERTIES,
      lang: Lang,
    },
  },
  data: { type: 'array', items: workOrderRow },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

export const GetEventStatus = defineCall({
  path: 'CSSAPI/GetEventStatus',
  summary: "The step of each named order of the caller (0 pending, 1 in progress, 2 done), with the staff's last note; unknown numbers are left out",
  body: { type: 'object', required: ['EventNum'], properties: { EventNum: { type: 'string', maxLength: 4000, description: 'Event numbers, comma-joined' } } },
  data: {
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['eventNum', 'eventStatus', 'note', 'updateTime'],
          additionalProperties: false,
          properties: {
            eventNum: { type: 'string' },
            eventStatus: { type: 'integer', enum: [0, 1, 2] },
            note: { type: 'string' },
            updateTime: { type: 'string', description: 'ISO 8601, UTC' },
          },
        },
      },
    },
  },
  success: 'success',
  refusals: { tooMany: { code: 400, info: 'At most 100 event numbers at once' } },
});

export const MoveWorkOrder = defineCall({
  path: 'CSSAPI/MoveWorkOrder',
  summary: 'Staff: moves an order one step (pending → in progress → done) with a note; the customer gets a mail',
  body: {
    type: 'object',
    required: ['EventNum', 'eventStatus'],
    properties: { EventNum, eventStatus: { type: 'integer', enum: [1, 2] }, Note: text(2000) },
  },
  data: nullData,
  success: 'success',
  refusals: {
    unknown: { code: 404, info: '未查询到数据' },
    notNext: { code: 409, info: 'An order moves one step at a time: pending, in progress, done' },
  },
});
