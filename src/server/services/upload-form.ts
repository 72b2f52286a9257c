import type { Readable } from 'node:stream';

/** A part of a multipart upload, in the order the client sent it. */
export type UploadPart =
  | { readonly kind: 'field'; readonly name: string; readonly value: unknown; readonly truncated: boolean }
  /** `filename` is '' when the client sent none a parser could read; `content` streams the bytes once. */
  | { readonly kind: 'file'; readonly filename: string; readonly content: Readable };

/** What went wrong reading an upload when it is the client's doing: a limit of the form, a body cut short or malformed. */
export interface UploadFault {
  readonly kind: 'fileTooLarge' | 'tooManyFiles' | 'tooManyParts' | 'badFieldName' | 'badJsonField' | 'cutShort' | 'malformed';
  /** The parser's own words (the malformed body's refusal quotes them). */
  readonly message: string;
}

/**
 * A multipart upload as a service reads it (a route makes one of its request): the parts as they
 * arrive, which errors met while reading them are the client's, and what the transport does when
 * the service ends an upload early. The service stores the files, checks them and removes every
 * one it stored when the upload fails, before it calls `refused` or `failed`.
 */
export interface UploadForm {
  parts(): AsyncIterable<UploadPart>;
  /** The client's fault behind an error met while reading the parts or a file's bytes; null when it is ours (the disk, a bug). */
  faultOf(error: unknown): UploadFault | null;
  /** The upload is refused before its body was read to the end: let a client still sending get the answer. */
  refused(): Promise<void>;
  /** Our own error ends the upload: the connection is not kept for another request. */
  failed(): void;
}

/** The words of a refused form that the uploads share. */
export function faultReason(fault: UploadFault): string {
  switch (fault.kind) {
    case 'tooManyParts':
      return 'The form has too many parts';
    case 'badFieldName':
      return 'A field name of the form is not allowed';
    case 'cutShort':
      return 'The upload was cut short';
    default:
      // busboy: a missing boundary, a malformed part header, a body that ends before its last boundary.
      return `The multipart body is malformed or incomplete (${fault.message})`;
  }
}
