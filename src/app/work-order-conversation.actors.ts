import { fromCallback, fromPromise } from 'xstate';
import type { DataOf } from '../contract/call';
import { isSuccess } from '../contract/envelope';
import * as WorkOrder from '../contract/work-order';
import type {
  ConversationFile,
  ConversationInput,
  ConversationLoad,
  ConversationMessage,
  ConversationUploadEvent,
  SendAnswer,
  SendInput,
  ShownFilesEvent,
} from '../domain/repair/work-order-conversation.machine';
import type { PortalDownloadPort, PortalHttpPort, PortalUploadPort } from '../ports/portal-http.port';
import { uploadActor } from './upload-actor';

type MessageWire = DataOf<typeof WorkOrder.AddMessage>;
const QUIET = { quiet: true } as const;
/** Five photos of a phone on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** The calls of one side of the conversation: the customer's (`WorkOrder/*`) or the staff's (`Staff/*WorkOrderMessage*`). */
const CALLS = {
  customer: { list: WorkOrder.GetMessages, add: WorkOrder.AddMessage, file: WorkOrder.GetMessageFile },
  staff: { list: WorkOrder.StaffGetMessages, add: WorkOrder.StaffAddMessage, file: WorkOrder.StaffGetMessageFile },
} as const;

/**
 * The conversation machine's I/O (ADR 0032) for the customer's drawer or the staff console: the
 * list with each image's thumbnail (fetched with the session, as every file is: no link opens a
 * file without the order's check), and the message sent as a multipart form with its progress.
 */
export function conversationActors(ports: { http: PortalHttpPort; downloads: PortalDownloadPort; uploads: PortalUploadPort }, side: 'customer' | 'staff') {
  const calls = CALLS[side];
  const thumbnail = async (file: MessageWire['Files'][number], signal: AbortSignal): Promise<string | null> => {
    if (!file.Thumbnail) return null;
    const answer = await ports.downloads.download(calls.file.path, { Id: file.Id, Thumb: true }, signal, QUIET).catch(() => null);
    return answer?.kind === 'file' ? URL.createObjectURL(answer.blob) : null;
  };
  const messageOf = async (m: MessageWire, signal: AbortSignal): Promise<ConversationMessage> => ({
    id: m.Id,
    author: m.Author,
    authorName: m.AuthorName,
    internal: m.Internal,
    content: m.Content,
    createdAt: m.CreateTime,
    files: await Promise.all(
      m.Files.map(async (f): Promise<ConversationFile> => ({ id: f.Id, name: f.Name, mediaType: f.MediaType, size: f.Size, thumbnailUrl: await thumbnail(f, signal) })),
    ),
  });
  return {
    // The thumbnails' object URLs live as long as the conversation that shows them.
    keepShownFiles: fromCallback<ShownFilesEvent>(({ receive }) => {
      const shown = new Set<string>();
      receive((event) => event.urls.forEach((url) => shown.add(url)));
      return () => shown.forEach((url) => URL.revokeObjectURL(url));
    }),
    loadConversation: fromPromise<ConversationLoad, ConversationInput>(async ({ input, signal }) => {
      const answer = await ports.http.call(calls.list, { EventNum: input.eventNum }, signal, QUIET);
      if (isSuccess(answer) && answer.ReturnData && typeof answer.ReturnData === 'object') {
        return { kind: 'done', messages: await Promise.all(answer.ReturnData.data.map((m) => messageOf(m, signal))) };
      }
      return answer.code === 404 ? { kind: 'unknown' } : { kind: 'refused', message: String(answer.info ?? '') };
    }),
    sendMessage: uploadActor<ConversationUploadEvent, SendInput, SendAnswer>(
      async (input, onProgress, signal) => {
        const form = new FormData();
        // The order first: the server checks it before it stores a byte of a file.
        form.append('EventNum', input.eventNum);
        form.append('Content', input.content);
        if (side === 'staff') form.append('Internal', input.internal ? 'true' : 'false');
        for (const f of input.files) form.append('files', f as unknown as File, f.name);
        const total = input.files.reduce((n, f) => n + f.size, 0) + input.content.length;
        // The form's bytes are a little more than the draft's (boundaries, headers): scaled to the draft's.
        const progress = (loaded: number, formTotal: number) => onProgress(formTotal > 0 ? Math.round((loaded / formTotal) * total) : total);
        const answer = await ports.uploads.upload<MessageWire>(calls.add.path, form, signal, { ...QUIET, onProgress: progress, timeoutMs: UPLOAD_TIMEOUT_MS });
        if (isSuccess(answer) && answer.ReturnData) return { kind: 'done', message: await messageOf(answer.ReturnData, signal) };
        return { kind: 'refused', message: String(answer.info ?? '') };
      },
      {
        progress: (loaded) => ({ type: 'upload.progress', loaded }),
        answer: (answer) => ({ type: 'upload.answer', answer }),
        lost: { type: 'upload.lost' },
      },
    ),
  };
}
