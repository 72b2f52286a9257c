import { defineCall, PAGING_PROPERTIES } from './call';
import { STAFF_ONLY_INFO } from './envelope';

// Alarm notifications (issue 39 item 1): what a person wants to hear about, the owner's webhooks,
// the delivery log and the bell. Beside the spec's calls, in their envelope and naming style.

const kind = { type: 'string', enum: ['emergencyStop', 'alarmStop', 'offline'] } as const;
/** A message's trouble: null for a repair request raised from the machine's QR label (Event `labelRequest`). */
const messageKind = { type: ['string', 'null'], enum: [...kind.enum, null], description: "The trouble's kind; null for a label request" } as const;
const event = {
  type: 'string',
  enum: ['raised', 'cleared', 'labelRequest'],
  description: "An alarm episode's start or its all clear, or a repair request someone raised from the machine's QR label (issue 39 item 3)",
} as const;
const language = { type: 'string', enum: ['zh', 'en'] } as const;
const minuteOfDay = { type: ['integer', 'null'], minimum: 0, maximum: 1439, description: 'Minutes after midnight in Zone; null for no quiet hours' } as const;

const ruleFields = {
  MachineIds: { type: ['array', 'null'], items: { type: 'integer', minimum: 1, maximum: 2147483647 }, maxItems: 500, description: 'The machines (equipment ids) to hear about; null for all of the caller\'s' },
  Kinds: { type: 'array', items: kind, uniqueItems: true, maxItems: 3 },
  AllClear: { type: 'boolean', description: 'Also tell when the trouble ends' },
  QuietFrom: minuteOfDay,
  QuietTo: minuteOfDay,
  Zone: { type: 'string', minLength: 1, maxLength: 64, description: 'IANA time zone of the quiet hours and the times in messages' },
  Email: { type: 'boolean' },
  Bell: { type: 'boolean' },
  Language: language,
} as const;
const ruleKeys = ['MachineIds', 'Kinds', 'AllClear', 'QuietFrom', 'QuietTo', 'Zone', 'Email', 'Bell', 'Language'] as const;

export const GetNotifyRule = defineCall({
  path: 'Alarm/GetNotifyRule',
  summary: "The caller's choice of which machines' troubles reach them and how (the default when they chose none: the bell for all, no e-mail)",
  body: { type: 'object', properties: {} },
  data: { type: 'object', required: ruleKeys, additionalProperties: false, properties: ruleFields },
  refusals: {},
});

const ruleRefusals = {
  badZone: { code: 400, info: 'Please choose a valid time zone' },
  badQuiet: { code: 400, info: 'Quiet hours need both a start and an end' },
  notYours: { code: 400, info: 'Choose only your own machines' },
} as const;

export const SaveNotifyRule = defineCall({
  path: 'Alarm/SaveNotifyRule',
  summary: "Saves the caller's choice of which machines' troubles reach them (emergency stop, stop with an alarm, offline while running), by bell and e-mail, with quiet hours",
  body: { type: 'object', required: ruleKeys, properties: ruleFields },
  data: { type: 'null' },
  success: '保存成功',
  refusals: ruleRefusals,
});

const webhookData = {
  type: 'object',
  required: ['Id', 'Format', 'Url', 'HasSecret', 'AllClear', 'Language', 'CreateTime'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    Format: { type: 'string', enum: ['json', 'wecom', 'dingtalk', 'feishu'] },
    Url: { type: 'string', description: "The receiver's address with its query's values hidden (a robot's key is there)" },
    HasSecret: { type: 'boolean', description: 'Whether a signing secret is set; the secret itself is never answered' },
    AllClear: { type: 'boolean' },
    Language: language,
    CreateTime: { type: 'string' },
  },
} as const;

export const GetWebhooks = defineCall({
  path: 'Alarm/GetWebhooks',
  summary: "The caller's webhooks for their machines' troubles (generic signed JSON, or a WeCom, DingTalk or Feishu group robot)",
  body: { type: 'object', properties: {} },
  data: { type: 'array', items: webhookData },
  refusals: {},
});

export const AddWebhook = defineCall({
  path: 'Alarm/AddWebhook',
  summary:
    "Adds a webhook told of every trouble of the caller's machines, once per episode: `json` posts the facts signed with HMAC-SHA256 " +
    '(header `x-portal-signature: t=<seconds>,v1=<hex of HMAC(secret, "<t>.<body>")>`); `wecom`, `dingtalk` and `feishu` post ' +
    "the group robot's markdown or text message, signed as DingTalk and Feishu ask when a secret is given. At most 5",
  body: {
    type: 'object',
    required: ['Format', 'Url'],
    properties: {
      Format: webhookData.properties.Format,
      Url: { type: 'string', minLength: 1, maxLength: 1000 },
      Secret: { type: 'string', maxLength: 200, description: 'The signing secret (required for json); stored on the server, never answered' },
      AllClear: { type: 'boolean' },
      Language: language,
    },
  },
  data: { type: 'object', required: ['Id'], additionalProperties: false, properties: { Id: { type: 'integer' } } },
  success: '保存成功',
  refusals: {
    badUrl: { code: 400, info: 'Please enter an http or https address' },
    privateUrl: { code: 400, info: 'The address must be on the public internet, not this server or a private network' },
    secretRequired: { code: 400, info: 'A signed JSON webhook needs a secret of at least 16 characters' },
    tooMany: { code: 400, info: 'At most 5 webhooks' },
  },
});

