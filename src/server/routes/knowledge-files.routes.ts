import type { FastifyRequest } from 'fastify';
import * as KnowledgeAdmin from '../../contract/knowledge-admin';
import { attachmentDisposition, servedAs } from '../../domain/files/file-name.policy';
import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES } from '../../domain/knowledge/library';
import type { KnowledgeAdminService } from '../services/knowledge/knowledge-admin.service';
import { defineRoute, FILE_PARAMS, type ApiRoute, type FileParams, type GetRoute, type MultipartRoutes } from '../route-kit';
import { refuse, type Outcome } from '../outcome';
import { uploadName } from '../upload-name';

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
      // By the type the content showed, never the name's extension: SVG, HTML and unknown bytes download (issue 21, item 7).
      const served = servedAs(found.record.detectedType);
      reply
        .header('content-security-policy', FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .header('content-length', String(found.file.size));
      if (served.inline) reply.header('content-type', served.contentType).header('content-disposition', 'inline');
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

/** Refusals of reading an upload's form (the contract names them alike for both uploads). */
type FormRefusal = 'notMultipart' | 'unreadableForm' | 'tooLarge';

/** Refuses an upload that is not multipart, and turns the multipart library's errors into refusals. */
export async function readingForm<T, R extends string>(request: FastifyRequest, read: () => Promise<Outcome<T, R>>): Promise<Outcome<T, R | FormRefusal>> {
  if (!request.isMultipart()) return refuse('notMultipart');
  try {
    return await read();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse('tooLarge');
    if (code.startsWith('FST_') || /multipart|boundary/i.test(String((error as Error).message))) return refuse('unreadableForm');
    throw error;
  }
}

function uploadRoutes(admin: KnowledgeAdminService): ApiRoute[] {
  return [
    defineRoute({
      call: KnowledgeAdmin.UploadImage,
      access: 'staff',
      // A multipart body: the object and its state are the stored file the answer names.
      audit: { object: (_body, data) => (data ? `kb-file:${data.Id}` : null) },
      handle: ({ request }) =>
        readingForm(request, async () => {
          const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES + 1 } });
          if (!part) return refuse('fileRequired');
          const content = await part.toBuffer();
          if (part.file.truncated || content.length > IMAGE_MAX_BYTES) return refuse('imageTooLarge');
          return admin.addImage(content, uploadName(part));
        }),
    }),
    defineRoute({
      call: KnowledgeAdmin.UploadAttachment,
      access: 'staff',
      audit: { object: (_body, data) => (data ? `kb-file:${data.Id}` : null) },
      handle: ({ request }) =>
        readingForm(request, async () => {
          // The fields come before the file: ArticleId is known when the file's bytes start.
          let articleId: unknown;
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'ArticleId') articleId = part.value;
              continue;
            }
            const answer = await admin.addAttachment(articleId, part.file, uploadName(part));
            if (part.file.truncated) return refuse('tooLarge');
            return answer;
          }
          return refuse('fileRequired');
        }),
    }),
  ];
}
