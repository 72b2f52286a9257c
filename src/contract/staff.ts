import { defineCall, PAGING_PROPERTIES } from './call';
import { STAFF_ONLY_INFO } from './envelope';
import { multipartFile, uploadRefusals } from './user-centre';

/** `SITE_VIDEO_MAX_BYTES` of domain/shared/site-videos.ts, which the contract may not import (rule contract-is-the-wire-only; tests/server/site-videos.test.ts holds them equal). */
export const SITE_VIDEO_MAX_MB = 100;

/** api/Staff/*: the staff console's own calls (the audit log; issue 19). Staff only. */

/** A date-time bound of a filter: ISO 8601 (`2026-11-24` or `2026-11-24T08:00:00+08:00`). */
const INSTANT = { type: 'string', maxLength: 40 } as const;

export const GetAuditLog = defineCall({
  path: 'Staff/GetAuditLog',
  summary:
    'Staff: the audit log, newest first, paged; every staff call is a row (who, what, when, the object, before and after). ' +
    'Filters narrow: Actor, Action and Object match a part, Kind is read or write, From and To bound the time (To excluded). ReturnCount is the total',
  body: {
    type: 'object',
    properties: {
      ...PAGING_PROPERTIES,
      Actor: { type: 'string', maxLength: 200 },
      Action: { type: 'string', maxLength: 200 },
      Object: { type: 'string', maxLength: 200 },
      Kind: { type: 'string', enum: ['', 'read', 'write'] },
      From: INSTANT,
      To: INSTANT,
    },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Id', 'Time', 'ActorId', 'Actor', 'Action', 'Kind', 'Object', 'Result', 'Request', 'Before', 'After', 'RequestId', 'Ip'],
      additionalProperties: false,
      properties: {
        Id: { type: 'integer' },
        Time: { type: 'string' },
        ActorId: { type: 'string' },
        Actor: { type: 'string' },
        Action: { type: 'string' },
        Kind: { type: 'string', enum: ['read', 'write'] },
        Object: { type: 'string' },
        Result: { type: 'string' },
        Request: {},
        Before: {},
        After: {},
        RequestId: { type: 'string' },
        Ip: { type: 'string' },
      },
    },
  },
  success: 'success',
  empty: { data: 'list', info: 'No entries' },
  refusals: {
    badTime: { code: 400, info: 'From and To must be dates (ISO 8601)' },
  },
});

// ---------------------------------------------------------------------------------------------
// The machine registry (the maintenance platform's data of DECISIONS 4) as staff manage it.

/** The spec 3 machine fields the registry holds beside name, series, model, power and delivery. */
const REGISTRY_DETAILS = {
  type: 'object',
  additionalProperties: false,
  properties: {
    FVersionName: { type: 'string', maxLength: 100 },
    FXVersionName: { type: 'string', maxLength: 100 },
    FVersion: { type: 'string', maxLength: 100 },
    FXVersion: { type: 'string', maxLength: 100 },
    Voltage: { type: 'string', maxLength: 100 },
    FLC: { type: 'string', maxLength: 100 },
    SCRating: { type: 'string', maxLength: 100 },
    Frequency: { type: 'string', maxLength: 100 },
    Warranty: { type: 'string', maxLength: 100 },
    Encryption: { type: 'string', maxLength: 100 },
    Describe: { type: 'string', maxLength: 2000 },
  },
} as const;

const REGISTRY_ENTRY_BODY = {
  type: 'object',
  required: ['OrderNumber', 'Name', 'SeriesName'],
  properties: {
    OrderNumber: { type: 'string', maxLength: 64 },
    Name: { type: 'string', maxLength: 200 },
    SeriesName: { type: 'string', maxLength: 200 },
    Model: { type: 'string', maxLength: 200 },
    LaserPower: { type: 'integer', minimum: 0, maximum: 1000, description: 'kW' },
    DeliveryDay: { type: 'string', maxLength: 10, description: 'YYYY-MM-DD, or empty for none' },
    Details: REGISTRY_DETAILS,
  },
} as const;

