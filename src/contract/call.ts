import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { NO_DATA, type Envelope } from './envelope';

/** Values a text names (`{ seconds: 42 }`, `{ lang: 'zh' }`). */
export type TextValues = Readonly<Record<string, string | number>>;
/** An info text: fixed, or made from the values the service named. */
export type InfoText = string | ((values: TextValues) => string);

/** A refusal a call may answer: the envelope code and the spec's info text. */
export interface RefusalText {
  readonly code: number;
  readonly info: InfoText;
  /**
   * For a text made from values: the browser's message for it (`refused.<id>` in the common
   * messages). The answer then carries `Refused: { id, values }` beside the English info, so the
   * page says it in its own language (issue 14, issue 23).
   */
  readonly id?: string;
  /** ReturnData of the refusal, for the one that carries a value (the seconds still to wait); null otherwise. */
  readonly data?: JSONSchema;
}

/** How a call answers an empty list: the spec's no-data marker, or an empty list with its own info. */
export type EmptyAnswer = { readonly data: 'no-data' } | { readonly data: 'list'; readonly info: string };

/**
 * One call of the portal API as both edges see it (DECISIONS 1): `POST /api/<path>` with a body
 * of `body`'s schema, answering the envelope with `data` as ReturnData on success. The spec's
 * texts are here: `success` is the info of a success, `refusals` the refusals the server answers
 * by name, `empty` the answer of an empty list.
 */
export interface CallContract {
  readonly path: string;
  readonly summary: string;
  readonly body: JSONSchema;
  readonly data: JSONSchema;
  /** The info of a success ('success' when absent); a function when it depends on the values (the caller's language). */
  readonly success?: InfoText;
  readonly empty?: EmptyAnswer;
  readonly refusals: Readonly<Record<string, RefusalText>>;
  /**
   * For a call whose success is a file rather than an envelope (a download, a CSV, the chat's
   * event stream): its media type and what it holds. Refusals are still envelopes.
   */
  readonly file?: { readonly mediaType: string; readonly description: string };
  /**
   * Types only, never set: the TypeScript of `body` and `data`, worked out once where the call is
   * declared. Generic code reads them from here; asking `FromSchema` of a type parameter would
   * make the checker expand every schema type there is.
   */
  readonly types?: { readonly body: unknown; readonly data: unknown };
}

/** Declares a call; `const` keeps the schemas literal, so their TypeScript types follow from them. */
export const defineCall = <const C extends CallContract>(call: C) =>
  call as C & { readonly types?: { readonly body: FromSchema<C['body']>; readonly data: FromSchema<C['data']> } };

/** The body a call takes, as TypeScript. */
export type BodyOf<C extends CallContract> = NonNullable<C['types']>['body'];
/** ReturnData of a call's success, as TypeScript. */
export type DataOf<C extends CallContract> = NonNullable<C['types']>['data'];
/** The names of a call's refusals. */
export type RefusalOf<C extends CallContract> = Extract<keyof C['refusals'], string>;
/** The envelope a call answers. */
export type AnswerOf<C extends CallContract> = Envelope<DataOf<C> | typeof NO_DATA | null>;

/** An info text with the values filled in. */
export function infoOf(text: InfoText, values: TextValues = {}): string {
  return typeof text === 'function' ? text(values) : text;
}

/** True when an envelope is this refusal (its code and, for a fixed text, its info). */
export function isRefusal(answer: Pick<Envelope, 'code' | 'info'>, text: RefusalText): boolean {
  return answer.code === text.code && (typeof text.info === 'function' || answer.info === text.info);
}

// Schema pieces the contract files share.

export const text = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
export const nullData = { type: 'null' } as const;
/** Paged lists: PrevPageNums = (page-1)*size, TopNums = size (DECISIONS 1). */
export const PAGING_PROPERTIES = {
  PrevPageNums: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  TopNums: { type: 'integer', minimum: 1, maximum: 100 },
} as const;

/** A refusal made from values, for the browser to say in the page's language: the text's id and its values. */
export const REFUSED_SCHEMA = {
  type: 'object',
  required: ['id', 'values'],
  properties: { id: { type: 'string' }, values: { type: 'object', additionalProperties: { type: ['string', 'number'] } } },
  additionalProperties: false,
} as const;

/** ReturnData of a call's success: its data, or the no-data marker where the call answers an empty list so. */
export function successDataSchema(call: CallContract): Record<string, unknown> {
  const data = call.data as Record<string, unknown>;
  return call.empty?.data === 'no-data' ? { anyOf: [data, { const: NO_DATA }] } : data;
}

/** ReturnData of the refusals with these codes (all when none are named): null, or what a refusal declares it carries. */
export function refusalDataSchema(call: CallContract, codes?: readonly number[]): Record<string, unknown> {
  const carried = Object.values(call.refusals)
    .filter((r) => r.data !== undefined && (!codes || codes.includes(r.code)))
    .map((r) => r.data as Record<string, unknown>);
  return carried.length ? { anyOf: [{ type: 'null' }, ...carried] } : { type: 'null' };
}

/**
 * The envelope of a call as a JSON schema (OpenAPI 3.1 is JSON Schema 2020-12): ReturnData is
 * the call's data when `code` is 200, and null (or what a refusal declares) otherwise. The answer
 * check validates every answer with it; the OpenAPI document describes the same answers by HTTP
 * status (route-kit's `answerResponses`).
 */
export function answerSchema(call: CallContract): Record<string, unknown> {
  return {
    type: 'object',
    required: ['code', 'info'],
    properties: {
      code: { type: 'integer' },
      info: { type: 'string' },
      ReturnData: {},
      ReturnCount: { type: 'integer', minimum: 0 },
      ReturnType: {},
      ReturnMsg: { type: 'string' },
      Refused: REFUSED_SCHEMA,
    },
    additionalProperties: false,
    if: { properties: { code: { const: 200 } } },
    then: { properties: { ReturnData: successDataSchema(call) } },
    else: { properties: { ReturnData: refusalDataSchema(call) } },
  };
}
