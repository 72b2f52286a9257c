import { defineCall, nullData, type RefusalText } from './call';
import { passwordThrottle, profileProperties, profileRequired } from './login';

/**
 * api/User/* of the user centre (spec 2 sections 3, 5 and 7): the profile, its save, the avatar
 * and the change of e-mail. Kept beside `user.ts` (the same controller) so the user centre and the
 * accounts area change apart.
 */

const text = { type: 'string', maxLength: 200 } as const;

/** The profile of the user centre: the login profile with the area cascade and the address. */
const centreProfile = {
  type: 'object',
  required: ['UserId', ...profileRequired, 'FullPathId', 'FullPathName', 'Address'],
  additionalProperties: false,
  properties: {
    ...profileProperties,
    FullPathId: { type: 'string', description: 'Dash-joined area ids' },
    FullPathName: { type: 'string', description: 'Slash-joined area names' },
    Address: { type: 'string' },
  },
} as const;

export const GetUsers = defineCall({
  path: 'User/GetUsers',
  summary: "The caller's own profile as a one-row list; an account naming someone else finds nothing (UserId may name only the caller)",
  body: {
    type: 'object',
    properties: {
      account: text,
      UserId: text,
      lang: { type: 'string', maxLength: 10, description: 'zh or en: FullPathName named in that language from FullPathId (as saved when absent)' },
    },
  },
  data: { type: 'array', items: centreProfile },
  empty: { data: 'no-data' },
  refusals: {},
});

/** The refusals of a profile save, named as the spec's message keys (user.nameErr ...). */
const profileRefusals = {
  nameErr: { code: 400, info: 'Please enter your name' },
  phoneErr: { code: 400, info: 'The phone number must contain a digit' },
  oldErr: { code: 400, info: 'Please enter the old password' },
  newErr: { code: 400, info: 'The passwords entered twice are inconsistent' },
  passwordTooShort: { code: 400, id: 'passwordTooShort', info: ({ min }) => `The password must have at least ${min} characters` },
  wrongCredentials: { code: 400, info: 'The old password is wrong' },
  areaUnknown: { code: 400, info: 'The region is not one of the list' },
  // The old password goes through the login's throttle and answers as it does (issue 21).
  ...passwordThrottle,
} as const satisfies Record<string, RefusalText>;

export const Save = defineCall({
  path: 'User/Save',
  summary: "Save the caller's profile; a new password needs the old one, and ends the caller's other sessions",
  body: {
    type: 'object',
    required: ['RealName'],
    properties: {
      UserId: text,
      RealName: text,
      Mobile: text,
      FullPathId: text,
      FullPathName: { type: 'string', maxLength: 400 },
      Address: text,
      OldPassword: text,
      Password: text,
      ConfirmPassword: text,
    },
  },
  data: centreProfile,
  success: 'Saved successfully',
  refusals: profileRefusals,
});

/** What the server says of a code it did not accept (the same words as registration's). */
const codeRefusals = {
  codeWrong: { code: 400, info: 'Verification code error!' },
  codeLocked: { code: 400, info: 'Too many wrong codes, please obtain the verification code again' },
  codeExpired: { code: 400, info: 'The verification code has expired, please obtain the verification code again' },
  codeMissing: { code: 400, info: 'Please obtain the verification code again' },
} as const;

export const ChangeEmail = defineCall({
  path: 'User/ChangeEmail',
  summary: "Change the caller's e-mail with the code RegisterEmlie sent to the new address (checked here only)",
  body: { type: 'object', required: ['Email', 'EmailCode'], properties: { Email: text, EmailCode: text } },
  data: centreProfile,
  success: 'Modified Successfully',
  refusals: {
    emailEmpty: { code: 400, info: 'Email cannot be empty' },
    emailFormat: { code: 400, info: 'Please enter the correct email format' },
    emailDuplicate: { code: 400, info: 'The email has been registered' },
    codeEmpty: { code: 400, info: 'Please enter the verification code' },
    ...codeRefusals,
  },
});

