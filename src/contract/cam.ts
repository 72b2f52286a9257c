import { defineCall, nullData, PAGING_PROPERTIES } from './call';
import { leadRefusals, type Lang } from './lead-form';

/**
 * api/Cam/*: releases (spec 1 section 3, DECISIONS 3), download records, the CAM customer
 * information form (spec 1 section 5) and the staff lists; `PublishRelease` is staff publishing
 * (JSON here, and the multipart form of `PUBLISH_RELEASE_FORM`). The file link
 * `GET /api/Cam/File/:id/:filename` is no JSON call.
 */

type Values = Readonly<Record<string, string | number>>;

export const LANG = { type: 'string', maxLength: 10, description: 'zh (default) or en: the language of remark and ReturnMsg' } as const;
export const PRODUCT_TYPE = {
  type: 'string',
  pattern: '^\\s*\\d{1,4}\\s*$',
  description: 'CAM product type: 0 Nest Tube V1.0, 1 Nest V2.0, 2 Nest Tube V1.5, 3 Nest V1.5, 4 Nest V1.0',
} as const;
const CAM_EDITION = {
  type: 'object',
  required: ['CamEdition'],
  properties: { CamEdition: { type: 'string', maxLength: 64, description: 'The release id' } },
} as const;

/** ReturnMsg of `GetCamAssistant` for a product without a release, in the language asked. */
export const NO_RELEASE_MESSAGE: Readonly<Record<Lang, string>> = {
  zh: '该软件暂未发布版本，敬请期待',
  en: 'No version of this software has been released yet. Please check back later.',
};

/** A release as the wire lists it (spec 1 section 3), plus its size, checksum and the notes in both languages. */
const releaseSchema = {
  type: 'object',
  required: ['id', 'filename', 'type', 'versionnumber', 'createtime', 'remark', 'remarkzh', 'remarken', 'size', 'sha256', 'fileurl'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    filename: { type: 'string' },
    type: { type: 'integer' },
    versionnumber: { type: 'string' },
    createtime: { type: 'string', description: 'ISO 8601' },
    remark: { type: 'string', description: 'The notes in the language asked (the other one when it has none)' },
    remarkzh: { type: 'string' },
    remarken: { type: 'string' },
    size: { type: 'integer', minimum: 0 },
    sha256: { type: 'string' },
    fileurl: { type: 'string', description: 'The same-origin path of the file (GET /api/Cam/File/:id/:filename)' },
  },
} as const;

export const GetCamAssistant = defineCall({
  path: 'Cam/GetCamAssistant',
  summary: 'Releases of a CAM product, newest first; the no-data marker and ReturnMsg when there is none',
  body: { type: 'object', required: ['ProductType'], properties: { ProductType: PRODUCT_TYPE, lang: LANG } },
  data: { type: 'array', items: releaseSchema },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: {},
});

/** "No such software version": the release id is unknown. */
const unknownRelease = { code: 404, info: 'No such software version' } as const;
const filePath = { type: 'string', description: "The release file's path" } as const;

export const InsertDownload = defineCall({
  path: 'Cam/InsertDownload',
  summary: "Record a logged-in user's download of a release (CamEdition = release id); ReturnData is the file's path",
  body: CAM_EDITION,
  data: filePath,
  success: 'success',
  refusals: { unknownRelease },
});

export const AllowInsertDownload = defineCall({
  path: 'Cam/AllowInsertDownload',
  summary: "Record a visitor's download of a release (CamEdition = release id); ReturnData is the file's path",
  body: CAM_EDITION,
  data: filePath,
  success: 'success',
  refusals: { unknownRelease },
});

/** The information form's refusals; the service names the field by the domain's name. */
const customerRefusals = leadRefusals(
  {
    en: {
      userName: 'Contact cannot be empty',
      phone: 'Phone cannot be empty',
      email: 'Email cannot be empty',
      companyName: 'Company cannot be empty',
      address: 'Address cannot be empty',
    },
    zh: { userName: '联系人不能为空', phone: '电话不能为空', email: '邮箱不能为空', companyName: '公司名称不能为空', address: '地址不能为空' },
  },
  { userName: 'UserName', phone: 'Phone', email: 'Email', companyName: 'CompanyName', address: 'Address' },
);

