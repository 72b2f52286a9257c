import type { DataOf } from '../../contract/call';
import * as WorkOrder from '../../contract/work-order';
import { attachmentDisposition } from '../../domain/files/file-name.policy';
import { MESSAGE_MAX_FILES } from '../../domain/repair/work-order-message.policy';
import type { WorkOrderMessageRecord } from '../../ports/work-order-message-store.port';
import { multipartForm } from '../multipart-form';
import { mapData, refuse } from '../outcome';
import { defineRoute, RawAnswer, type ApiRoute, type MultipartRoutes } from '../route-kit';
import type { Caller } from '../services/session.service';
import { MESSAGE_FIELD_MAX_BYTES, type Participant, type WorkOrderMessageService } from '../services/work-order-message.service';

type MessageWire = DataOf<typeof WorkOrder.AddMessage>;

const messageWire = (m: WorkOrderMessageRecord): MessageWire => ({
  Id: m.id,
  EventNum: m.eventNum,
  Author: m.authorKind,
  AuthorName: m.authorName,
  Internal: m.internal,
  Content: m.content,
  CreateTime: m.createdAt.toISOString(),
  Files: m.files.map((f) => ({ Id: f.id, Name: f.name, MediaType: f.mediaType, Size: f.size, Thumbnail: f.thumbFileId !== null })),
});

const customer = (caller: Caller): Participant => ({ kind: 'customer', companyId: caller.companyId, userId: caller.userId });
const staff = (caller: Caller): Participant => ({ kind: 'staff', userId: caller.userId });

/** A file of a message, as the download answers it: the type its content told, never a page of ours. */
const fileAnswer = (opened: Awaited<ReturnType<WorkOrderMessageService['openFile']>>) =>
  opened.ok
    ? new RawAnswer(opened.data.mediaType, opened.data.file.stream, {
        'content-disposition': attachmentDisposition(opened.data.mediaType === 'image/webp' && opened.data.record.mediaType !== 'image/webp' ? `${opened.data.record.name}.webp` : opened.data.record.name),
        'content-length': String(opened.data.file.size),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      })
    : opened;

/** api/WorkOrder/GetMessages, GetMessageFile and the staff equivalents (JSON bodies). */
export function workOrderMessageRoutes(deps: { workOrderMessages: WorkOrderMessageService }): ApiRoute[] {
  const { workOrderMessages } = deps;
  return [
    defineRoute({
      call: WorkOrder.GetMessages,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await workOrderMessages.list(customer(caller!), body.EventNum), (rows) => ({ data: rows.map(messageWire) })),
    }),
    defineRoute({
      call: WorkOrder.GetMessageFile,
      access: 'customer', needs: 'read',
      rateLimit: { max: 600, timeWindow: 60_000 },
      handle: async ({ body, caller }) => fileAnswer(await workOrderMessages.openFile(customer(caller!), body.Id, body.Thumb === true)),
    }),
    defineRoute({
      call: WorkOrder.StaffGetMessages,
      access: 'staff',
      audit: 'read',
      handle: async ({ body, caller }) => mapData(await workOrderMessages.list(staff(caller!), body.EventNum), (rows) => ({ data: rows.map(messageWire) })),
    }),
    defineRoute({
      call: WorkOrder.StaffGetMessageFile,
      access: 'staff',
      audit: 'read',
      rateLimit: { max: 600, timeWindow: 60_000 },
      handle: async ({ body, caller }) => fileAnswer(await workOrderMessages.openFile(staff(caller!), body.Id, body.Thumb === true)),
    }),
  ];
}

/** `AddMessage` and `Staff/AddWorkOrderMessage`, in a Fastify context of their own with @fastify/multipart and the message's limits. */
export function workOrderMessageUploadRoutes(deps: { workOrderMessages: WorkOrderMessageService }): MultipartRoutes {
  const { workOrderMessages } = deps;
  return {
    multipart: {
      // The client's path parts reach the name check instead of being cut off silently.
      preservePath: true,
      limits: {
        fieldNameSize: 100,
        fieldSize: MESSAGE_FIELD_MAX_BYTES,
        fields: 6,
        files: MESSAGE_MAX_FILES + 1,
        parts: MESSAGE_MAX_FILES + 8,
        headerPairs: 50,
        // One byte over, so the file store (which counts as it writes) is the one that refuses.
        fileSize: workOrderMessages.fileMaxBytes + 1,
      },
    },
    routes: [
      defineRoute({
        call: WorkOrder.AddMessage,
        access: 'customer', needs: 'workOrders',
        rateLimit: { max: 30, timeWindow: 60_000 },
        handle: async ({ caller, request, reply }) =>
          request.isMultipart() ? mapData(await workOrderMessages.add(customer(caller!), multipartForm(request, reply)), messageWire) : refuse('notMultipart'),
      }),
      defineRoute({
        call: WorkOrder.StaffAddMessage,
        access: 'staff',
        // The row names the order and holds the message as stored (its text, files and whether it is a staff-only note).
        audit: {
          object: (_body, data) => (data ? `work-order:${data.EventNum}` : null),
          after: (_body, data) => data ?? null,
        },
        rateLimit: { max: 60, timeWindow: 60_000 },
        handle: async ({ caller, request, reply }) =>
          request.isMultipart() ? mapData(await workOrderMessages.add(staff(caller!), multipartForm(request, reply)), messageWire) : refuse('notMultipart'),
      }),
    ],
  };
}
