import { Ajv } from 'ajv';

/** Thrown in checking mode when an answer does not match its call's schema; the error handler names the mismatch. */
export class AnswerMismatch extends Error {
  readonly code = 'ANSWER_MISMATCH';
}

type Serializer = (data: unknown) => string;

/**
 * The serializer of every answer: JSON.stringify, as before the answers had schemas (the schemas
 * document the answers in the OpenAPI document; fast-json-stringify would drop what they leave
 * out). With `check` (the tests), an answer that does not match its call's contract throws.
 */
export function answerSerializerCompiler(check: boolean): (route: { schema: unknown; url: string }) => Serializer {
  if (!check) return () => JSON.stringify;
  const ajv = new Ajv({ allErrors: true, strict: false });
  return ({ schema, url }) => {
    const validate = ajv.compile(schema as object);
    return (data) => {
      if (!validate(data)) throw new AnswerMismatch(`The answer of ${url} does not match its contract: ${ajv.errorsText(validate.errors)}`);
      return JSON.stringify(data);
    };
  };
}
