import type { MultipartFile } from '@fastify/multipart';

/**
 * A file part's name as the client sent it, or '' when it sent none a parser could read: a part
 * is a file by its `filename` or by its `Content-Type`, so a damaged `Content-Disposition` leaves
 * a file without a name (`undefined` where the types say string), which the name rules then refuse
 * with 400 rather than failing on it (cam-publish's fast-check found a 500).
 */
export const uploadName = (part: Pick<MultipartFile, 'filename'>): string => (typeof part.filename === 'string' ? part.filename : '');
