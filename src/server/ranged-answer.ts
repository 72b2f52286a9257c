import type { FastifyReply } from 'fastify';
import type { ByteRange, OpenedFile } from '../ports/file-store.port';

/**
 * Sends a file of the store as a GET route answers it: whole (200), the single range asked (206),
 * or 416 with the size for a range outside it (`file` is null then). The route sets the type and
 * its other headers first.
 */
export function sendRanged(reply: FastifyReply, size: number, range: ByteRange | null | 'unsatisfiable', file: OpenedFile | null) {
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable' || !file) {
    return reply.code(416).header('content-range', `bytes */${size}`).send({ code: 416, info: 'The requested range is outside the file', ReturnData: null });
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(file.stream);
  }
  return reply.code(200).header('content-length', String(file.size)).send(file.stream);
}