/** The info of a saved information form, in the language asked (`SaveCamCustomer.success` is the English one). */
export const CAM_CUSTOMER_SAVED: Readonly<Record<Lang, string>> = { en: 'submitted successfully', zh: '提交成功' };

export const SaveCamCustomer = defineCall({
  path: 'Cam/SaveCamCustomer',
  summary: 'The CAM customer information form: UserName, Phone, Email, CompanyName, Address, all required',
  body: {
    type: 'object',
    properties: {
      UserName: { type: 'string', maxLength: 1000 },
      Phone: { type: 'string', maxLength: 1000 },
      Email: { type: 'string', maxLength: 1000 },
      CompanyName: { type: 'string', maxLength: 1000 },
      Address: { type: 'string', maxLength: 1000 },
      lang: { ...LANG, description: 'en (default) or zh: the language of the messages' },
    },
  },
  data: nullData,
  success: ({ lang }) => CAM_CUSTOMER_SAVED[lang === 'zh' ? 'zh' : 'en'],
  // The first rule broken, in this order: a field left empty, a field too long, the e-mail, the phone.
  refusals: customerRefusals,
});

export const GetDownloads = defineCall({
  path: 'Cam/GetDownloads',
  summary: 'Staff: recorded downloads per release (total, users, visitors, direct link), optionally of one product',
  body: { type: 'object', properties: { ProductType: PRODUCT_TYPE } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'type', 'productname', 'versionnumber', 'filename', 'createtime', 'total', 'users', 'visitors', 'direct', 'lastdownload'],
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        type: { type: 'integer' },
        productname: { type: 'string' },
        versionnumber: { type: 'string' },
        filename: { type: 'string' },
        createtime: { type: 'string' },
        total: { type: 'integer', minimum: 0 },
        users: { type: 'integer', minimum: 0 },
        visitors: { type: 'integer', minimum: 0 },
        direct: { type: 'integer', minimum: 0, description: 'Opened by the file link alone' },
        lastdownload: { type: ['string', 'null'] },
      },
    },
  },
  success: 'success',
  refusals: {},
});

export const GetCamCustomers = defineCall({
  path: 'Cam/GetCamCustomers',
  summary: 'Staff: the CAM customer information forms, newest first, paged; ReturnCount is the total',
  body: { type: 'object', properties: PAGING_PROPERTIES },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Id', 'UserName', 'Phone', 'Email', 'CompanyName', 'Address', 'CreateTime'],
      additionalProperties: false,
      properties: {
        Id: { type: 'string' },
        UserName: { type: 'string' },
        Phone: { type: 'string' },
        Email: { type: 'string' },
        CompanyName: { type: 'string' },
        Address: { type: 'string' },
        CreateTime: { type: 'string' },
      },
    },
  },
  success: 'success',
  refusals: {},
});

/** The text fields of a release, in the JSON body and in the multipart form alike. */
const PUBLISH_FIELDS = {
  ProductType: PRODUCT_TYPE,
  VersionNumber: { type: 'string', maxLength: 50 },
  Remark: { type: 'string', maxLength: 4000, description: 'Release notes in Chinese' },
  RemarkEn: { type: 'string', maxLength: 4000, description: 'Release notes in English' },
  // Its longest is the file-name policy's (domain/files), which the route adds.
  FileName: { type: 'string', description: 'The name the file is shown and downloaded under' },
} as const;

/**
 * Staff publishing, JSON form: the file as base64 in ContentBase64 (plain or a data: URL). Its
 * largest size is configured (RELEASE_MAX_BYTES, at most 32 MB here); the route adds it.
 */
