import { Ajv, type ValidateFunction } from 'ajv';

/** Thrown in checking mode when an answer does not match its call's schema; the error handler names the mismatch. */
export class AnswerMismatch extends Error {
  readonly code = 'ANSWER_MISMATCH';
}

type Serializer = (data: unknown) => string;

// One checker for the process, each schema compiled once: the server tests build an app per file,
// and compiling every answer's schema again cost each build 0.4 CPU-s (most of its start). Made at
// the first check: a portal that does not check answers never compiles one.
let checker: { ajv: Ajv; validators: Map<string, ValidateFunction> } | null = null;
function compiled(schema: object): { ajv: Ajv; validate: ValidateFunction } {
  checker ??= { ajv: new Ajv({ allErrors: true, strict: false }), validators: new Map() };
  const key = JSON.stringify(schema);
  let validate = checker.validators.get(key);
  if (!validate) checker.validators.set(key, (validate = checker.ajv.compile(schema)));
  return { ajv: checker.ajv, validate };
}

/**
 * The serializer of every answer: JSON.stringify, as before the answers had schemas (the schemas
 * document the answers in the OpenAPI document; fast-json-stringify would drop what they leave
 * out). With `check` (the tests), an answer that does not match its call's contract throws.
 */
export function answerSerializerCompiler(check: boolean): (route: { schema: unknown; url: string }) => Serializer {
  if (!check) return () => JSON.stringify;
  return ({ schema, url }) => {
    const { ajv, validate } = compiled(schema as object);
    return (data) => {
      if (!validate(data)) throw new AnswerMismatch(`The answer of ${url} does not match its contract: ${ajv.errorsText(validate.errors)}`);
      return JSON.stringify(data);
    };
  };
}