const REGISTRY_ROW = {
  type: 'object',
  required: ['OrderNumber', 'Name', 'SeriesName', 'Model', 'LaserPower', 'DeliveryDay', 'Details', 'EquipmentId', 'Owner', 'BoundTime'],
  additionalProperties: false,
  properties: {
    OrderNumber: { type: 'string' },
    Name: { type: 'string' },
    SeriesName: { type: 'string' },
    Model: { type: 'string' },
    LaserPower: { type: 'integer' },
    DeliveryDay: { type: 'string', description: 'YYYY-MM-DD, empty for none' },
    Details: { ...REGISTRY_DETAILS, required: ['FVersionName', 'FXVersionName', 'FVersion', 'FXVersion', 'Voltage', 'FLC', 'SCRating', 'Frequency', 'Warranty', 'Encryption', 'Describe'] },
    EquipmentId: { type: ['integer', 'null'], description: 'The portal machine, null until a customer saved it' },
    Owner: { type: 'string', description: "The owner's account, empty when unbound" },
    BoundTime: { type: 'string', description: 'ISO 8601, empty when unbound' },
  },
} as const;

/** The refusals of an entry that breaks the registry's rule (domain/staff/registry-entry.ts). */
const ENTRY_REFUSALS = {
  orderNumber: { code: 400, info: 'The order number has 1 to 64 letters, digits, _ or -' },
  name: { code: 400, info: 'Name cannot be empty' },
  series: { code: 400, info: 'SeriesName cannot be empty' },
  power: { code: 400, info: 'LaserPower is whole kW from 0 to 200' },
  day: { code: 400, info: 'DeliveryDay must be a day, YYYY-MM-DD' },
  tooLong: { code: 400, info: 'A field is too long' },
} as const;

export const GetRegistry = defineCall({
  path: 'Staff/GetRegistry',
  summary:
    'Staff: the machine registry (the maintenance platform), by order number, paged; Search matches a part of the order number, the name or the owner\'s account. ' +
    'Each entry has the spec 3 machine fields and its owner when bound. ReturnCount is the total',
  body: { type: 'object', properties: { ...PAGING_PROPERTIES, Search: { type: 'string', maxLength: 100 } } },
  data: { type: 'array', items: REGISTRY_ROW },
  success: 'success',
  empty: { data: 'list', info: 'No machines' },
  refusals: {},
});

export const AddRegistryMachine = defineCall({
  path: 'Staff/AddRegistryMachine',
  summary: 'Staff: registers a delivered machine (customers can then bind it by its order number)',
  body: REGISTRY_ENTRY_BODY,
  data: REGISTRY_ROW,
  success: 'Added',
  refusals: { ...ENTRY_REFUSALS, exists: { code: 409, info: 'This order number is registered already' } },
});

export const EditRegistryMachine = defineCall({
  path: 'Staff/EditRegistryMachine',
  summary: "Staff: changes a registered machine's fields (the portal's copy of its name and series follows; its kind stays)",
  body: REGISTRY_ENTRY_BODY,
  data: REGISTRY_ROW,
  success: 'Saved',
  refusals: { ...ENTRY_REFUSALS, unknown: { code: 404, info: '未查询到数据' } },
});

export const UnbindMachine = defineCall({
  path: 'Staff/UnbindMachine',
  summary:
    'Staff: takes a machine from its customer with a reason (stored, and mailed to the customer). The customer loses the machine and its live data at once; ' +
    'the machine can then be bound again',
  body: {
    type: 'object',
    required: ['OrderNumber', 'Reason'],
    properties: { OrderNumber: { type: 'string', maxLength: 64 }, Reason: { type: 'string', maxLength: 1000 } },
  },
  data: REGISTRY_ROW,
  success: 'Unbound',
  refusals: {
    reasonRequired: { code: 400, info: 'Give a reason for the unbinding' },
    reasonTooLong: { code: 400, info: 'The reason has at most 500 characters' },
    unknown: { code: 404, info: '未查询到数据' },
    notBound: { code: 409, info: 'This machine is not bound to a customer' },
  },
});

export const WithdrawMachineLabels = defineCall({
  path: 'Staff/WithdrawMachineLabels',
  summary:
    "Staff: withdraws every QR label printed so far of a machine (issue 39), as its owner can: old prints answer `withdrawn` " +
    "from then on. Answers the machine's new label revision; the owner prints the new label from the machine's page",
  body: { type: 'object', required: ['OrderNumber'], properties: { OrderNumber: { type: 'string', maxLength: 64 } } },
  data: { type: 'object', required: ['OrderNumber', 'LabelRevision'], additionalProperties: false, properties: { OrderNumber: { type: 'string' }, LabelRevision: { type: 'integer' } } },
  success: 'Withdrawn',
  refusals: { unknown: { code: 404, info: '未查询到数据' } },
});

// ---------------------------------------------------------------------------------------------
// Work orders of every customer (the repair area's orders; staff move them with CSSAPI/MoveWorkOrder).

