import { defineCall, nullData } from './call';
import { accountRequired, passwordRequired, passwordThrottle, profileProperties, profileRequired, wrongCredentials } from './login';

/** api/User/*: registration, codes, areas, password reset, CAM e-mail binding and staff review (spec 1 sections 5 and 7, DECISIONS 2). */

const text = { type: 'string', maxLength: 200 } as const;

/** The seltype of each level of the area cascade: 1 countries, 2 provinces, 3 cities, 4 counties. */
export const AREA_SELTYPES = { nation: '1', province: '2', city: '3', county: '4' } as const;

const emailFormat = { code: 400, info: 'Please enter the correct email format' } as const;
const phoneFormat = { code: 400, info: 'Please enter the correct phone format' } as const;
const passwordTooShort = { code: 400, id: 'passwordTooShort', info: ({ min }: Readonly<Record<string, string | number>>) => `The password must have at least ${min} characters` };
const passwordMismatch = { code: 400, info: 'The passwords entered twice are inconsistent' } as const;

/** The seconds until another code may be asked for (never the code: DECISIONS 2). */
const waitSeconds = { type: 'integer', minimum: 0 } as const;

/** A code request too soon after the last one; ReturnData is the seconds still to wait. */
export const tooSoon = {
  code: 429,
  id: 'codeRequest.tooSoon',
  info: ({ seconds }: Readonly<Record<string, string | number>>) => `Please wait ${seconds} seconds before requesting another code`,
  data: waitSeconds,
};

/** What the server says of a verification code it did not accept (DECISIONS 2). */
export const codeRefusals = {
  codeWrong: { code: 400, info: 'Verification code error!' },
  codeLocked: { code: 400, info: 'Too many wrong codes, please obtain the verification code again' },
  codeExpired: { code: 400, info: 'The verification code has expired, please obtain the verification code again' },
  codeMissing: { code: 400, info: 'Please obtain the verification code again' },
} as const;

/** What a code request answers on success, by mail or by SMS alike. */
export const codeSent = { data: waitSeconds, success: 'The verification code has been sent' } as const;

export const RegisterEmlie = defineCall({
  path: 'User/RegisterEmlie',
  summary: 'Mail a verification code; ReturnData is the seconds until another may be requested',
  body: { type: 'object', required: ['Email'], properties: { Email: text } },
  ...codeSent,
  refusals: { contactRequired: { code: 400, info: 'Email cannot be empty' }, contactFormat: emailFormat, tooSoon },
});

export const RegisterMobile = defineCall({
  path: 'User/RegisterMobile',
  summary: 'Text a verification code; ReturnData is the seconds until another may be requested',
  body: { type: 'object', required: ['Mobile'], properties: { Mobile: text } },
  ...codeSent,
  refusals: { contactRequired: { code: 400, info: 'Phone cannot be empty' }, contactFormat: phoneFormat, tooSoon },
});

export const GetUserEmail = defineCall({
  path: 'User/GetUserEmail',
  summary: 'Whether an e-mail is registered: a non-empty list means taken, [] free (spec 1, issue 23)',
  body: { type: 'object', required: ['Email'], properties: { Email: text } },
  data: {
    type: 'array',
    items: { type: 'object', required: ['Email'], additionalProperties: false, properties: { Email: { type: 'string' } } },
  },
  // A free address answers [] (not the no-data marker): a client written to the spec reads any non-empty ReturnData as taken.
  empty: { data: 'list', info: 'success' },
  refusals: {},
});

export const GetAreaData = defineCall({
  path: 'User/GetAreaData',
  summary: 'Areas: seltype 1 countries, 2 provinces, 3 cities, 4 counties of the parent fid (China is 44)',
  body: {
    type: 'object',
    required: ['seltype'],
    properties: {
      seltype: { type: 'string', enum: ['1', '2', '3', '4'] },
      fid: { type: ['integer', 'string'], maxLength: 12 },
      lang: { type: 'string', enum: ['zh', 'en'] },
    },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['countryid', 'countryname', 'namezh', 'nameen'],
      additionalProperties: false,
      properties: {
        countryid: { type: 'integer' },
        countryname: { type: 'string', description: 'The name in the requested language' },
        namezh: { type: 'string' },
        nameen: { type: 'string' },
      },
    },
  },
  empty: { data: 'no-data' },
  refusals: { badFid: { code: 400, info: 'fid must be a whole number' } },
});

/** The registration payload of spec 1 section 3 (+ MobileCode on the phone path). */
const registrationBody = {
  type: 'object',
  required: ['Password'],
  properties: {
    Password: text,
    Account: text,
    RealName: text,
    Mobile: text,
    Email: text,
    FullPathId: text,
    FullPathName: text,
    Address: text,
    IsDomestic: text,
    CreateOrigin: text,
    EmailCode: text,
    MobileCode: text,
  },
} as const;

/** Registration rules 1 to 6 of spec 1 section 5 and the taken account, as the server answers them. */
const registrationRefusals = {
  contactRequired: { code: 400, info: 'Email or phone cannot be empty' },
  passwordRequired,
  passwordTooShort,
  addressRequired: { code: 400, info: 'Address cannot be empty' },
  emailFormat,
  phoneFormat,
  emailTaken: { code: 400, info: 'The email has been registered' },
  accountTaken: { code: 400, info: 'The account has been registered' },
} as const;

