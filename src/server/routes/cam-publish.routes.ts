import * as Cam from '../../contract/cam';
import { answerSchema, type BodyOf, type DataOf } from '../../contract/call';
import { decodeBase64 } from '../base64';
import { multipartForm } from '../multipart-form';
import { mapData, refuse } from '../outcome';
import { answerResponses, defineRoute, envelopeOf, type ApiRoute, type MultipartRoutes } from '../route-kit';
import { RELEASE_FORM_FIELDS, releaseFields, type CamService } from '../services/cam.service';
import { releaseView } from './cam.routes';

/** The JSON form carries the file as base64 in memory, so it stays small whatever RELEASE_MAX_BYTES says. */
export const JSON_RELEASE_MAX_BYTES = 32 * 1024 * 1024;

/** The contract's schema of a form with the longest file name of the file-name policy. */
const withFileNameLimit = <S extends { properties: { FileName: object } }>(schema: S) => ({
  ...schema,
  properties: { ...schema.properties, FileName: { ...schema.properties.FileName, maxLength: RELEASE_FORM_FIELDS.FileName.maxLength } },
});

const MB = 1024 * 1024;
const inMb = (bytes: number) => (bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${bytes} bytes`);

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
    // The file itself is not logged (forTheLog hides ContentBase64); the release the answer names is
    // (its lowercase `id`, as the wire spells a release: `Id` named nothing, issue 35 item 8).
    audit: { object: (_body, data: DataOf<typeof Cam.PublishRelease> | undefined) => (data?.id ? `release:${data.id}` : null) },
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
        // sees no body (null) and the service applies the field rules itself (RELEASE_FORM_FIELDS).
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
      const published = request.isMultipart() ? await cam.publishForm(multipartForm(request, reply), publishedBy) : await publishFromJson(body!, publishedBy);
      // The publisher reads the notes as staff wrote them: the Chinese ones, as GetCamAssistant's default.
      return envelopeOf(Cam.PublishRelease, mapData(published, (release) => releaseView(release, 'zh')));
    },
  });

  async function publishFromJson(json: BodyOf<typeof Cam.PublishRelease>, publishedBy: string) {
    const content = decodeBase64(json.ContentBase64);
    if (!content) return refuse('badBase64');
    return cam.publish({ ...releaseFields(json), filename: json.FileName ?? '', content, publishedBy }, { maxBytes: jsonMaxBytes });
  }
}
