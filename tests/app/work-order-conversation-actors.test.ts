// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { conversationActors } from '../../src/app/work-order-conversation.actors';
import { workOrderConversationMachine } from '../../src/domain/repair/work-order-conversation.machine';
import type { PortalDownloadPort, PortalHttpPort, PortalUploadPort } from '../../src/ports/portal-http.port';

// The conversation's I/O (ADR 0032): which calls each side makes, the form the server reads
// (EventNum before the files; Internal only from staff), a thumbnail fetched for an image only,
// and the form's progress scaled to the draft's bytes.

const wire = (id: number, files: unknown[] = []) => ({ Id: id, EventNum: 'EV1', Author: 'customer', AuthorName: 'Alice', Internal: false, Content: `m${id}`, CreateTime: '2026-11-21T08:00:00.000Z', Files: files });
const image = { Id: 7, Name: 'nozzle.jpg', MediaType: 'image/jpeg', Size: 10, Thumbnail: true };
const pdf = { Id: 8, Name: 'log.pdf', MediaType: 'application/pdf', Size: 20, Thumbnail: false };

function ports() {
  const http = { call: vi.fn(async () => ({ code: 200, info: 'success', ReturnData: { data: [wire(1, [image, pdf])] } })) } as unknown as PortalHttpPort & { call: ReturnType<typeof vi.fn> };
  const downloads = { download: vi.fn(async () => ({ kind: 'file', blob: new Blob(['webp']), fileName: null, contentType: 'image/webp' })) } as unknown as PortalDownloadPort & { download: ReturnType<typeof vi.fn> };
  const forms: FormData[] = [];
  const uploads = {
    upload: vi.fn(async (_path: string, form: FormData, _signal: AbortSignal, options: { onProgress: (loaded: number, total: number) => void }) => {
      forms.push(form);
      options.onProgress(50, 200);
      return { code: 200, info: 'success', ReturnData: wire(2) };
    }),
  } as unknown as PortalUploadPort & { upload: ReturnType<typeof vi.fn> };
  return { http, downloads, uploads, forms };
}

describe('the conversation actors', () => {
  for (const side of ['customer', 'staff'] as const) {
    it(`load the ${side}'s list with an image's thumbnail and send the ${side}'s form`, async () => {
      URL.createObjectURL = vi.fn(() => 'blob:thumb');
      const revoke = (URL.revokeObjectURL = vi.fn());
      const p = ports();
      const machine = workOrderConversationMachine.provide({ actors: conversationActors(p, side) });
      const actor = createActor(machine, { input: { eventNum: 'EV1', audience: side } }).start();
      await waitFor(actor, (s) => s.matches('ready'));
      expect(p.http.call.mock.calls[0]![0].path).toBe(side === 'staff' ? 'Staff/GetWorkOrderMessages' : 'WorkOrder/GetMessages');
      expect(p.downloads.download).toHaveBeenCalledTimes(1);
      expect(p.downloads.download.mock.calls[0]!.slice(0, 2)).toEqual([side === 'staff' ? 'Staff/GetWorkOrderMessageFile' : 'WorkOrder/GetMessageFile', { Id: 7, Thumb: true }]);
      expect(actor.getSnapshot().context.messages[0]!.files.map((f) => f.thumbnailUrl)).toEqual(['blob:thumb', null]);

      const photo = new File([new Uint8Array(100)], 'lens.jpg', { type: 'image/jpeg' });
      actor.send({ type: 'draft.change', content: 'Lens' });
      actor.send({ type: 'files.add', files: [photo] });
      if (side === 'staff') actor.send({ type: 'internal.toggle' });
      actor.send({ type: 'message.send' });
      await waitFor(actor, (s) => s.context.messages.length === 2);
      expect(p.uploads.upload.mock.calls[0]![0]).toBe(side === 'staff' ? 'Staff/AddWorkOrderMessage' : 'WorkOrder/AddMessage');
      const form = p.forms[0]!;
      expect([...form.keys()]).toEqual(side === 'staff' ? ['EventNum', 'Content', 'Internal', 'files'] : ['EventNum', 'Content', 'files']);
      if (side === 'staff') expect(form.get('Internal')).toBe('true');
      expect((form.get('files') as File).name).toBe('lens.jpg');
      expect(revoke).not.toHaveBeenCalled();
      // Closing the conversation lets its thumbnails go.
      actor.stop();
      expect(revoke).toHaveBeenCalledWith('blob:thumb');
    });
  }
});
