import type { FastifyReply, FastifyRequest } from 'fastify';
import { settleRefusedBody } from './refused-upload';
import type { UploadFault, UploadForm } from './services/upload-form';
import { uploadName } from './upload-name';

/** @fastify/multipart's codes of a body that breaks the form's limits or its protocol. */
const FAULTS: Record<string, UploadFault['kind']> = {
  FST_REQ_FILE_TOO_LARGE: 'fileTooLarge',
  FST_FILES_LIMIT: 'tooManyFiles',
  FST_PARTS_LIMIT: 'tooManyParts',
  FST_FIELDS_LIMIT: 'tooManyParts',
  FST_PROTO_VIOLATION: 'badFieldName',
  FST_INVALID_JSON_FIELD_ERROR: 'badJsonField',
  FST_MP_PREMATURE_CLOSE: 'cutShort',
};

/** A multipart request as the services read an upload (services/upload-form.ts): @fastify/multipart's parts, errors and the socket. */
export function multipartForm(request: FastifyRequest, reply: FastifyReply): UploadForm {
  return {
    async *parts() {
      for await (const part of request.parts()) {
        if (part.type === 'field') yield { kind: 'field', name: part.fieldname, value: part.value, truncated: part.valueTruncated };
        else yield { kind: 'file', filename: uploadName(part), content: part.file };
      }
    },
    faultOf(error) {
      // The disk or the operating system failing is ours (500), whatever stream it surfaced in.
      if (!(error instanceof Error) || 'syscall' in error) return null;
      // Any other error of reading the body is busboy's: a missing boundary, a malformed part header, a body cut short.
      const code = (error as { code?: string }).code ?? '';
      return { kind: Object.hasOwn(FAULTS, code) ? FAULTS[code]! : 'malformed', message: error.message };
    },
    refused: () => settleRefusedBody(request, reply),
    failed() {
      if (!request.raw.readableEnded) reply.header('connection', 'close');
    },
  };
}
