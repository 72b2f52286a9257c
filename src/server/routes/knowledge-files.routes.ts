import type { FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../domain/files/file-name.policy';
import type { Envelope } from '../../domain/shared/envelope';
import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES, type KnowledgeAdminService } from '../knowledge/knowledge-admin.service';
import { defineRoute, type ApiRoute, type FileParams, type GetRoute, type MultipartRoutes, FILE_PARAMS } from '../route-kit';
import { fail } from '../services/service-result';
import { idOf } from './knowledge.routes';

/** Shown in the page, not downloaded: images by their extension. */
const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/**
 * A served file can never act as a page of ours: no script, no frames, no plugins, even for an
 * SVG or an HTML file someone attached (ADR 0007).
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const NOT_FOUND = { code: 404, info: 'The file does not exist', ReturnData: null };

/** `GET /api/Knowledge/File/<id>/<name>`: attachments and images of articles, for anyone. */
export function knowledgeFileRoute(admin: KnowledgeAdminService): GetRoute<FileParams> {
  return {
    method: 'GET',
    url: '/api/Knowledge/File/:id/:filename',
    access: 'public',
    summary: 'A file of an article: an image shown in its body or an attachment to download',
    tags: ['KnowledgeClassify'],
    params: FILE_PARAMS,
    noHead: true,
    rateLimit: { max: 600, timeWindow: 60_000 },
    async handle(request, reply) {
      const found = await admin.openFile(request.params.id, request.params.filename);
      if (!found) return reply.code(404).send(NOT_FOUND);
      const extension = found.record.fileName.split('.').pop()?.toLowerCase() ?? '';
      const inline = INLINE_TYPES[extension];
      reply
        .header('content-security-policy', FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .header('content-length', String(found.file.size));
      if (inline) reply.header('content-type', inline).header('content-disposition', 'inline');
      else reply.header('content-type', 'application/octet-stream').header('content-disposition', attachmentDisposition(found.record.fileName));
      return reply.code(200).send(found.file.stream);
    },
  };
}

/** The two staff uploads, in a context of their own: the only knowledge routes that take multipart bodies. */
export function knowledgeUploadRoutes(admin: KnowledgeAdminService): MultipartRoutes {
  return {
    multipart: {
      preservePath: true,
      limits: { fieldNameSize: 100, fieldSize: 100, fields: 4, files: 1, parts: 6, headerPairs: 50, fileSize: ATTACHMENT_MAX_BYTES + 1 },
    },
    routes: uploadRoutes(admin),
  };
}

/** The form's schema; a JSON body is described too, and answered 415 (the matrix and the fuzzing send one). */
const multipartOnly = (summary: string, fields: Record<string, unknown>) => ({
  content: {
    'application/json': { schema: { type: 'object', description: 'Refused with 415: send multipart/form-data' } },
    'multipart/form-data': {
      schema: { type: ['object', 'null'], properties: { ...fields, file: { type: 'string', format: 'binary', description: summary } } },
    },
  },
});

/** Refuses an upload that is not multipart, and turns the multipart library's errors into envelopes. */
async function readingForm(request: FastifyRequest, read: () => Promise<Envelope>): Promise<Envelope> {
  if (!request.isMultipart()) return fail(415, 'Send the file as multipart/form-data');
  try {
    return await read();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') return fail(413, 'The file is too large');
    if (code.startsWith('FST_') || /multipart|boundary/i.test(String((error as Error).message))) return fail(400, 'The form could not be read');
    throw error;
  }
}

function uploadRoutes(admin: KnowledgeAdminService): ApiRoute[] {
  return [
    defineRoute<null>({
      controller: 'KnowledgeAdmin',
      action: 'UploadImage',
      access: 'staff',
      summary: `Staff: an image for the editor (PNG, JPEG, GIF or WebP, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB); ReturnData.Url goes into the article`,
      body: multipartOnly('The image', {}),
      handle: ({ request }) =>
        readingForm(request, async () => {
          const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES + 1 } });
          if (!part) return fail(400, 'file is required');
          const content = await part.toBuffer();
          if (part.file.truncated || content.length > IMAGE_MAX_BYTES) return fail(413, 'The image is too large');
          return admin.addImage(content, part.filename);
        }),
    }),
    defineRoute<null>({
      controller: 'KnowledgeAdmin',
      action: 'UploadAttachment',
      access: 'staff',
      summary: `Staff: attach a file to an article: the field ArticleId, then the file (at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)`,
      body: multipartOnly('The file', { ArticleId: { type: 'string' } }),
      handle: ({ request }) =>
        readingForm(request, async () => {
          let articleId: number | null | undefined;
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'ArticleId') articleId = idOf(part.value);
              continue;
            }
            if (!articleId) {
              part.file.resume();
              return fail(400, 'ArticleId is required before the file');
            }
            const answer = await admin.addAttachment(articleId, part.file, part.filename);
            if (part.file.truncated) return fail(413, 'The file is too large');
            return answer;
          }
          return fail(400, 'file is required');
        }),
    }),
  ];
}
