import { defineCall, nullData, text } from './call';
import { NOT_FOUND_INFO, QUERY_EMPTY_INFO } from './envelope';
import { codeRefusals, codeSent, tooSoon } from './user';

/** api/Machine/*: the fleet, binding and the equipment lookup of the live pages (ADR 0005). */

const orderNumberBody = {
  type: 'object',
  required: ['OrderNumber'],
  properties: { OrderNumber: { type: 'string', maxLength: 100, description: 'The order number on the machine plate' } },
} as const;

const kind = { type: 'string', enum: ['sheet', 'tube'] } as const;

/** "No data found": the portal (or the registry) does not know the order number. */
const unknownMachine = { code: 400, info: NOT_FOUND_INFO } as const;

/** Who bound a machine to its company (issue 37 item 4). */
const BOUND_BY_NAME = { type: 'string', description: "The company member who bound the machine; '' when unknown" } as const;

export const GetMyMachine = defineCall({
  path: 'Machine/GetMyMachine',
  summary: "The caller's machines, oldest binding first; UserId may only name the caller",
  body: { type: 'object', properties: { UserId: { type: ['string', 'integer'], maxLength: 64 } } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['equipmentid', 'name', 'communicationstatus', 'ordernumber', 'seriesname', 'kind', 'BoundByName'],
      additionalProperties: false,
      properties: {
        equipmentid: { type: 'integer' },
        name: { type: 'string' },
        /** 1: the message bus (tube, page deviceInfo); 0: the websocket data service (sheet, deviceInfoWs). */
        communicationstatus: { type: 'integer', enum: [0, 1] },
        ordernumber: { type: 'string' },
        seriesname: { type: 'string' },
        kind,
        BoundByName: BOUND_BY_NAME,
      },
    },
  },
  empty: { data: 'list', info: QUERY_EMPTY_INFO },
  refusals: {},
});

export const MachineBind = defineCall({
  path: 'Machine/MachineBind',
  summary: 'Binds a machine the portal knows to the caller; 400 未查询到数据 when unknown, 409 when bound to another account',
  body: orderNumberBody,
  data: nullData,
  success: '绑定成功',
  refusals: {
    emptyOrderNumber: { code: 400, info: 'The order number cannot be empty!' },
    unknownMachine,
    // Nothing about whom: the order number alone must not reveal another customer.
    taken: { code: 409, info: 'This machine is already bound to another account. Please contact service if it is yours.' },
  },
});

/** The maintenance platform's record of a delivered machine. */
export const bpmMachineSchema = {
  type: 'object',
  required: ['OrderNumber', 'Name', 'SeriesName', 'Model', 'LaserPower', 'DeliveryTime'],
  additionalProperties: false,
  properties: {
    OrderNumber: { type: 'string' },
    Name: { type: 'string' },
    SeriesName: { type: 'string' },
    Model: { type: 'string' },
    LaserPower: { type: ['number', 'null'] },
    DeliveryTime: { type: ['string', 'null'], description: 'ISO 8601' },
  },
} as const;

export const GetBpmMachine = defineCall({
  path: 'Machine/GetBpmMachine',
  summary: "The maintenance platform's record of a delivered machine (the binding fallback)",
  body: orderNumberBody,
  data: bpmMachineSchema,
  success: '查询成功',
  refusals: { unknownMachine },
});

export const SaveMachineData = defineCall({
  path: 'Machine/SaveMachineData',
  summary: 'Saves a delivered machine into the portal from the registry; every field but OrderNumber is ignored',
  body: { ...orderNumberBody, additionalProperties: true },
  data: nullData,
  success: '保存成功',
  refusals: { unknownMachine },
});

export const GetDeviceSeries = defineCall({
  path: 'Machine/GetDeviceSeries',
  summary: 'Every machine series with its kind (Path and Depth are kept for old clients)',
  body: { type: 'object', properties: { Path: text(), Depth: { type: ['integer', 'string'], maxLength: 10 } } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'name', 'kind'],
      additionalProperties: false,
      properties: { id: { type: 'integer' }, name: { type: 'string' }, kind },
    },
  },
  refusals: {},
});

