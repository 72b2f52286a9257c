import { defineCall, PAGING_PROPERTIES } from './call';
import { NOT_FOUND_INFO } from './envelope';

/**
 * The reading calls of the four content libraries (spec 2 and 3, ADR 0007): each library's tree
 * and contents under its own controller, and the view counts and full-text search of
 * KnowledgeClassify.
 */

/** The libraries as the wire names them (the search's `Library`, a hit's `Library`, KnowledgeAdmin's `Library`). */
export const LIBRARY_NAMES = ['knowledge', 'download', 'guide', 'faults'] as const;
export type LibraryName = (typeof LIBRARY_NAMES)[number];

/** An id as clients send it: a number, its digits as text, or "" for none. */
export const ID = { type: ['integer', 'string'], maxLength: 12 } as const;

/** The language filter of a body: zh, en, or '' for both. */
export const LANGUAGE_FILTER = { type: 'string', enum: ['zh', 'en', ''] } as const;
const language = { type: 'string', enum: ['zh', 'en'] } as const;

/** Levels of a tree the answer schema describes field by field (root, top, branch and nine of folders); deeper children are checked as arrays only. */
const TREE_DEPTH = 12;

/** The node schema with its children described `depth` levels down. */
export function nestedTree<S extends { properties: { children: unknown } }>(node: S, depth = TREE_DEPTH): S {
  if (depth <= 1) return node;
  return { ...node, properties: { ...node.properties, children: { type: 'array', items: nestedTree(node, depth - 1) } } };
}

const treeNode = nestedTree({
  type: 'object',
  required: ['id', 'name', 'parentId', 'lang', 'children'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'In the language asked for (zh when none)' },
    parentId: { type: ['integer', 'null'], description: 'Null for the root' },
    lang: { enum: ['zh', 'en', null], description: 'The language branch; null for the root and the knowledge top classifications' },
    children: { type: 'array' },
  },
} as const);

const TREE_BODY = {
  type: 'object',
  properties: { lang: { type: 'string', maxLength: 10, description: 'zh (default) or en: the language of the names' } },
} as const;

const TREE_DATA = { type: 'array', maxItems: 1, items: treeNode, description: '[root]' } as const;

/** An article row of the contents calls (spec 2 and 3 entities). */
const articleRowProperties = {
  Id: { type: 'integer' },
  NodeId: { type: 'integer' },
  Title: { type: 'string' },
  Lable: { type: 'string', description: 'The label (spelled so on the wire)' },
  Series: { type: 'string' },
  Language: language,
  CreateTime: { type: 'string', description: 'ISO 8601 (UTC)' },
  ViewCount: { type: 'integer', minimum: 0 },
} as const;
const ARTICLE_ROW_FIELDS = ['Id', 'NodeId', 'Title', 'Lable', 'Series', 'Language', 'CreateTime', 'ViewCount'] as const;

export const articleRowSchema = { type: 'object', required: ARTICLE_ROW_FIELDS, additionalProperties: false, properties: articleRowProperties } as const;

/** A file of an article, served at `Url` (GET, public). */
export const attachmentSchema = {
  type: 'object',
  required: ['Id', 'FileName', 'Size', 'Url'],
  additionalProperties: false,
  properties: {
    Id: { type: 'string' },
    FileName: { type: 'string' },
    Size: { type: 'integer', minimum: 0 },
    Url: { type: 'string', description: '/api/Knowledge/File/<id>/<name>' },
  },
} as const;

/** One article with its sanitised body and its attachments. */
export const articleProperties = {
  ...articleRowProperties,
  HtmlContent: { type: 'string', description: 'Sanitised on the server; sanitise again before rendering' },
  Attachments: { type: 'array', items: attachmentSchema },
} as const;
export const ARTICLE_FIELDS = [...ARTICLE_ROW_FIELDS, 'HtmlContent', 'Attachments'] as const;
const articleSchema = { type: 'object', required: ARTICLE_FIELDS, additionalProperties: false, properties: articleProperties } as const;

const CONTENTS_BODY = {
  type: 'object',
  properties: {
    Id: { ...ID, description: 'One article with its body' },
    NodeId: { ...ID, description: 'The folder and every folder below it' },
    Title: { type: 'string', maxLength: 200 },
    Lable: { type: 'string', maxLength: 100, description: 'Label substring; whitespace is ignored' },
    Series: { type: 'string', maxLength: 50 },
    Language: LANGUAGE_FILTER,
    ...PAGING_PROPERTIES,
  },
} as const;