export const GetWorkOrders = defineCall({
  path: 'Staff/GetWorkOrders',
  summary:
    "Staff: every customer's work orders, newest first, paged; Step filters by step (0 pending, 1 in progress, 2 done), " +
    "Search matches the event number, the order number, the company or the customer's account. ReturnCount is the total",
  body: {
    type: 'object',
    properties: { ...PAGING_PROPERTIES, Step: { type: ['integer', 'null'], enum: [null, 0, 1, 2] }, Search: { type: 'string', maxLength: 100 } },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['EventNum', 'OrderNumber', 'Account', 'Company', 'UserName', 'Phone', 'Email', 'Content', 'CreateTime', 'Step', 'Note', 'UpdateTime', 'Source', 'CreatedByName'],
      additionalProperties: false,
      properties: {
        EventNum: { type: 'string' },
        OrderNumber: { type: 'string' },
        Account: { type: 'string' },
        Company: { type: 'string' },
        UserName: { type: 'string' },
        Phone: { type: 'string' },
        Email: { type: 'string' },
        Content: { type: 'string' },
        CreateTime: { type: 'string', description: 'ISO 8601, UTC' },
        Step: { type: 'integer', enum: [0, 1, 2] },
        Note: { type: 'string' },
        UpdateTime: { type: 'string', description: 'ISO 8601, UTC' },
        Source: { type: 'string', enum: ['portal', 'label'], description: "'label': raised by someone who scanned the machine's QR label (no spare part; issue 39)" },
    CreatedByName: { type: 'string', description: "The company member who raised it (issue 37 item 4); '' for a QR label request" },
      },
    },
  },
  success: 'success',
  empty: { data: 'list', info: 'No work orders' },
  refusals: {},
});

// ---------------------------------------------------------------------------------------------
// The site videos (domain/shared/site-videos.ts): the nest lessons, the standards' two and the Plus demo, which
// staff may replace. The pages play `GET /api/SiteVideo/<VideoId>` (site-video.routes.ts).

/** A site video as staff see it: the committed file, or the replacement playing now. */
const SITE_VIDEO = {
  type: 'object',
  required: ['VideoId', 'Replaced', 'Url', 'Size', 'Type', 'FileName', 'ReplacedBy', 'ReplacedAt'],
  additionalProperties: false,
  properties: {
    VideoId: { type: 'string' },
    /** False while the committed file plays. */
    Replaced: { type: 'boolean' },
    /** What the page plays: the same address before and after a replacement. */
    Url: { type: 'string' },
    /** The replacement's bytes, and the type its content showed; 0 and '' for the committed file. */
    Size: { type: 'integer', minimum: 0 },
    Type: { type: 'string' },
    FileName: { type: 'string' },
    /** The account that replaced it, and when (ISO 8601); '' for the committed file. */
    ReplacedBy: { type: 'string' },
    ReplacedAt: { type: 'string' },
  },
} as const;

/** Named, so the console's tab tells a caller who is not staff (the auth hook answers it). */
const staffOnly = { code: 403, info: STAFF_ONLY_INFO } as const;

export const GetSiteVideos = defineCall({
  path: 'Staff/GetSiteVideos',
  summary: 'Staff: every site video (the 15 nest lessons, the two of the service standards, the Plus product demo), each with the file it plays now',
  body: { type: 'object', properties: {} },
  data: { type: 'array', items: SITE_VIDEO },
  success: 'success',
  refusals: { staffOnly },
});

export const ReplaceSiteVideo = defineCall({
  path: 'Staff/ReplaceSiteVideo',
  summary: `Staff: replace a site video, multipart: the field VideoId first, then the file (MP4 or WebM by its content, at most ${SITE_VIDEO_MAX_MB} MB). The page plays it from then on; ReturnData is the video as GetSiteVideos lists it`,
  body: multipartFile('The video', { VideoId: { type: 'string', maxLength: 40 } }),
  data: SITE_VIDEO,
  success: 'Replaced',
  refusals: {
    ...uploadRefusals,
    staffOnly,
    videoIdFirst: { code: 400, info: 'VideoId is required before the file' },
    unknownVideo: { code: 404, info: 'There is no such site video' },
    notAVideo: { code: 415, info: 'Only MP4 and WebM videos can be used' },
  },
});

// ---------------------------------------------------------------------------------------------
// Companies (issue 37 item 5, ADR 0030): every company, its members and machines; staff move a
// machine from one company to another.

