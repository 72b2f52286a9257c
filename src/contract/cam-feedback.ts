import { defineCall, nullData, PAGING_PROPERTIES } from './call';
import { multipartFile, uploadRefusals } from './user-centre';

/**
 * api/Cam/* of support questions and feedback (spec 2 sections 3, 4 and 7; spec 3 sections 3,
 * 5 and 7) and the staff calls that answer them. Kept beside `cam.ts` (the same controller).
 */

const text = { type: 'string', maxLength: 200 } as const;
const idField = { type: ['integer', 'string'], maxLength: 12 } as const;

/** A question as its customer (and staff) read it. */
const questionSchema = {
  type: 'object',
  required: [
    'Id', 'Title', 'Product', 'Version', 'ProcessingStatus', 'IsComplaint', 'UserName', 'Phone', 'CreateTime',
    'ExProcessingTime', 'ProcessingTime', 'HtmlContent', 'BntFile', 'BntFileName', 'OtherFile', 'OtherFileName', 'Answer',
  ],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    Title: { type: 'string' },
    Product: { type: 'integer' },
    Version: { type: 'string' },
    ProcessingStatus: { type: 'integer', description: '0 in progress, 1 completed' },
    IsComplaint: { type: 'integer', description: '1 urgent' },
    UserName: { type: 'string' },
    Phone: { type: 'string' },
    CreateTime: { type: 'string' },
    ExProcessingTime: { type: 'string' },
    ProcessingTime: { type: 'string', description: 'When staff answered, "" before' },
    HtmlContent: { type: 'string', description: 'Sanitised HTML of the steps' },
    BntFile: { type: 'string', description: 'Id of the main file ("" when none); download with Cam/DownloadFeedbackFile' },
    BntFileName: { type: 'string' },
    OtherFile: { type: 'string' },
    OtherFileName: { type: 'string' },
    Answer: { type: 'string', description: "Staff's answer (plain text), '' before" },
  },
} as const;

export const GetProblemFeedbacks = defineCall({
  path: 'Cam/GetProblemFeedbacks',
  summary: "The caller's own questions; Title searches (whitespace stripped), IsComplaint and ProcessingStatus filter",
  body: {
    type: 'object',
    properties: {
      Id: idField,
      Phone: text,
      Title: text,
      IsComplaint: { type: ['integer', 'string'], maxLength: 2 },
      ProcessingStatus: { type: ['integer', 'string'], maxLength: 2 },
    },
  },
  data: { type: 'array', items: questionSchema },
  empty: { data: 'no-data' },
  refusals: {},
});

export const UpdateComplaint = defineCall({
  path: 'Cam/UpdateComplaint',
  summary: 'Mark an own question urgent: only when it is neither urgent nor completed',
  body: { type: 'object', required: ['Id'], properties: { Id: idField, IsComplaint: { type: ['integer', 'string'], maxLength: 2 } } },
  data: nullData,
  success: 'Urged successfully',
  refusals: {
    unknownQuestion: { code: 404, info: 'No such question' },
    alreadyUrgent: { code: 400, info: 'The question is already urgent' },
    completed: { code: 400, info: 'The question is completed' },
  },
});

export const ProblemFeedbackSave = defineCall({
  path: 'Cam/ProblemFeedbackSave',
  summary: 'Send a feedback (CAM form without login, user form logged in); files are the FileUrl ids of the two uploads',
  body: {
    type: 'object',
    required: ['Product', 'Version', 'Title', 'HtmlContent'],
    properties: {
      Id: idField,
      Product: { type: ['integer', 'string'], maxLength: 2 },
      Version: text,
      ExProcessingTime: { type: 'string', maxLength: 40, description: 'ISO 8601 with an offset (the spec sends "+08:00": 2026-12-05T12:00:00+08:00), or a date alone (2026-12-05), read as that day in China time; today or later' },
      UserName: text,
      Phone: text,
      Title: text,
      HtmlContent: { type: 'string', maxLength: 3_000_000 },
      BntFile: text,
      OtherFile: text,
    },
  },
  data: { type: 'object', required: ['Id'], additionalProperties: false, properties: { Id: { type: 'integer' } } },
  success: 'Submitted successfully',
  refusals: {
    productRequired: { code: 400, info: 'Please choose the product' },
    versionRequired: { code: 400, info: 'Please enter the version' },
    titleRequired: { code: 400, info: 'Please enter the title' },
    contentRequired: { code: 400, info: 'Please describe the steps' },
    contactInvalid: { code: 400, info: 'Please enter a correct e-mail or phone number' },
    dateFormat: { code: 400, info: 'The expected processing time must be a date (2026-12-05) or an ISO 8601 time with an offset (2026-12-05T12:00:00+08:00)' },
    dateInvalid: { code: 400, info: 'The expected processing date cannot be before today' },
    unknownFile: { code: 400, info: 'The uploaded file is unknown, please upload it again' },
    unsupported: { code: 415, info: 'Unsupported file format' },
  },
});

