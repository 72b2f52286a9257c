import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { successDataSchema, type CallContract } from '../../src/contract/call';
import { httpStatusFor } from '../../src/server/route-kit';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 34, item 6: a partner generates a client from /api/openapi.json with openapi-typescript and
// gets each call's ReturnData typed. A success is documented under 200 with the contract's data,
// refusals the HTTP status does not mirror beside it (they answer HTTP 200), the others under 4XX.

type Schema = Record<string, any>;
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };

let portal: TestPortal;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  portal = await createTestPortal();
  doc = (await portal.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => portal.close());

/** Every call the contract declares (src/contract/*.ts), those grouped in an object of calls too (knowledge.ts). */
const isCall = (value: unknown): value is CallContract => typeof value === 'object' && value !== null && 'path' in value && 'data' in value && 'refusals' in value;
const callsIn = (value: unknown, depth = 0): CallContract[] =>
  isCall(value) ? [value] : value && typeof value === 'object' && !Array.isArray(value) && depth < 3 ? Object.values(value).flatMap((v) => callsIn(v, depth + 1)) : [];
const calls: CallContract[] = [...new Set(Object.values(import.meta.glob<Record<string, unknown>>('../../src/contract/*.ts', { eager: true })).flatMap((module) => callsIn(module)))];

/** Calls whose success is an envelope: a file call sends one only for an empty list. */
const enveloped = calls.filter((call) => !call.file || call.empty);

const operationOf = (call: CallContract) => doc.paths[`/api/${call.path}`]?.post;
const branchesOf = (schema: Schema | undefined): Schema[] => (schema ? (schema.oneOf ?? [schema]) : []);
const isSuccess = (branch: Schema) => JSON.stringify(branch.properties?.code?.enum ?? branch.properties?.code?.const) === JSON.stringify([200]);
/** A contract schema as @fastify/swagger writes it into the document: `const` as a one-value `enum`, `patternProperties` as `additionalProperties`. */
const asDocumented = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(asDocumented);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const') out.enum = [value];
    else if (key !== 'patternProperties') out[key] = asDocumented(value);
  }
  const patterns = (schema as Schema).patternProperties;
  if (patterns) out.additionalProperties = asDocumented(Object.values(patterns)[0]);
  return out;
};

/**
 * The operations whose generated TypeScript gives no type to the ReturnData of a success (code
 * 200 of the 200 answer's application/json): none there, `unknown` or `any`. Generated with
 * openapi-typescript and read by the TypeScript checker, not by matching the printed text.
 */
function untypedOperations(generated: string): string[] {
  const probe = `
    type Json<O> = O extends { responses: { 200: { content: { 'application/json': infer J } } } } ? J : never;
    type Success<J> = J extends { code: 200 } ? J : never;
    type Data<S> = S extends { ReturnData?: infer D } ? D : never;
    type Untyped<O> = [Success<Json<O>>] extends [never] ? true : unknown extends Data<Success<Json<O>>> ? true : false;
    type UntypedOperations = { [K in keyof Api.operations]: Untyped<Api.operations[K]> extends true ? K : never }[keyof Api.operations];
  `;
  // Scripts, not modules: the probe reads the generated types as the namespace Api, and only the probe is checked.
  const files: Record<string, string> = { '/virtual/api.d.ts': `declare namespace Api {\n${generated}\n}`, '/virtual/probe.ts': probe };
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [], lib: ['lib.es5.d.ts'], skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name in files ? ts.createSourceFile(name, files[name]!, language) : getSourceFile(name, language, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name in files || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  const program = ts.createProgram(['/virtual/api.d.ts', '/virtual/probe.ts'], options, host);
  const probeFile = program.getSourceFile('/virtual/probe.ts')!;
  const errors = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics(probeFile)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(errors, 'the generated types and the probe compile').toEqual([]);
  const checker = program.getTypeChecker();
  const alias = probeFile.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'UntypedOperations')!;
  const type = checker.getTypeAtLocation(alias.name);
  if (type.flags & ts.TypeFlags.Never) return [];
  return (type.isUnion() ? type.types : [type]).map((t) => (t as ts.StringLiteralType).value).sort();
}

