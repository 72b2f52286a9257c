import { defineCall, nullData, PAGING_PROPERTIES, type RefusalText } from './call';
import { NOT_FOUND_INFO } from './envelope';
import { ARTICLE_FIELDS, articleProperties, articleRowSchema, attachmentSchema, ID, LIBRARY_NAMES, nestedTree } from './knowledge';

/**
 * api/KnowledgeAdmin/*: staff authoring of the four libraries (ADR 0007): classifications,
 * articles, and their files (two multipart uploads). Access staff: anyone else is answered 403
 * (401 without a login) before the call.
 */

const LIBRARY = { type: 'string', enum: LIBRARY_NAMES } as const;
const byId = { type: 'object', required: ['Id'], properties: { Id: ID } } as const;

const badId = { code: 400, info: 'Id must be an id' } as const;
const unknownNode = { code: 404, info: NOT_FOUND_INFO } as const;
const unknownArticle = { code: 404, info: NOT_FOUND_INFO } as const;
const badParent = { code: 400, info: 'ParentId is not a classification of this library' } as const;

const adminNode = nestedTree({
  type: 'object',
  required: ['id', 'library', 'parentId', 'name', 'nameEn', 'lang', 'sort', 'articleCount', 'children'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    library: LIBRARY,
    parentId: { type: ['integer', 'null'] },
    name: { type: 'string' },
    nameEn: { type: 'string' },
    lang: { enum: ['zh', 'en', null] },
    sort: { type: 'integer' },
    articleCount: { type: 'integer', minimum: 0 },
    children: { type: 'array' },
  },
} as const);

const savedId = { type: 'object', required: ['Id'], additionalProperties: false, properties: { Id: { type: 'integer' } } } as const;

export const GetTree = defineCall({
  path: 'KnowledgeAdmin/GetTree',
  summary: "Staff: a library's tree with both names, sort and article counts: [root]",
  body: { type: 'object', required: ['Library'], properties: { Library: LIBRARY } },
  data: { type: 'array', maxItems: 1, items: adminNode },
  refusals: {},
});

export const SaveNode = defineCall({
  path: 'KnowledgeAdmin/SaveNode',
  summary: 'Staff: add a classification (Id absent) or rename one; a new top knowledge classification gets its 中文 and English branches',
  body: {
    type: 'object',
    required: ['Library', 'Name'],
    properties: {
      Id: ID,
      Library: LIBRARY,
      ParentId: ID,
      Name: { type: 'string', maxLength: 100 },
      NameEn: { type: 'string', maxLength: 100 },
      Sort: { type: 'integer', minimum: 0, maximum: 100_000 },
    },
  },
  data: savedId,
  refusals: {
    badId,
    parentRequired: { code: 400, info: 'ParentId is required for a new classification' },
    nameRequired: { code: 400, info: 'Name is required' },
    unknownNode,
    fixedName: { code: 400, info: 'The root and the language branches keep their names' },
    badParent,
    belowClassification: { code: 400, info: 'A classification holds only its two language branches: add the folder below one of them' },
    belowRoot: { code: 400, info: 'Add the folder below the 中文 or English branch' },
  },
});

export const MoveNode = defineCall({
  path: 'KnowledgeAdmin/MoveNode',
  summary: 'Staff: move a folder below another folder or branch of the same library and language',
  body: { type: 'object', required: ['Id', 'ParentId'], properties: { Id: ID, ParentId: ID } },
  data: nullData,
  refusals: {
    badId,
    unknownNode,
    notFolder: { code: 400, info: 'Only folders move; the root, classifications and branches stay' },
    badParent,
    outsideBranch: { code: 400, info: 'Move the folder below a language branch or another folder' },
    otherLanguage: { code: 400, id: 'knowledge.otherLanguage', info: 'A folder stays in its language: its articles are written in it' },
    belowItself: { code: 400, info: 'A folder cannot move below itself' },
  },
});

export const DeleteNode = defineCall({
  path: 'KnowledgeAdmin/DeleteNode',
  summary: 'Staff: delete an empty classification (400 while it holds folders or articles)',
  body: byId,
  data: nullData,
  refusals: {
    badId,
    unknownNode,
    fixed: { code: 400, info: 'The root and the language branches cannot be deleted' },
    classificationNotEmpty: { code: 400, info: 'The classification still holds folders or articles: move or delete them first' },
    folderNotEmpty: { code: 400, info: 'The folder still holds folders or articles: move or delete them first' },
  },
});

export const GetArticles = defineCall({
  path: 'KnowledgeAdmin/GetArticles',
  summary: 'Staff: the articles of one folder (not below it), newest first; ReturnCount is the total',
  body: { type: 'object', required: ['NodeId'], properties: { NodeId: ID, ...PAGING_PROPERTIES } },
  data: { type: 'array', items: articleRowSchema },
  refusals: { badId, unknownNode },
});