/** What an upload answers (spec 3 section 7): the stored file's id as FileUrl and the name. */
const uploadedFile = {
  type: 'object',
  required: ['FileUrl', 'FileName'],
  additionalProperties: false,
  properties: { FileUrl: { type: 'string', description: 'Id to send as BntFile/OtherFile' }, FileName: { type: 'string' } },
} as const;

const fileRefusals = {
  ...uploadRefusals,
  unsupported: { code: 415, info: 'Unsupported file format' },
  contentMismatch: { code: 415, info: 'The file content does not match its format' },
} as const;

export const UploadBntFile = defineCall({
  path: 'Cam/UploadBntFile',
  summary: 'The main file of a feedback: bnt (Nest Tube), bnn or bnd (other products); at most 50 MB',
  body: multipartFile('The main file'),
  data: uploadedFile,
  success: 'Uploaded successfully',
  refusals: fileRefusals,
});

export const UploadIgsAndStpFile = defineCall({
  path: 'Cam/UploadIgsAndStpFile',
  summary: 'The other file of a feedback: igs, iges, stp or step (Nest Tube), dxf or dwg (other products); at most 50 MB',
  body: multipartFile('The other file'),
  data: uploadedFile,
  success: 'Uploaded successfully',
  refusals: fileRefusals,
});

export const DownloadFeedbackFile = defineCall({
  path: 'Cam/DownloadFeedbackFile',
  summary: "A file of a question (its customer's or, for staff, anyone's): the bytes as an attachment",
  body: { type: 'object', required: ['Id', 'Slot'], properties: { Id: idField, Slot: { type: 'string', enum: ['main', 'other'] } } },
  data: nullData,
  file: { mediaType: 'application/octet-stream', description: 'The file as an attachment (Content-Disposition names it)' },
  refusals: { unknownFile: { code: 404, info: 'The file does not exist' } },
});

// Staff side.

export const GetAllProblemFeedbacks = defineCall({
  path: 'Cam/GetAllProblemFeedbacks',
  summary: 'Staff: every question, newest first; ProcessingStatus and IsComplaint filter; paged',
  body: {
    type: 'object',
    properties: {
      ProcessingStatus: { type: ['integer', 'string'], maxLength: 2 },
      IsComplaint: { type: ['integer', 'string'], maxLength: 2 },
      Title: text,
      ...PAGING_PROPERTIES,
    },
  },
  data: { type: 'array', items: questionSchema },
  empty: { data: 'no-data' },
  refusals: {},
});

export const AnswerProblemFeedback = defineCall({
  path: 'Cam/AnswerProblemFeedback',
  summary: 'Staff: answer a question (the customer is mailed); Close also completes it',
  body: {
    type: 'object',
    required: ['Id', 'Answer'],
    properties: { Id: idField, Answer: { type: 'string', maxLength: 20_000 }, Close: { type: 'boolean' } },
  },
  data: nullData,
  success: 'Answered',
  refusals: {
    unknownQuestion: { code: 404, info: 'No such question' },
    answerRequired: { code: 400, info: 'Please enter the answer' },
  },
});

export const CloseProblemFeedback = defineCall({
  path: 'Cam/CloseProblemFeedback',
  summary: 'Staff: complete a question',
  body: { type: 'object', required: ['Id'], properties: { Id: idField } },
  data: nullData,
  success: 'Closed',
  refusals: { unknownQuestion: { code: 404, info: 'No such question' } },
});
