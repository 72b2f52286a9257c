import { defineCall, nullData, PAGING_PROPERTIES } from './call';
import { NOT_FOUND_INFO } from './envelope';

/**
 * api/Chat/*: the AI assistant (spec 3 sections 2 and 7, DECISIONS 6, issue 20). `Completions`
 * takes the spec's chat body and answers a server-sent stream; the others keep each customer's
 * conversations on the server.
 */

const UUID = { type: 'string', maxLength: 36, description: 'A conversation id ("" or absent: none)' } as const;
const languageBody = { type: 'string', maxLength: 10, description: 'zh or en: the page language (the answer follows the question\'s own language first)' } as const;

/** A customer may send a question again after this many seconds when over the per-user limit. */
const perUser = (values: Readonly<Record<string, string | number>>) =>
  values.lang === 'en' ? `Too many questions, please try again in ${values.seconds} s` : `提问过于频繁，请 ${values.seconds} 秒后再试`;

export const Completions = defineCall({
  path: 'Chat/Completions',
  summary:
    'Asks the assistant. Body as the spec\'s chat call (stream, detail, messages [{role, content}], the question last) plus ConversationId to continue one. ' +
    'Success is not an envelope: text/event-stream of `data:` lines {"conversation_id", "choices":[{"delta":{"content","reasoning_content"}}]}, ' +
    'a line with `citations` [{id, nodeId, library, title, href}], optionally `error` (the answer could not finish; its text says why), and `data: [DONE]`. ' +
    'Refusals are envelopes.',
  body: {
    type: 'object',
    required: ['messages'],
    properties: {
      stream: { type: 'boolean', description: 'Always streamed; kept for the spec\'s clients' },
      detail: { type: 'boolean' },
      messages: {
        type: 'array',
        minItems: 1,
        maxItems: 60,
        items: {
          type: 'object',
          required: ['role', 'content'],
          properties: {
            role: { type: 'string', enum: ['user', 'assistant', 'system'] },
            content: { type: 'string', maxLength: 20000 },
          },
        },
      },
      ConversationId: UUID,
      lang: languageBody,
      TimeZone: { type: 'string', maxLength: 64, description: 'The browser\'s IANA zone for the times the answer names (Asia/Shanghai when absent or unknown)' },
    },
  },
  data: nullData,
  file: { mediaType: 'text/event-stream', description: 'The answer as server-sent events: `data:` lines of JSON, then `data: [DONE]`' },
  refusals: {
    emptyQuestion: { code: 400, info: (v) => (v.lang === 'en' ? 'Please enter content' : '请输入内容') },
    lastNotQuestion: { code: 400, info: 'The last message must be the user\'s question' },
    tooLong: { code: 413, info: (v) => (v.lang === 'en' ? `The question is too long (at most ${v.max} characters)` : `问题过长（最多 ${v.max} 个字）`) },
    tooMany: { code: 429, info: perUser },
    busy: { code: 429, info: (v) => (v.lang === 'en' ? 'An answer is still streaming; stop it or wait for it to finish' : '上一个回答仍在生成，请停止或等待其完成') },
    unknownConversation: { code: 404, info: NOT_FOUND_INFO },
  },
});

const conversationRow = {
  type: 'object',
  required: ['Id', 'Title', 'CreateTime', 'UpdateTime'],
  additionalProperties: false,
  properties: {
    Id: { type: 'string' },
    Title: { type: 'string' },
    CreateTime: { type: 'string', description: 'ISO 8601 (UTC)' },
    UpdateTime: { type: 'string', description: 'ISO 8601 (UTC): the last message' },
  },
} as const;

export const GetConversations = defineCall({
  path: 'Chat/GetConversations',
  summary: 'The caller\'s conversations, the latest first (paged)',
  body: { type: 'object', properties: { ...PAGING_PROPERTIES } },
  data: { type: 'array', items: conversationRow },
  empty: { data: 'list', info: 'success' },
  refusals: {},
});

const citation = {
  type: 'object',
  required: ['id', 'nodeId', 'library', 'title'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    nodeId: { type: 'integer' },
    library: { type: 'string', enum: ['knowledge', 'download', 'guide', 'faults'] },
    title: { type: 'string' },
  },
} as const;

export const GetConversation = defineCall({
  path: 'Chat/GetConversation',
  summary: 'One conversation of the caller with its messages, oldest first',
  body: { type: 'object', required: ['Id'], properties: { Id: UUID } },
  data: {
    type: 'object',
    required: ['Id', 'Title', 'Messages'],
    additionalProperties: false,
    properties: {
      Id: { type: 'string' },
      Title: { type: 'string' },
      Messages: {
        type: 'array',
        items: {
          type: 'object',
          required: ['Id', 'Role', 'Content', 'ReasoningContent', 'Citations', 'Ending', 'CreateTime'],
          additionalProperties: false,
          properties: {
            Id: { type: 'integer' },
            Role: { type: 'string', enum: ['user', 'assistant'] },
            Content: { type: 'string' },
            ReasoningContent: { type: 'string' },
            Citations: { type: 'array', items: citation },
            Ending: { type: 'string', enum: ['', 'done', 'stopped', 'failed'] },
            CreateTime: { type: 'string' },
          },
        },
      },
    },
  },
  refusals: { unknownConversation: { code: 404, info: NOT_FOUND_INFO } },
});

export const DeleteConversation = defineCall({
  path: 'Chat/DeleteConversation',
  summary: 'Deletes one conversation of the caller with its messages',
  body: { type: 'object', required: ['Id'], properties: { Id: UUID } },
  data: nullData,
  success: '删除成功!',
  refusals: { unknownConversation: { code: 404, info: NOT_FOUND_INFO } },
});
