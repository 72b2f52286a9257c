import { Ajv, type ValidateFunction } from 'ajv';

/** Thrown in checking mode when an answer does not match its call's schema; the error handler names the mismatch. */
export class AnswerMismatch extends Error {
  readonly code = 'ANSWER_MISMATCH';
}

type Serializer = (data: unknown) => string;

// One checker for the process, each schema compiled once: the server tests build an app per file,
// and compiling every answer's schema again cost each build 0.4 CPU-s (most of its start).
let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();
function compiled(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    ajv ??= new Ajv({ allErrors: true, strict: false });
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * The serializer of every answer: JSON.stringify, as before the answers had schemas (the schemas
 * document the answers in the OpenAPI document; fast-json-stringify would drop what they leave
 * out). With `check` (the tests), an answer that does not match its call's contract throws.
 */
export function answerSerializerCompiler(check: boolean): (route: { schema: unknown; url: string }) => Serializer {
  if (!check) return () => JSON.stringify;
  return ({ schema, url }) => {
    const validate = compiled(schema as object);
    return (data) => {
      if (!validate(data)) throw new AnswerMismatch(`The answer of ${url} does not match its contract: ${ajv!.errorsText(validate.errors)}`);
      return JSON.stringify(data);
    };
  };
}