export const PublishRelease = defineCall({
  path: 'Cam/PublishRelease',
  summary: 'Staff: publish a release; listed by GetCamAssistant at once',
  body: {
    type: 'object',
    required: ['ProductType', 'VersionNumber', 'FileName', 'ContentBase64'],
    properties: { ...PUBLISH_FIELDS, ContentBase64: { type: 'string' } },
  },
  data: releaseSchema,
  success: 'Published',
  refusals: {
    unknownProduct: { code: 400, info: 'Unknown ProductType' },
    emptyVersion: { code: 400, info: 'VersionNumber cannot be empty' },
    badVersion: { code: 400, info: 'VersionNumber is not a valid version' },
    /** The file-name policy's words (`problem`). */
    badFileName: { code: 400, id: 'files.badFileName', info: (v: Values) => String(v.problem) },
    versionTaken: { code: 400, id: 'cam.versionTaken', info: (v: Values) => `Version ${v.version} of this product is already published` },
    badBase64: { code: 400, info: 'ContentBase64 is not valid base64' },
    notJsonOrForm: { code: 415, info: 'Send the body as application/json or multipart/form-data' },
    emptyFile: { code: 400, info: 'The file is empty' },
    /** The file store refused the file (`reason`), or it is over the publishing limit. */
    fileRejected: { code: 400, id: 'files.rejected', info: (v: Values) => String(v.reason) },
    fileTooLarge: { code: 413, id: 'files.tooLargePlain', info: (v: Values) => String(v.reason) },
    /** The multipart form broke a rule of its own (`reason`): a field, a part, the order of the parts. */
    badForm: { code: 400, id: 'files.badForm', info: (v: Values) => String(v.reason) },
    formTooLarge: { code: 413, info: 'The file is larger than the publishing limit' },
  },
});

/**
 * Staff publishing, multipart/form-data: the text fields of `PublishRelease` first, then one file
 * part (streamed to the file store; FileName defaults to the part's file name). Unknown fields are
 * ignored; a known one sent twice or after the file is refused. The handler reads and checks the
 * form while streaming, so the validator sees no body (null).
 */
export const PUBLISH_RELEASE_FORM = {
  type: ['object', 'null'],
  required: ['ProductType', 'VersionNumber', 'File'],
  properties: { ...PUBLISH_FIELDS, File: { type: 'string', format: 'binary', description: 'The release file; the last part' } },
} as const;

// ---------------------------------------------------------------------------------------------
// The CAM page (spec 2 sections 2, 3, 6; DECISIONS 4): licences, account confirmation, the exchange.

const epochSeconds = { type: 'integer', minimum: 0, description: 'Epoch seconds' } as const;
const LICENSE_ID = { type: ['string', 'integer'], maxLength: 64, pattern: '^[A-Za-z0-9_-]{1,64}$', minimum: 0, maximum: 9_007_199_254_740_991 } as const;

/** A licence as the CAM page lists it (spec 2 section 3): times in epoch seconds. */
export const licenceSchema = {
  type: 'object',
  required: [
    'licenseId',
    'offerId',
    'product',
    'startTime',
    'endTime',
    'expiredTime',
    'firstUseTime',
    'creationtime',
    'version',
    'useremail',
    'IsOldUser',
  ],
  additionalProperties: false,
  properties: {
    licenseId: { type: 'string', description: 'The licence number' },
    offerId: { type: 'integer', description: "The product's licence id of the points offer: 250626 nest, 838249 nest tube" },
    product: { type: 'string', enum: ['nest', 'nestTube', ''], description: 'The product of an offered licence, empty otherwise' },
    startTime: epochSeconds,
    endTime: epochSeconds,
    expiredTime: epochSeconds,
    firstUseTime: { type: ['integer', 'null'], minimum: 0, description: 'Epoch seconds; null when never used' },
    creationtime: epochSeconds,
    version: { type: 'string' },
    useremail: { type: 'string' },
    IsOldUser: { type: 'integer', enum: [0, 1] },
  },
} as const;