export const GetArticle = defineCall({
  path: 'KnowledgeAdmin/GetArticle',
  summary: 'Staff: an article of any library with its body and attachments',
  body: byId,
  data: {
    type: 'object',
    required: [...ARTICLE_FIELDS, 'Library'],
    additionalProperties: false,
    properties: { ...articleProperties, Library: LIBRARY },
  },
  refusals: { badId, unknownArticle },
});

export const SaveArticle = defineCall({
  path: 'KnowledgeAdmin/SaveArticle',
  summary: 'Staff: write a new article (Id absent) or change one; saving with another NodeId moves it. The HTML is sanitised',
  body: {
    type: 'object',
    required: ['NodeId', 'Title', 'HtmlContent'],
    properties: {
      Id: ID,
      NodeId: ID,
      Title: { type: 'string', maxLength: 200 },
      Lable: { type: 'string', maxLength: 100 },
      Series: { type: 'string', maxLength: 50 },
      Language: { type: 'string', enum: ['zh', 'en', ''] },
      HtmlContent: { type: 'string', maxLength: 1_000_000 },
    },
  },
  data: savedId,
  refusals: {
    badId,
    titleRequired: { code: 400, info: 'Title is required' },
    unknownFolder: { code: 400, info: 'NodeId is not a classification' },
    outsideBranch: { code: 400, info: 'Put the article in a folder below a language branch' },
    otherLanguage: { code: 400, id: 'knowledge.otherLanguage', info: ({ language }) => `The folder holds ${language} articles` },
    emptyBody: { code: 400, info: 'HtmlContent is empty once sanitised' },
    unknownArticle,
  },
});

export const DeleteArticle = defineCall({
  path: 'KnowledgeAdmin/DeleteArticle',
  summary: 'Staff: delete an article and its files',
  body: byId,
  data: nullData,
  refusals: { badId, unknownArticle },
});

export const DeleteAttachment = defineCall({
  path: 'KnowledgeAdmin/DeleteAttachment',
  summary: 'Staff: remove a file of an article',
  body: { type: 'object', required: ['Id'], properties: { Id: { type: 'string', maxLength: 64 } } },
  data: nullData,
  refusals: { unknownAttachment: { code: 404, info: NOT_FOUND_INFO } },
});

// The two uploads take multipart/form-data; a JSON body is described too, and answered 415 (the
// matrix and the fuzzing send one).

/** The body schema of an upload: the form's fields and its file. */
const multipartOnly = (summary: string, fields: Record<string, unknown>) =>
  ({
    description: 'multipart/form-data',
    content: {
      'application/json': { schema: { type: 'object', description: 'Refused with 415: send multipart/form-data' } },
      'multipart/form-data': {
        schema: { type: ['object', 'null'], properties: { ...fields, file: { type: 'string', format: 'binary', description: summary } } },
      },
    },
  }) as const;

/** Refusals of reading an upload's form, and of the file store. */
const uploadRefusals = {
  notMultipart: { code: 415, info: 'Send the file as multipart/form-data' },
  unreadableForm: { code: 400, info: 'The form could not be read' },
  fileRequired: { code: 400, info: 'file is required' },
  tooLarge: { code: 413, info: 'The file is too large' },
  /** The file store refused the name (400) or the size (413), in its own words. */
  badFileName: { code: 400, id: 'files.badFileName', info: ({ reason }) => String(reason) },
  overStoreLimit: { code: 413, id: 'files.overStoreLimit', info: ({ reason }) => String(reason) },
} as const satisfies Record<string, RefusalText>;

export const UploadImage = defineCall({
  path: 'KnowledgeAdmin/UploadImage',
  summary: 'Staff: an image for the editor (PNG, JPEG, GIF or WebP, at most 5 MB); ReturnData.Url goes into the article',
  body: multipartOnly('The image', {}),
  data: attachmentSchema,
  refusals: {
    ...uploadRefusals,
    imageTooLarge: { code: 413, info: 'The image is too large' },
    notAnImage: { code: 415, info: 'Only PNG, JPEG, GIF and WebP images can be inserted' },
  },
});

export const UploadAttachment = defineCall({
  path: 'KnowledgeAdmin/UploadAttachment',
  summary: 'Staff: attach a file to an article: the field ArticleId, then the file (at most 64 MB)',
  body: multipartOnly('The file', { ArticleId: { type: 'string' } }),
  data: attachmentSchema,
  refusals: {
    ...uploadRefusals,
    articleIdFirst: { code: 400, info: 'ArticleId is required before the file' },
    unknownArticle,
  },
});