/** The machine fields of spec 3 the service page's drawer shows; the portal fills those it knows and answers '' for the rest. */
const SERVICE_MACHINE_FIELDS = [
  'FModelName', 'FVersionName', 'FXVersionName', 'FSeries', 'FModel', 'FVersion', 'FXVersion', 'Power', 'Voltage',
  'FLC', 'SCRating', 'Frequency', 'ProducedTime', 'Warranty', 'Encryption', 'Describe', 'Owner', 'BoundTime',
] as const;

export const GetMachineTables = defineCall({
  path: 'Machine/GetMachineTables',
  summary:
    "A customer: their machine by order number (EquipmentId); unknown and someone else's answer 404 alike. " +
    'Staff (the service page): every machine, paged with PrevPageNums and TopNums, OrderNumber (optional) matching a part of the order number or the name, ' +
    'each with the machine fields of spec 3 and its owner; ReturnCount is the total',
  body: {
    type: 'object',
    properties: {
      OrderNumber: { type: 'string', maxLength: 100, description: 'The order number on the machine plate (staff: a part of it or of the name)' },
      PrevPageNums: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      TopNums: { type: 'integer', minimum: 1, maximum: 100 },
    },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['EquipmentId', 'OrderNumber', 'Name', 'SeriesName', 'Kind'],
      additionalProperties: false,
      properties: {
        EquipmentId: { type: 'integer' },
        OrderNumber: { type: 'string' },
        Name: { type: 'string' },
        SeriesName: { type: 'string' },
        Kind: kind,
        BoundByName: BOUND_BY_NAME,
        ...Object.fromEntries(SERVICE_MACHINE_FIELDS.map((f) => [f, { type: 'string' }])) as Record<(typeof SERVICE_MACHINE_FIELDS)[number], { readonly type: 'string' }>,
      },
    },
  },
  empty: { data: 'list', info: 'success' },
  refusals: { notYours: { code: 404, info: NOT_FOUND_INFO }, orderNumberRequired: { code: 400, info: 'OrderNumber is required' } },
});

/** A machine's QR label: what is printed beside the code, and the path the code holds. */
const labelData = {
  type: 'object',
  required: ['OrderNumber', 'Name', 'LabelPath'],
  additionalProperties: false,
  properties: {
    OrderNumber: { type: 'string' },
    Name: { type: 'string' },
    LabelPath: { type: 'string', description: 'The path the QR code holds, after the portal origin the page was served from' },
  },
} as const;

export const GetMachineLabel = defineCall({
  path: 'Machine/GetMachineLabel',
  summary:
    "The caller's machine's QR label (issue 39): its name, its order number and the portal path the code holds, " +
    "`/m/<label>`, a signed machine id with no order number in clear. Unknown and someone else's machine answer 404 alike",
  body: orderNumberBody,
  data: labelData,
  refusals: { notYours: { code: 404, info: NOT_FOUND_INFO } },
});

export const GetMachineLabels = defineCall({
  path: 'Machine/GetMachineLabels',
  summary: "The QR labels of all the caller's machines, oldest binding first (issue 39): the fleet's sheet of labels. An empty fleet answers an empty list",
  body: { type: 'object', properties: {} },
  data: { type: 'array', items: labelData },
  empty: { data: 'list', info: QUERY_EMPTY_INFO },
  refusals: {},
});

/** A label as the QR code holds it, after `/m/`: machine id, label revision and signature. */
const labelBody = {
  type: 'object',
  required: ['Label'],
  properties: { Label: { type: 'string', minLength: 1, maxLength: 64, description: 'What follows `/m/` in the QR code: `<id>.<revision>.<signature>`' } },
} as const;