/** ReturnType of the licence list: the caller's standing for the exchange table. */
export const camAccessSchema = {
  type: 'object',
  required: ['IsOldUser', 'IsInternal', 'Confirmed', 'HasEmail', 'ShowExchange', 'Points', 'Cost', 'Now'],
  additionalProperties: false,
  properties: {
    IsOldUser: { type: 'integer', enum: [0, 1] },
    IsInternal: { type: 'integer', enum: [0, 1], description: "The account's e-mail is in an internal company domain" },
    Confirmed: { type: 'integer', enum: [0, 1], description: 'An internal-domain user has confirmed name and account' },
    HasEmail: { type: 'integer', enum: [0, 1] },
    ShowExchange: { type: 'integer', enum: [0, 1], description: 'The exchange table shows' },
    Points: { type: 'integer', minimum: 0, description: "The caller's points balance" },
    Cost: { type: 'integer', minimum: 0, description: 'What one exchange costs the caller: 300 (old users, 90 % off) or 3000' },
    Now: epochSeconds,
  },
} as const;

export const USERWEBgetuserdogPageList = defineCall({
  path: 'Cam/USERWEBgetuserdogPageList',
  summary:
    "The caller's CAM licences (all, or the one LicenseId names), issued to the account's e-mail; 暂无数据 when none. " +
    'ReturnType: the caller\'s standing for the exchange {IsOldUser, IsInternal, Confirmed, HasEmail, ShowExchange, Points, Cost, Now}',
  body: { type: 'object', required: [], properties: { LicenseId: LICENSE_ID, UserId: { type: 'string', maxLength: 200 } } },
  data: { type: 'array', items: licenceSchema },
  empty: { data: 'no-data' },
  refusals: { noUser: { code: 404, info: 'No such user' } },
});

export const IsProductUser = defineCall({
  path: 'Cam/IsProductUser',
  summary: 'Is{product}User: an internal-domain user confirms real name and account (their own) before the exchange table shows; remembered',
  body: {
    type: 'object',
    required: ['Account', 'RealName'],
    properties: { Account: { type: 'string', maxLength: 200 }, RealName: { type: 'string', maxLength: 100 }, UserId: { type: 'string', maxLength: 200 } },
  },
  data: nullData,
  success: 'Confirmed',
  refusals: {
    jobErr: { code: 400, info: 'Please enter your name and account' },
    notInternal: { code: 400, info: 'Only accounts of the company domains confirm here' },
    accountMismatch: { code: 400, info: 'The account is not the one you are logged in with' },
    noUser: { code: 404, info: 'No such user' },
  },
});

export const OldUserPointExchange = defineCall({
  path: 'Cam/OldUserPointExchange',
  summary:
    'Extends one of the caller\'s licences by a year for points (300 for old users, 3000 otherwise), only within the 7 days before it expires; ' +
    'the debit and the extension are one booking, and the same IdempotencyKey never exchanges twice',
  body: {
    type: 'object',
    required: ['LicenseId'],
    properties: {
      LicenseId: LICENSE_ID,
      IdempotencyKey: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_:.-]+$', description: 'One key per click of the button' },
      UserId: { type: 'string', maxLength: 200 },
    },
  },
  data: {
    type: 'object',
    required: ['licenseId', 'expiredTime', 'endTime', 'Points', 'Cost', 'Repeated'],
    additionalProperties: false,
    properties: {
      licenseId: { type: 'string' },
      expiredTime: epochSeconds,
      endTime: epochSeconds,
      Points: { type: 'integer', minimum: 0, description: 'The balance after the exchange' },
      Cost: { type: 'integer', minimum: 0 },
      Repeated: { type: 'boolean', description: 'True when this key had exchanged already: nothing was debited again' },
    },
  },
  success: 'Exchange successful',
  refusals: {
    noEmail: { code: 400, info: 'Please set an e-mail in the user centre first' },
    notEligible: { code: 400, info: 'The points exchange is for old users only' },
    confirmationRequired: { code: 400, info: 'Please confirm your name and account first' },
    noLicence: { code: 404, info: 'No such licence of yours' },
    notOffered: { code: 400, info: 'This licence cannot be exchanged for points' },
    tooEarly: { code: 400, info: 'A licence can be exchanged only within the 7 days before it expires' },
    expired: { code: 400, info: 'This licence has expired and can no longer be exchanged' },
    insufficientPoints: {
      code: 400,
      id: 'points.notEnough',
      info: ({ balance, cost }: Values) => `Not enough points: the exchange costs ${cost}, you have ${balance}`,
    },
    noUser: { code: 404, info: 'No such user' },
  },
});
