import type { MultipartValue } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as Cam from '../../contract/cam';
import { answerSchema, type BodyOf, type RefusalOf } from '../../contract/call';
import { FILE_NAME_MAX_LENGTH } from '../../domain/files/file-name.policy';
import type { CamRelease } from '../../ports/cam-store.port';
import type { StoredFile } from '../../ports/file-store.port';
import { answerResponses, defineRoute, envelopeOf, type ApiRoute, type MultipartRoutes } from '../route-kit';
import type { CamService, ReleaseDraft } from '../services/cam.service';
import { mapData, refuse, type Outcome } from '../outcome';
import { releaseView } from './cam.routes';
import { settleRefusedBody } from '../refused-upload';
import { uploadName } from '../upload-name';

/** The JSON form carries the file as base64 in memory, so it stays small whatever RELEASE_MAX_BYTES says. */
export const JSON_RELEASE_MAX_BYTES = 32 * 1024 * 1024;

const { properties } = Cam.PUBLISH_RELEASE_FORM;

/** The text fields of the multipart form (the contract's): longest values and whether they must be sent. */
const FIELDS = {
  ProductType: { required: true, maxLength: 8 },
  VersionNumber: { required: true, maxLength: properties.VersionNumber.maxLength },
  Remark: { required: false, maxLength: properties.Remark.maxLength },
  RemarkEn: { required: false, maxLength: properties.RemarkEn.maxLength },
  FileName: { required: false, maxLength: FILE_NAME_MAX_LENGTH },
} as const;
type Field = keyof typeof FIELDS;
type Fields = Partial<Record<Field, string>>;

type Published = Outcome<CamRelease, RefusalOf<typeof Cam.PublishRelease>>;

/** The contract's schema of a form with the longest file name of the file-name policy. */
const withFileNameLimit = <S extends { properties: { FileName: object } }>(schema: S) => ({
  ...schema,
  properties: { ...schema.properties, FileName: { ...schema.properties.FileName, maxLength: FIELDS.FileName.maxLength } },
});

const MB = 1024 * 1024;
const inMb = (bytes: number) => (bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${bytes} bytes`);

/** Base64 as sent by a browser: plain, or a data: URL. Null when it is not base64. */
export function decodeBase64(text: string): Buffer | null {
  const b64 = text.replace(/^data:[^,]{0,200};base64,/, '').replace(/\s+/g, '');
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, 'base64');
}

/**
 * `Cam/PublishRelease` (staff), in its own Fastify context: @fastify/multipart is registered there
 * only, so every other route still answers a multipart body with 415 as before. The staff check runs
 * in onRequest (auth.plugin), before a byte of the body is read.
 */
export function camPublishRoutes(deps: { cam: CamService; releaseMaxBytes: number }): MultipartRoutes {
  return {
    multipart: {
      // The name is checked by the file-name policy, not trimmed to its last path part silently.
      preservePath: true,
      limits: {
        fieldNameSize: 100,
        // Remark is 4000 characters, up to 3 bytes each in UTF-8; longer fields are refused, not cut.
        fieldSize: 4000 * 3 + 1,
        fields: 20,
        files: 1,
        parts: 24,
        headerPairs: 50,
        // One byte over the cap, so the file store (which counts as it writes) is the one that refuses.
        fileSize: deps.releaseMaxBytes + 1,
      },
    },
    routes: [publishReleaseRoute(deps)],
  };
}

function publishReleaseRoute({ cam, releaseMaxBytes }: { cam: CamService; releaseMaxBytes: number }): ApiRoute {
  const jsonMaxBytes = Math.min(releaseMaxBytes, JSON_RELEASE_MAX_BYTES);
  const json = withFileNameLimit(Cam.PublishRelease.body);
  return defineRoute<BodyOf<typeof Cam.PublishRelease> | null>({
    controller: 'Cam',
    action: 'PublishRelease',
    access: 'staff',
    // The file itself is not logged (forTheLog hides ContentBase64); the release the answer names is.
    audit: { object: (_body, data) => (data?.Id ? `release:${data.Id}` : null) },
    summary:
      `${Cam.PublishRelease.summary}. multipart/form-data: the text fields first, then one file part ` +
      `(at most ${inMb(releaseMaxBytes)}, streamed to the file store; FileName defaults to the part's file name). ` +
      `Or JSON with the file as base64 in ContentBase64 (at most ${inMb(jsonMaxBytes)}).`,
    body: {
      content: {
        'application/json': {
          schema: { ...json, properties: { ...json.properties, ContentBase64: { type: 'string', maxLength: Math.ceil((jsonMaxBytes * 4) / 3) + 256 } } },
        },
        // Documents the form. The handler reads and checks it while streaming, so the validator
        // sees no body (null) and the field rules below are applied by the handler itself.
        'multipart/form-data': { schema: withFileNameLimit(Cam.PUBLISH_RELEASE_FORM) },
      },
    },
    answer: answerSchema(Cam.PublishRelease),
    responses: answerResponses(Cam.PublishRelease),
    bodyLimit: Math.ceil((jsonMaxBytes * 4) / 3) + 64 * 1024,
    async handle({ body, caller, request, reply }) {
      const publishedBy = caller!.userId;
      // Only the two documented forms: a text/plain body would reach here unvalidated, a string (issue 21, item 10).
      if (!request.isMultipart() && (!body || typeof body !== 'object' || Array.isArray(body))) return envelopeOf(Cam.PublishRelease, refuse('notJsonOrForm'));
      const published = request.isMultipart() ? await publishFromForm(request, reply, cam, publishedBy) : await publishFromJson(body!, publishedBy);
      // The publisher reads the notes as staff wrote them: the Chinese ones, as GetCamAssistant's default.
      return envelopeOf(Cam.PublishRelease, mapData(published, (release) => releaseView(release, 'zh')));
    },
  });

  async function publishFromJson(json: BodyOf<typeof Cam.PublishRelease>, publishedBy: string): Promise<Published> {
    const content = decodeBase64(json.ContentBase64);
    if (!content) return refuse('badBase64');
    return cam.publish({ ...releaseFields(json), filename: json.FileName ?? '', content, publishedBy }, { maxBytes: jsonMaxBytes });
  }
}