export const DeleteWebhook = defineCall({
  path: 'Alarm/DeleteWebhook',
  summary: "Removes one of the caller's webhooks (another customer's answers 404, like an unknown one)",
  body: { type: 'object', required: ['Id'], properties: { Id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
  data: { type: 'null' },
  success: '删除成功',
  refusals: { notFound: { code: 404, info: 'No such webhook' } },
});

const deliveryData = {
  type: 'object',
  required: ['Id', 'OrderNumber', 'MachineName', 'Kind', 'Event', 'Channel', 'Target', 'Status', 'Attempts', 'LastError', 'CreateTime', 'SentTime'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    OrderNumber: { type: 'string' },
    MachineName: { type: 'string' },
    Kind: messageKind,
    Event: event,
    Channel: { type: 'string', enum: ['bell', 'email', 'webhook'] },
    Target: { type: 'string', description: 'The e-mail address, or the webhook\'s address without its query' },
    Status: { type: 'string', enum: ['pending', 'sent', 'failed'] },
    Attempts: { type: 'integer' },
    LastError: { type: 'string' },
    CreateTime: { type: 'string' },
    SentTime: { type: ['string', 'null'] },
  },
} as const;

export const GetDeliveries = defineCall({
  path: 'Alarm/GetDeliveries',
  summary: "The delivery log of the caller's machines' notifications, newest first (the last 200): each message, its channel, tries and result",
  body: { type: 'object', properties: {} },
  data: { type: 'array', items: deliveryData },
  refusals: {},
});

export const StaffGetDeliveries = defineCall({
  path: 'Staff/GetAlarmDeliveries',
  summary:
    "Staff: every company's notification deliveries, newest first, paged, each with its company and, when it failed, its last error. " +
    'Status and Channel narrow; CompanyId names one company; OrderNumber one machine; Search matches a part of the order number, ' +
    "the company's name or its founder's account or name. ReturnCount is the total",
  body: {
    type: 'object',
    properties: {
      ...PAGING_PROPERTIES,
      OrderNumber: { type: 'string', maxLength: 64 },
      Status: { type: 'string', enum: ['', 'pending', 'sent', 'failed'] },
      Channel: { type: 'string', enum: ['', 'bell', 'email', 'webhook'] },
      CompanyId: { type: 'string', minLength: 36, maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$' },
      Search: { type: 'string', maxLength: 100 },
    },
  },
  data: {
    type: 'array',
    items: {
      ...deliveryData,
      required: [...deliveryData.required, 'OwnerAccount', 'CompanyId', 'CompanyName', 'OwnerName'],
      properties: {
        ...deliveryData.properties,
        OwnerAccount: { type: 'string', description: "The account of the company's founder" },
        CompanyId: { type: 'string', description: 'The company whose machine it was about, when it was sent' },
        CompanyName: { type: 'string', description: "The company's name; '' for a company of one, named after its founder" },
        OwnerName: { type: 'string', description: "The founder's real name" },
      },
    },
  },
  success: 'success',
  empty: { data: 'list', info: 'No deliveries' },
  refusals: { staffOnly: { code: 403, info: STAFF_ONLY_INFO } },
});

export const GetBell = defineCall({
  path: 'Alarm/GetBell',
  summary: "The caller's notification bell: the unread count and the newest 30 messages (their machines' alarms, the repair requests raised from their machines' QR labels), as facts the page words in its language",
  body: { type: 'object', properties: {} },
  data: {
    type: 'object',
    required: ['Unread', 'Items'],
    additionalProperties: false,
    properties: {
      Unread: { type: 'integer' },
      Items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['Id', 'Event', 'Kind', 'OrderNumber', 'MachineName', 'AlarmText', 'EventNum', 'Link', 'CreateTime', 'Read'],
          additionalProperties: false,
          properties: {
            Id: { type: 'integer' },
            Event: event,
            Kind: messageKind,
            OrderNumber: { type: 'string' },
            MachineName: { type: 'string' },
            AlarmText: { type: 'string', description: "The controller's own alarm text ('' for none); a label request's description of the fault, in the requester's words" },
            EventNum: { type: 'string', description: "A label request's work order ('' for an alarm)" },
            Link: { type: 'string', description: "The machine's live page; a label request's work order on the caller's work orders page" },
            CreateTime: { type: 'string' },
            Read: { type: 'boolean' },
          },
        },
      },
    },
  },
  refusals: {},
});

export const MarkBellRead = defineCall({
  path: 'Alarm/MarkBellRead',
  summary: "Marks the caller's bell messages read, up to and including Id (all when absent)",
  body: { type: 'object', properties: { Id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } },
  data: { type: 'null' },
  refusals: {},
});

export const WaitBell = defineCall({
  path: 'Alarm/WaitBell',
  summary:
    "The caller's unread bell count, as soon as it differs from the Unread sent (a long poll: the shell's bell, live while the page is open). " +
    'Without Unread it answers at once; otherwise it waits for a change, at most 25 s, and answers the count then',
  body: { type: 'object', properties: { Unread: { type: 'integer', minimum: 0, maximum: 1000000 } } },
  data: { type: 'object', required: ['Unread'], additionalProperties: false, properties: { Unread: { type: 'integer' } } },
  refusals: {},
});
