import type { AnswerOf, BodyOf, CallContract } from '../contract/call';
import type { Envelope } from '../contract/envelope';

export interface PortalCallOptions {
  /** Do not show the envelope's `info` as an error toast; the caller handles it. */
  quiet?: boolean;
}

/**
 * The browser's one way to the portal API: POST /api/<Controller>/<Action> with a JSON body.
 * The adapter applies spec 1 section 8 (error toast, login-expired dialog, network and
 * timeout dialogs, token header) and resolves with the envelope whatever its code.
 * It rejects only when no envelope arrived (network failure, timeout, abort).
 */
export interface PortalHttpPort {
  /** A call of the contract (`src/contract/<controller>.ts`): its path, and the body and answer its schemas give. */
  call<C extends CallContract>(call: C, body: BodyOf<NoInfer<C>>, signal?: AbortSignal, options?: PortalCallOptions): Promise<AnswerOf<C>>;
  /** A call by path, for controllers whose contract is still to be written. */
  call<T>(path: string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions): Promise<Envelope<T>>;
}

/** What a download answered: the file, or the envelope of a refusal (errors answer the envelope). */
export type PortalDownload =
  | { kind: 'file'; blob: Blob; fileName: string | null; contentType: string }
  | { kind: 'envelope'; envelope: Envelope<unknown> };

/**
 * File downloads from the portal API (`Machine/ExportCsv`): the same POST, token header and
 * spec 1 section 8 handling as `PortalHttpPort.call`, but a non-JSON answer is handed back as a
 * file with the name its `Content-Disposition` gives. Rejects only when no answer arrived.
 */
export interface PortalDownloadPort {
  download(path: string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions): Promise<PortalDownload>;
}

/**
 * Multipart uploads to the portal API (`KnowledgeAdmin/UploadImage`): the form data as it is,
 * with the token header and the spec 1 section 8 handling of `PortalHttpPort.call`; resolves
 * with the envelope, rejects only when no answer arrived.
 */
export interface PortalUploadPort {
  upload<T>(path: string, form: FormData, signal?: AbortSignal, options?: PortalUploadOptions): Promise<Envelope<T>>;
}

/** An upload's options: the call's, and the progress of the form's bytes (fetch tells none, so the adapter sends it another way). */
export interface PortalUploadOptions extends PortalCallOptions {
  /** Bytes of the form sent so far of `total`; called as they go, the last call with loaded = total. */
  onProgress?: (loaded: number, total: number) => void;
  /** Longer than the adapter's default for large uploads (the file screen's documents). */
  timeoutMs?: number;
}

/** What a streamed call answered: the event stream's bytes, or the envelope of a refusal. */
export type PortalStream = { kind: 'stream'; body: ReadableStream<Uint8Array> } | { kind: 'envelope'; envelope: Envelope<unknown> };

/**
 * Calls that answer a server-sent stream (`Chat/Completions`): the same POST, token header and
 * spec 1 section 8 handling as `PortalHttpPort.call` until the answer's headers; a success hands
 * back the body to read as it arrives (the signal aborts it), a refusal its envelope.
 */
export interface PortalStreamPort {
  stream(path: string, body: unknown, signal?: AbortSignal, options?: PortalCallOptions): Promise<PortalStream>;
}