export const ScanMachineLabel = defineCall({
  path: 'Machine/ScanMachineLabel',
  summary:
    "What a scanned QR label opens (issue 39): the machine's model for anyone; for its owner also the order number and " +
    'which live page it has. No owner and no data for anyone else. A label that is not ours answers 404; one printed ' +
    'before its owner withdrew the labels answers `withdrawn`',
  body: labelBody,
  data: {
    type: 'object',
    required: ['Mine', 'SeriesName', 'Kind', 'OrderNumber', 'communicationstatus'],
    additionalProperties: false,
    properties: {
      Mine: { type: 'boolean', description: "The caller owns the machine (the token's user)" },
      SeriesName: { type: 'string' },
      Kind: kind,
      OrderNumber: { type: ['string', 'null'], description: 'Only for the owner; null for anyone else' },
      communicationstatus: { type: 'integer', enum: [0, 1], description: 'As GetMyMachine: 1 the message-bus page (deviceInfo), 0 the websocket one' },
    },
  },
  refusals: { unknownLabel: { code: 404, info: NOT_FOUND_INFO }, withdrawn: { code: 409, info: '该标签已作废' } },
});

export const WithdrawMachineLabels = defineCall({
  path: 'Machine/WithdrawMachineLabels',
  summary:
    "Withdraws every QR label printed so far of the caller's machine (issue 39): old prints answer `withdrawn` from " +
    'then on; answers the new label. Unknown and someone else\'s machine answer 404 alike',
  body: orderNumberBody,
  data: labelData,
  refusals: { notYours: { code: 404, info: NOT_FOUND_INFO } },
});

/** What a label request's refusals say before the code is looked at: the label, the address, the caps. */
const labelRequestRefusals = {
  unknownLabel: { code: 404, info: NOT_FOUND_INFO },
  withdrawn: { code: 409, info: '该标签已作废' },
  contactRequired: { code: 400, info: 'Please enter your e-mail or phone' },
  contactFormat: { code: 400, info: 'Please enter a correct e-mail or phone' },
  noOwner: { code: 409, info: 'This machine has no owner in the portal; please call technical support' },
  machineBusy: { code: 429, info: 'This machine has had many requests in the last hour; please call technical support' },
  contactBusy: { code: 429, info: 'You have sent many requests in the last hour; please call technical support' },
} as const;

const contact = { type: 'string', maxLength: 254, description: 'The requester\'s e-mail or phone: the code goes there, and the owner answers there' } as const;

export const SendLabelRequestCode = defineCall({
  path: 'Machine/SendLabelRequestCode',
  summary:
    'A verification code to the e-mail or phone of someone who scanned a machine\'s QR label and asks for a repair (issue 39): ' +
    'ReturnData is the seconds until another may be asked for (never the code). At most one code a minute per address; ' +
    'a machine takes at most 5 label requests an hour, an address 3',
  body: { type: 'object', required: ['Label', 'Contact'], properties: { Label: labelBody.properties.Label, Contact: contact } },
  ...codeSent,
  refusals: { ...labelRequestRefusals, tooSoon },
});

export const RequestRepairByLabel = defineCall({
  path: 'Machine/RequestRepairByLabel',
  summary:
    'A repair request from a scanned QR label (issue 39), once the requester\'s code is right: a work order of the machine\'s ' +
    'owner, pending, without a spare part, with the requester\'s name, address and words. ReturnData.EventNum is its number. ' +
    'The code is used up only with the order',
  body: {
    type: 'object',
    required: ['Label', 'Contact', 'Code', 'Name', 'Content'],
    properties: {
      Label: labelBody.properties.Label,
      Contact: contact,
      Code: { type: 'string', maxLength: 12 },
      Name: text(100),
      Content: text(2000),
    },
  },
  data: { type: 'object', required: ['EventNum'], additionalProperties: false, properties: { EventNum: { type: 'string' } } },
  success: 'success',
  refusals: {
    ...labelRequestRefusals,
    nameRequired: { code: 400, info: 'Please enter your name' },
    contentRequired: { code: 400, info: 'Please describe the fault' },
    ...codeRefusals,
  },
});