const COMPANY_ID = { type: 'string', minLength: 36, maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$' } as const;
const COMPANY_ROLE = { type: 'string', enum: ['owner', 'manager', 'engineer', 'viewer'] } as const;

const COMPANY_FIELDS = {
  CompanyId: { type: 'string' },
  Name: { type: 'string', description: "The company's name; '' for a company of one, which is named after its founder (OwnerName)" },
  OwnerName: { type: 'string', description: "The founder's real name (the company has the founder's id)" },
  OwnerAccount: { type: 'string', description: "The founder's account" },
  Members: { type: 'integer', minimum: 0 },
  Machines: { type: 'integer', minimum: 0 },
  CreateTime: { type: 'string', description: 'ISO 8601, UTC' },
} as const;
const COMPANY_KEYS = ['CompanyId', 'Name', 'OwnerName', 'OwnerAccount', 'Members', 'Machines', 'CreateTime'] as const;

export const GetCompanies = defineCall({
  path: 'Staff/GetCompanies',
  summary:
    "Staff: every company, newest first, paged; Search matches a part of the company's name, or of an owner's account, e-mail or name. " +
    'Each with its number of members and machines. ReturnCount is the total',
  body: { type: 'object', properties: { ...PAGING_PROPERTIES, Search: { type: 'string', maxLength: 100 } } },
  data: { type: 'array', items: { type: 'object', required: COMPANY_KEYS, additionalProperties: false, properties: COMPANY_FIELDS } },
  success: 'success',
  empty: { data: 'list', info: 'No companies' },
  refusals: { staffOnly },
});

const COMPANY_MACHINE = {
  type: 'object',
  required: ['EquipmentId', 'OrderNumber', 'Name', 'SeriesName', 'Kind', 'BoundTime'],
  additionalProperties: false,
  properties: {
    EquipmentId: { type: 'integer' },
    OrderNumber: { type: 'string' },
    Name: { type: 'string' },
    SeriesName: { type: 'string' },
    Kind: { type: 'string', enum: ['sheet', 'tube'] },
    BoundTime: { type: 'string', description: 'When the company got it (bound, or moved to it), ISO 8601; empty for none' },
  },
} as const;

export const GetCompany = defineCall({
  path: 'Staff/GetCompany',
  summary: 'Staff: one company with its members (owners first, each with their role) and its machines',
  body: { type: 'object', required: ['CompanyId'], properties: { CompanyId: COMPANY_ID } },
  data: {
    type: 'object',
    required: [...COMPANY_KEYS, 'MemberList', 'MachineList'],
    additionalProperties: false,
    properties: {
      ...COMPANY_FIELDS,
      MemberList: {
        type: 'array',
        items: {
          type: 'object',
          required: ['MemberId', 'Name', 'Account', 'Role', 'JoinTime'],
          additionalProperties: false,
          properties: { MemberId: { type: 'string' }, Name: { type: 'string' }, Account: { type: 'string' }, Role: COMPANY_ROLE, JoinTime: { type: 'string' } },
        },
      },
      MachineList: { type: 'array', items: COMPANY_MACHINE },
    },
  },
  success: 'success',
  refusals: { staffOnly, notFound: { code: 404, info: 'There is no such company' } },
});

export const MoveMachine = defineCall({
  path: 'Staff/MoveMachine',
  summary:
    'Staff: moves a machine from the company it is in (FromCompanyId, as staff saw it) to another (ToCompanyId), with its maintenance plans, ' +
    "in one transaction with the audit row (the machine, from and to). The former company's members lose it and its live data at once; " +
    "the new company's members see it. Its reports, logs and work orders stay where they were written",
  body: {
    type: 'object',
    required: ['OrderNumber', 'FromCompanyId', 'ToCompanyId'],
    properties: { OrderNumber: { type: 'string', minLength: 1, maxLength: 64 }, FromCompanyId: COMPANY_ID, ToCompanyId: COMPANY_ID },
  },
  data: {
    type: 'object',
    required: ['OrderNumber', 'EquipmentId', 'Name', 'FromCompanyId', 'ToCompanyId'],
    additionalProperties: false,
    properties: { OrderNumber: { type: 'string' }, EquipmentId: { type: 'integer' }, Name: { type: 'string' }, FromCompanyId: { type: 'string' }, ToCompanyId: { type: 'string' } },
  },
  success: 'Moved',
  refusals: {
    staffOnly,
    unknownMachine: { code: 404, info: 'There is no machine with this order number' },
    notBound: { code: 409, info: 'This machine belongs to no company' },
    movedMeanwhile: { code: 409, info: 'This machine is not in that company any more; reload the company' },
    unknownCompany: { code: 404, info: 'There is no company to move the machine to' },
    sameCompany: { code: 400, info: 'The machine is in this company already' },
  },
});