/** The body schema of an upload: the form's fields (sent before the file) and its file (JSON bodies are answered 415). */
export const multipartFile = <const F extends Record<string, unknown> = {}>(summary: string, fields: F = {} as F) =>
  ({
    description: 'multipart/form-data',
    content: {
      'application/json': { schema: { type: 'object', description: 'Refused with 415: send multipart/form-data' } },
      'multipart/form-data': { schema: { type: ['object', 'null'], properties: { ...fields, file: { type: 'string', format: 'binary', description: summary } } } },
    },
  }) as const;

/** Refusals of reading an upload's form, and of the file store. */
export const uploadRefusals = {
  notMultipart: { code: 415, info: 'Send the file as multipart/form-data' },
  unreadableForm: { code: 400, info: 'The form could not be read' },
  fileRequired: { code: 400, info: 'file is required' },
  tooLarge: { code: 413, info: 'The file is too large' },
  badFileName: { code: 400, info: 'The file name is not allowed' },
} as const satisfies Record<string, RefusalText>;

export const UploadAvatar = defineCall({
  path: 'User/UploadAvatar',
  summary: "The caller's avatar (PNG, JPEG, GIF or WebP by content, at most 2 MB); the old one is removed; ReturnData.Url",
  body: multipartFile('The image'),
  data: { type: 'object', required: ['Url'], additionalProperties: false, properties: { Url: { type: 'string' } } },
  success: 'Uploaded successfully',
  refusals: { ...uploadRefusals, notAnImage: { code: 415, info: 'Only PNG, JPEG, GIF and WebP images can be used' } },
});

/** One row of the caller's points ledger. */
const pointsEntry = {
  type: 'object',
  required: ['Id', 'Delta', 'BalanceAfter', 'Reason', 'Source', 'CreateTime', 'ActorName'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    Delta: { type: 'integer' },
    BalanceAfter: { type: 'integer', minimum: 0 },
    Reason: { type: 'string' },
    Source: { type: 'string', enum: ['staff', 'exchange', 'purchase', 'seed', 'refund'] },
    CreateTime: { type: 'string', description: 'ISO 8601' },
    ActorName: { type: 'string', description: "The company member who made the change, e.g. who exchanged (issue 37 item 4); '' for staff's and the system's" },
  },
} as const;

export const GetPointsHistory = defineCall({
  path: 'User/GetPointsHistory',
  summary: "The caller's points ledger, newest first, paged: every change with its reason, source and time",
  body: {
    type: 'object',
    properties: {
      UserId: text,
      PrevPageNums: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      TopNums: { type: 'integer', minimum: 1, maximum: 100 },
    },
  },
  data: { type: 'array', items: pointsEntry },
  empty: { data: 'no-data' },
  refusals: {},
});

export const ChangePoints = defineCall({
  path: 'User/ChangePoints',
  summary: "Staff: grant (positive) or correct (negative) a customer's points with a reason; Source 'staff' or 'purchase' (ADR 0013)",
  body: {
    type: 'object',
    required: ['TargetUserId', 'Delta', 'Reason'],
    properties: {
      TargetUserId: { type: 'string', maxLength: 64 },
      Delta: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
      Reason: text,
      Source: { type: 'string', enum: ['staff', 'purchase'] },
      IdempotencyKey: { type: 'string', maxLength: 100 },
    },
  },
  data: pointsEntry,
  success: 'Points booked',
  refusals: {
    unknownUser: { code: 404, info: 'No such customer' },
    notWhole: { code: 400, info: 'Points must be a whole number' },
    zero: { code: 400, info: 'The change cannot be zero' },
    tooLarge: { code: 400, info: 'The change is too large' },
    reasonRequired: { code: 400, info: 'Please give a reason' },
    reasonTooLong: { code: 400, info: 'The reason is too long' },
    insufficient: { code: 400, id: 'points.insufficient', info: ({ balance }) => `The balance (${balance}) cannot go below zero` },
  },
});