const releaseFields = (f: Fields) => ({
  productType: Number(f.ProductType),
  versionNumber: f.VersionNumber ?? '',
  remark: f.Remark ?? '',
  remarkEn: f.RemarkEn ?? '',
});

/** What is wrong with a text field of the form, or null; the JSON form's schema says the same. */
function fieldProblem(name: string, part: MultipartValue): string | null {
  if (!isField(name)) return null; // unknown fields are ignored, as in the JSON form
  const rule = FIELDS[name];
  if (part.valueTruncated || typeof part.value !== 'string') return `${name} must be text of at most ${rule.maxLength} characters`;
  if (part.value.length > rule.maxLength) return `${name} must NOT have more than ${rule.maxLength} characters`;
  if (part.value.includes('\u0000')) return `${name} may not contain the NUL character (\\u0000)`;
  if (name === 'ProductType' && !/^\s*\d{1,4}\s*$/.test(part.value)) return 'ProductType must be a product number';
  return null;
}

const isField = (name: string): name is Field => Object.hasOwn(FIELDS, name);
const missingField = (fields: Fields) => (Object.keys(FIELDS) as Field[]).find((k) => FIELDS[k].required && fields[k] === undefined);

/**
 * The multipart form: text fields, then one file part, streamed into the file store as it arrives.
 * The fields are checked when the file part begins, so a refused release stores nothing; the release
 * row is written only once the whole body was read. Any failure on the way (too large, cut short,
 * malformed, a part after the file) removes the stored file: no file and no row are left behind.
 */
async function publishFromForm(request: FastifyRequest, reply: FastifyReply, cam: CamService, publishedBy: string): Promise<Published> {
  const fields: Fields = {};
  let draft: ReleaseDraft | null = null;
  let stored: StoredFile | null = null;
  // A refusal before the body is read to its end: the client may still be sending (settleRefusedBody
  // reads a small rest so that it gets the answer, and closes after a large one unread).
  const refused = async (outcome: Published): Promise<Published> => {
    if (stored) await cam.discardFile(stored);
    await settleRefusedBody(request, reply);
    return outcome;
  };
  const badForm = (reason: string) => refused(refuse('badForm', { reason }));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (draft) {
          // A known field after the file would change a release already checked; others (a submit
          // button of an HTML form) are ignored as before the file.
          if (isField(part.fieldname)) return await badForm(`${part.fieldname} must be sent before the file`);
          continue;
        }
        const problem = fieldProblem(part.fieldname, part);
        if (problem) return await badForm(problem);
        if (isField(part.fieldname)) {
          if (fields[part.fieldname] !== undefined) return await badForm(`${part.fieldname} is sent twice`);
          fields[part.fieldname] = part.value as string;
        }
        continue;
      }
      if (draft) {
        part.file.destroy();
        return await badForm('Send exactly one file');
      }
      const missing = missingField(fields);
      if (missing) {
        part.file.destroy();
        return await badForm(`${missing} is required (send the text fields before the file)`);
      }
      const checked = await ours(cam.checkRelease({ ...releaseFields(fields), filename: fields.FileName ?? uploadName(part), publishedBy }));
      if (!checked.ok) {
        part.file.destroy();
        return await refused(checked);
      }
      draft = checked.data;
      const written = await cam.storeReleaseFile(part.file, draft.filename);
      if (!written.ok) return await refused(written);
      stored = written.data;
    }
  } catch (error) {
    const known = error instanceof ServerFault ? null : uploadError(error);
    if (!known) {
      if (stored) await cam.discardFile(stored);
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw error instanceof ServerFault ? error.cause : error;
    }
    return refused(known);
  }
  if (!draft || !stored) {
    const missing = missingField(fields);
    return refuse('badForm', { reason: missing ? `${missing} is required` : 'File is required: send the release file as the last part' });
  }
  return cam.addRelease(draft, stored);
}

/** An error of our own (the database) while the form is read: answered 500, never taken for a bad body. */
class ServerFault extends Error {
  constructor(override readonly cause: unknown) {
    super('server fault while reading a form');
  }
}
const ours = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw new ServerFault(error);
  });

/** Errors of reading a multipart body that are the client's doing, as refusals; null for ours. */
function uploadError(error: unknown): Published | null {
  if (!(error instanceof Error)) return null;
  // The disk or the operating system failing is ours (500), whatever stream it surfaced in.
  if ('syscall' in error) return null;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse('formTooLarge');
    case 'FST_FILES_LIMIT':
      return refuse('badForm', { reason: 'Send exactly one file' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return refuse('badForm', { reason: 'The form has too many parts' });
    case 'FST_PROTO_VIOLATION':
      return refuse('badForm', { reason: 'A field name of the form is not allowed' });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return refuse('badForm', { reason: 'A field of the form is not valid JSON' });
    case 'FST_MP_PREMATURE_CLOSE':
      return refuse('badForm', { reason: 'The upload was cut short' });
  }
  // busboy: a missing boundary, a malformed part header, a body that ends before its last boundary.
  return refuse('badForm', { reason: `The multipart body is malformed or incomplete (${error.message})` });
}
