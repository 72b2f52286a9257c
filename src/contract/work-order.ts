import { defineCall } from './call';

/**
 * api/WorkOrder/* and their staff equivalents: the conversation on a work order (issue 38 item 1,
 * ADR 0032), beside the spec's CSSAPI calls, whose contract stays. A customer reads and writes on
 * the orders of the company they work in (ADR 0030): another company's order answers exactly as
 * an unknown one. Staff read and write on every order, and may write a staff-only note
 * (`Internal`), which no customer call ever answers.
 */

const EventNum = { type: 'string', maxLength: 40, description: 'The work order: EV + UTC day YYYYMMDD + sequence' } as const;
const FileId = { type: ['integer', 'string'], maxLength: 20, description: 'Files[].Id of a message' } as const;
type Values = Readonly<Record<string, string | number>>;

const messageFile = {
  type: 'object',
  required: ['Id', 'Name', 'MediaType', 'Size', 'Thumbnail'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    MediaType: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], description: 'Told by the content, never by the name' },
    Size: { type: 'integer', description: 'Bytes' },
    Thumbnail: { type: 'boolean', description: 'True for an image: GetMessageFile with Thumb answers a WebP of at most 320 px' },
  },
} as const;

const message = {
  type: 'object',
  required: ['Id', 'EventNum', 'Author', 'AuthorName', 'Internal', 'Content', 'CreateTime', 'Files'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    EventNum: { type: 'string' },
    Author: { type: 'string', enum: ['customer', 'staff'], description: "'customer': a member of the order's company" },
    AuthorName: { type: 'string', description: "The author's real name, else their account; '' once the account is gone" },
    Internal: { type: 'boolean', description: 'A staff-only note; always false in a customer call' },
    Content: { type: 'string' },
    CreateTime: { type: 'string', description: 'ISO 8601, UTC' },
    Files: { type: 'array', items: messageFile, maxItems: 5 },
  },
} as const;

const messages = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: { type: 'array', items: message, description: 'Oldest first' } },
} as const;

const unknown = { code: 404, info: '未查询到数据' } as const;

/** The multipart form of an added message, for the OpenAPI document. */
const messageForm = (staff: boolean) =>
  ({
    // The handler reads the form while it streams: the validator sees no body (null).
    type: ['object', 'null'],
    properties: {
      EventNum: { ...EventNum, description: 'The work order; send it before the files' },
      Content: { type: 'string', maxLength: 4000, description: 'The text; may be empty when files come' },
      ...(staff ? { Internal: { type: 'string', enum: ['true', 'false', '1', '0'], description: 'A staff-only note, never shown to the customer' } } : {}),
      files: { type: 'array', maxItems: 5, items: { type: 'string', format: 'binary' }, description: 'Up to 5 files (repeated part named files): JPEG, PNG, WebP or PDF, each at most 10 MB' },
    },
  }) as const;

const addRefusals = {
  notMultipart: { code: 415, info: 'Send the message as multipart/form-data' },
  badForm: { code: 400, id: 'files.badForm', info: (v: Values) => String(v.reason) },
  eventNumRequired: { code: 400, info: 'EventNum is required (send it before the files)' },
  unknown,
  empty: { code: 400, info: 'Write a message or add a file' },
  tooLong: { code: 400, info: 'The message is longer than 4000 characters' },
  tooManyFiles: { code: 400, id: 'files.tooMany', info: (v: Values) => `Send at most ${v.max} files at once` },
  badName: { code: 400, id: 'files.badName', info: (v: Values) => `${v.name}: ${v.reason}` },
  badType: { code: 415, id: 'files.badType', info: (v: Values) => `${v.name}: ${v.reason}` },
  fileTooLarge: { code: 413, id: 'files.tooLarge', info: (v: Values) => `${v.name} is larger than ${v.limit}` },
} as const;

const addBody = (staff: boolean) =>
  ({
    description: 'multipart/form-data',
    content: {
      'application/json': { schema: { type: 'object', description: 'Refused with 415: send multipart/form-data' } },
      'multipart/form-data': { schema: messageForm(staff) },
    },
  }) as const;

const fileBody = {
  type: 'object',
  required: ['Id'],
  properties: { Id: FileId, Thumb: { type: 'boolean', description: "True: the image's thumbnail (WebP) instead of the file" } },
} as const;
const fileAnswer = {
  data: { type: 'null', description: 'Never sent: a success is the file itself' },
  file: { mediaType: 'application/octet-stream', description: 'The file (its Content-Type the one its content told: JPEG, PNG, WebP or PDF), or the WebP thumbnail' },
  refusals: { notFound: { code: 404, info: 'The file does not exist' } },
} as const;

export const GetMessages = defineCall({
  path: 'WorkOrder/GetMessages',
  summary: "The conversation on one of the company's work orders, oldest first, without staff-only notes",
  body: { type: 'object', required: ['EventNum'], properties: { EventNum } },
  data: messages,
  success: 'success',
  refusals: { unknown },
});

export const AddMessage = defineCall({
  path: 'WorkOrder/AddMessage',
  summary:
    "Adds a message to one of the company's work orders: multipart/form-data with EventNum first, then Content and up to 5 files (JPEG, PNG, WebP, PDF, " +
    'checked by content; 10 MB each). The message and its files commit together; a refused file stores nothing',
  body: addBody(false),
  data: message,
  success: 'success',
  refusals: addRefusals,
});

export const GetMessageFile = defineCall({
  path: 'WorkOrder/GetMessageFile',
  summary: "A file of a message on one of the company's work orders, or its thumbnail (streamed, nosniff); 404 for another company's or a staff-only note's",
  body: fileBody,
  ...fileAnswer,
});

export const StaffGetMessages = defineCall({
  path: 'Staff/GetWorkOrderMessages',
  summary: "Staff: the conversation on any work order, oldest first, staff-only notes included",
  body: { type: 'object', required: ['EventNum'], properties: { EventNum } },
  data: messages,
  success: 'success',
  refusals: { unknown },
});

export const StaffAddMessage = defineCall({
  path: 'Staff/AddWorkOrderMessage',
  summary: "Staff: adds a message to any work order, or a staff-only note (Internal), with up to 5 files as WorkOrder/AddMessage; audited",
  body: addBody(true),
  data: message,
  success: 'success',
  refusals: addRefusals,
});

export const StaffGetMessageFile = defineCall({
  path: 'Staff/GetWorkOrderMessageFile',
  summary: 'Staff: a file of any message (staff-only notes too), or its thumbnail',
  body: fileBody,
  ...fileAnswer,
});