export const SaveUser = defineCall({
  path: 'User/SaveUser',
  summary: 'Register with the code sent to the e-mail (EmailCode) or phone (MobileCode)',
  body: registrationBody,
  data: nullData,
  success: 'register success',
  refusals: { ...registrationRefusals, ...codeRefusals },
});

export const SaveEmailErrorUser = defineCall({
  path: 'User/SaveEmailErrorUser',
  summary: 'Register without a code; the account waits for review by staff before it can log in',
  body: registrationBody,
  data: nullData,
  success: 'Submitted, the service team will review your registration and contact you',
  refusals: registrationRefusals,
});

export const PasswordReset = defineCall({
  path: 'User/PasswordReset',
  summary: 'Set a new password with the code sent to the account; every session of the account ends',
  body: {
    type: 'object',
    required: ['Account', 'Code', 'Password', 'ConfirmPassword'],
    properties: { Account: text, Code: text, Password: text, ConfirmPassword: text },
  },
  data: nullData,
  success: 'Modified Successfully',
  refusals: {
    accountRequired,
    passwordRequired,
    passwordTooShort,
    passwordMismatch,
    noAccount: { code: 400, info: 'No account uses this e-mail or phone' },
    ...codeRefusals,
  },
});

export const GetAllowUsers = defineCall({
  path: 'User/GetAllowUsers',
  summary: 'Whether the account exists and has an e-mail bound for CAM use',
  body: { type: 'object', required: ['Account'], properties: { Account: text } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Account', 'HasCamEmail'],
      additionalProperties: false,
      properties: { Account: { type: 'string' }, HasCamEmail: { type: 'integer', enum: [0, 1] } },
    },
  },
  empty: { data: 'no-data' },
  refusals: {},
});

export const AllowSave = defineCall({
  path: 'User/AllowSave',
  summary: "Bind an e-mail for CAM use after a Chinese registration (the account's password and a code mailed to it)",
  body: {
    type: 'object',
    required: ['Account', 'Email', 'Password', 'EmailCode'],
    properties: { Account: text, Email: text, Password: text, EmailCode: text },
  },
  // The spec's ReturnData "is a message": the success text again.
  data: { type: 'string', const: 'Binding successful!' },
  success: 'Binding successful!',
  refusals: { emailFormat, wrongCredentials, ...codeRefusals, ...passwordThrottle },
});

export const GetUserInfo = defineCall({
  path: 'User/GetUserInfo',
  summary: "The caller's own profile",
  body: { type: 'object', required: [], properties: { UserId: text } },
  data: { type: 'object', required: ['UserId', ...profileRequired], additionalProperties: false, properties: profileProperties },
  refusals: { noUser: { code: 404, info: 'No such user' } },
});

export const GetReviewUsers = defineCall({
  path: 'User/GetReviewUsers',
  summary: 'Registrations waiting for manual review',
  body: { type: 'object' },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['UserId', 'Account', 'Email', 'Mobile', 'RealName', 'Address', 'FullPathName', 'CreateTime'],
      additionalProperties: false,
      properties: {
        UserId: { type: 'string' },
        Account: { type: 'string' },
        Email: { type: 'string' },
        Mobile: { type: 'string' },
        RealName: { type: 'string' },
        Address: { type: 'string' },
        FullPathName: { type: 'string' },
        CreateTime: { type: 'string', description: 'ISO 8601' },
      },
    },
  },
  empty: { data: 'no-data' },
  refusals: {},
});

export const ReviewUser = defineCall({
  path: 'User/ReviewUser',
  summary: 'Approve or reject a registration waiting for review',
  body: {
    type: 'object',
    required: ['TargetUserId', 'Approve'],
    properties: { TargetUserId: { type: 'string', maxLength: 64 }, Approve: { type: 'boolean' } },
  },
  data: nullData,
  // The verdict is the answer's info.
  success: ({ verdict }) => (verdict === 'rejected' ? 'Rejected' : 'Approved'),
  refusals: { notPending: { code: 404, info: 'No registration waiting for review with this id' } },
});

/** The loyalty level GetMallPoints answers in ReturnType (spec 2 section 9: thresholds 5000, 10000, 20000, 30000). */
export const loyaltySchema = {
  type: 'object',
  required: ['Level', 'Points', 'Floor', 'Next', 'ToNext', 'Progress'],
  additionalProperties: false,
  properties: {
    Level: { type: 'integer', minimum: 1, maximum: 5 },
    Points: { type: 'integer', minimum: 0 },
    Floor: { type: 'integer', minimum: 0, description: "The threshold below the level's range (0 for level 1)" },
    Next: { type: ['integer', 'null'], description: 'The threshold the level runs up to; null at level 5' },
    ToNext: { type: 'integer', minimum: 0, description: 'Points still needed to pass Next; 0 at level 5' },
    Progress: { type: 'integer', minimum: 0, maximum: 100, description: 'Percent of Next reached; 100 at level 5' },
  },
} as const;

export const GetMallPoints = defineCall({
  path: 'User/GetMallPoints',
  summary:
    "The caller's points: ReturnData the balance of the points ledger (never negative), ReturnType the loyalty level " +
    '{Level, Points, Floor, Next, ToNext, Progress} of spec 2 section 9',
  body: { type: 'object', required: [], properties: { UserId: text } },
  data: { type: 'integer', minimum: 0 },
  refusals: {},
});