describe('the OpenAPI document, for client generators', () => {
  it('documents each call of the contract, and its success under 200 with the contract\'s ReturnData', () => {
    expect(calls.length).toBeGreaterThan(100);
    const missing = calls.filter((call) => !operationOf(call)).map((call) => call.path);
    expect(missing, 'contract calls without an operation').toEqual([]);
    for (const call of enveloped) {
      const op = operationOf(call)!;
      expect(Object.keys(op.responses), call.path).not.toContain('default');
      const success = branchesOf(op.responses['200']?.content?.['application/json']?.schema).filter(isSuccess);
      expect(success.length, `${call.path}: one success envelope under 200`).toBe(1);
      expect(success[0]!.properties.ReturnData, call.path).toEqual(asDocumented(successDataSchema(call)));
    }
  });

  it('puts a refusal under 200 when it answers HTTP 200, and under 4XX when the status mirrors its code', () => {
    for (const call of calls) {
      const { responses } = operationOf(call)!;
      const codes = [...new Set(Object.values(call.refusals).map((r) => r.code))];
      const at200 = codes.filter((code) => httpStatusFor(code) === 200).sort((a, b) => a - b);
      const refusalsAt200 = branchesOf(responses['200']?.content?.['application/json']?.schema).filter((b) => !isSuccess(b));
      expect(refusalsAt200.flatMap((b) => b.properties.code.enum).sort((a: number, b: number) => a - b), call.path).toEqual(at200);
      const http4xx = responses['4XX']?.content?.['application/json']?.schema;
      expect(http4xx?.properties?.code, call.path).toMatchObject({ type: 'integer', minimum: 400, maximum: 499 });
      expect(http4xx?.required, call.path).toEqual(['code', 'info', 'ReturnData']);
      expect(responses['5XX']?.content?.['application/json']?.schema?.properties?.code.enum, call.path).toEqual([500, 503]);
    }
    // A call that answers a file names its media type beside the envelope of its refusals.
    expect(Object.keys(doc.paths['/api/Machine/ExportCsv']!.post!.responses['200']!.content!)).toEqual(['text/csv', 'application/json']);
    expect(Object.keys(doc.paths['/api/IndustrialDocument/Download']!.post!.responses['200']!.content!)).toEqual(['application/octet-stream']);
  });

  // The served document and two operations of the shapes a generator cannot type, made into TypeScript once.
  let generated: Promise<string> | undefined;
  const generate = () => (generated ??= openapiTS(withUntypedProbes(doc) as never, { silent: true }).then((ast) => astToString(ast)));

  it('gives openapi-typescript a typed ReturnData for every call, and the check finds the old shape untyped', async () => {
    const untyped = untypedOperations(await generate());
    expect(untyped).toEqual(expect.arrayContaining(['Probe_OldShape', 'Probe_Unknown']));
    const contractOperations = new Set(enveloped.map((call) => operationOf(call)!.operationId));
    expect(untyped.filter((id) => contractOperations.has(id))).toEqual([]);
    // Every other operation is typed too (Cam/Is<brand>User is Cam/IsProductUser under the brand's name):
    // what is left is the file downloads (GET, and POST calls whose success is only the file).
    const files = calls.filter((call) => call.file && !call.empty).map((call) => operationOf(call)!.operationId);
    expect(untyped.filter((id) => !id.startsWith('Probe_') && !id.startsWith('get_') && !files.includes(id))).toEqual([]);
  });

  it('prints no `ReturnData?: unknown` in the 200 answer of named calls', async () => {
    const text = await generate();
    for (const id of ['Machine_GetMyMachine', 'User_GetUserInfo', 'Login_UserLogin', 'User_RegisterEmlie', 'Cam_PublishRelease', 'Mqtt_Auth', 'Machine_ExportCsv', 'Probe_OldShape']) {
      const start = text.indexOf(`\n    ${id}: {\n`);
      expect(start, id).toBeGreaterThan(0);
      const operation = text.slice(start, text.indexOf('\n    };\n', start));
      const ok = operation.slice(operation.indexOf('\n            200: {'), operation.indexOf('\n            "4XX": {'));
      if (id === 'Probe_OldShape') {
        // The check can fail: the old shape's 200 is no typed envelope.
        expect(operation).toMatch(/ReturnData\?: unknown;/);
        continue;
      }
      expect(ok, id).toMatch(/ReturnData\??: /);
      expect(ok, id).not.toMatch(/ReturnData\??: unknown;/);
    }
  });
});

/** The document with two operations added: the old shape (success under `default`, data only in an `if code == 200` branch) and a 200 whose ReturnData is any value. */
function withUntypedProbes(document: typeof doc): object {
  const envelope = { type: 'object', required: ['code', 'info'], properties: { code: { type: 'integer' }, info: { type: 'string' }, ReturnData: {} } };
  const old = { ...envelope, if: { properties: { code: { const: 200 } } }, then: { properties: { ReturnData: { type: 'array', items: { type: 'string' } } } } };
  const probe = (operationId: string, responses: object) => ({ post: { operationId, responses: { ...responses, '4XX': { description: 'Refused', content: { 'application/json': { schema: envelope } } } } } });
  return {
    ...document,
    paths: {
      ...document.paths,
      '/api/Probe/OldShape': probe('Probe_OldShape', { default: { description: 'Default Response', content: { 'application/json': { schema: old } } } }),
      '/api/Probe/Unknown': probe('Probe_Unknown', { 200: { description: 'Done', content: { 'application/json': { schema: { ...envelope, properties: { ...envelope.properties, code: { enum: [200] } } } } } } }),
    },
  };
}