const treeCall = (path: string, library: LibraryName) =>
  defineCall({
    path,
    summary: `The ${library} library's classification tree: [root] with {id, name, parentId, lang, children}`,
    body: TREE_BODY,
    data: TREE_DATA,
    refusals: {},
  });

const contentsCall = (path: string, library: LibraryName) =>
  defineCall({
    path,
    summary: `Articles of the ${library} library, newest first (or one with its body when Id is given); 暂无数据 when none`,
    body: CONTENTS_BODY,
    data: { type: 'array', items: { anyOf: [articleRowSchema, articleSchema] } },
    empty: { data: 'no-data' },
    refusals: {
      badId: { code: 400, info: 'Id must be an article id' },
      badNodeId: { code: 400, info: 'NodeId must be a classification id' },
    },
  });

/** The tree and contents calls of each library, under the controller the spec gives it. */
export const LIBRARY_CALLS = {
  knowledge: {
    tree: treeCall('KnowledgeClassify/GetJstreeDataAllowAnonymous', 'knowledge'),
    contents: contentsCall('KnowledgeClassify/GetContentsAllowAnonymous', 'knowledge'),
  },
  download: { tree: treeCall('SoftwareDownload/GetJstreeData', 'download'), contents: contentsCall('SoftwareDownload/GetContents', 'download') },
  guide: { tree: treeCall('OperationGuide/GetJstreeData', 'guide'), contents: contentsCall('OperationGuide/GetContents', 'guide') },
  faults: { tree: treeCall('CommonFaults/GetJstreeData', 'faults'), contents: contentsCall('CommonFaults/GetContents', 'faults') },
} as const satisfies Record<LibraryName, unknown>;

export type TreeCall = ReturnType<typeof treeCall>;
export type ContentsCall = ReturnType<typeof contentsCall>;

const articleIdBody = { type: 'object', required: ['KnowledgeId'], properties: { KnowledgeId: ID } } as const;

/** A call about one article's views (any library): its count as ReturnData. */
const viewsCall = (path: string, summary: string) =>
  defineCall({
    path,
    summary,
    body: articleIdBody,
    data: { type: 'integer', minimum: 0 },
    refusals: {
      badId: { code: 400, info: 'KnowledgeId must be an article id' },
      unknownArticle: { code: 404, info: NOT_FOUND_INFO },
    },
  });

export const SaveTouristVolume = viewsCall('KnowledgeClassify/SaveTouristVolume', 'Records a view of an article (any library); ReturnData is the new count');

export const GetTouristVolume = viewsCall('KnowledgeClassify/GetTouristVolume', "An article's view count");

/** A full-text search hit: `TitleHtml` and `Snippet` are escaped text with the matches in <mark>. */
const searchHitSchema = {
  type: 'object',
  required: ['Id', 'NodeId', 'Library', 'Title', 'TitleHtml', 'Snippet', 'Lable', 'Series', 'Language', 'CreateTime'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    NodeId: { type: 'integer' },
    Library: { type: 'string', enum: LIBRARY_NAMES },
    Title: { type: 'string' },
    TitleHtml: { type: 'string' },
    Snippet: { type: 'string' },
    Lable: { type: 'string' },
    Series: { type: 'string' },
    Language: language,
    CreateTime: { type: 'string', description: 'ISO 8601 (UTC)' },
  },
} as const;

export const SearchAllowAnonymous = defineCall({
  path: 'KnowledgeClassify/SearchAllowAnonymous',
  summary:
    'Full-text search over titles and bodies in Chinese and English, ranked, with highlighted title and snippet. ' +
    'Visitors search the knowledge and download libraries, logged-in callers all four',
  body: {
    type: 'object',
    required: ['Keyword'],
    properties: {
      Keyword: { type: 'string', maxLength: 100 },
      Language: LANGUAGE_FILTER,
      Library: { type: 'string', enum: [...LIBRARY_NAMES, ''] },
      ...PAGING_PROPERTIES,
    },
  },
  data: { type: 'array', items: searchHitSchema },
  empty: { data: 'no-data' },
  refusals: {
    emptyKeyword: { code: 400, info: 'Keyword is required' },
    notReadable: { code: 403, info: 'Log in to search this library' },
  },
});
