import type { DataOf } from '../../contract/call';
import * as Feedback from '../../contract/cam-feedback';
import { attachmentDisposition } from '../../domain/files/file-name.policy';
import { FEEDBACK_FILE_MAX_BYTES, toChinaWire, type FileSlot } from '../../domain/feedback/feedback-rules';
import type { QuestionRecord } from '../../ports/user-centre-store.port';
import { defineRoute, pageOf, RawAnswer, type ApiRoute, type MultipartRoutes } from '../route-kit';
import { mapData, refuse } from '../outcome';
import type { SupportService } from '../services/support.service';
import type { Caller } from '../services/session.service';
import { readingForm } from './knowledge-files.routes';
import { uploadName } from '../upload-name';

/** A question on the wire: times in the spec's +08:00 form, files by id. */
export const questionOf = (q: QuestionRecord): DataOf<typeof Feedback.GetProblemFeedbacks>[number] => ({
  Id: q.id,
  Title: q.title,
  Product: q.product,
  Version: q.version,
  ProcessingStatus: q.processingStatus,
  IsComplaint: q.isComplaint,
  UserName: q.userName,
  Phone: q.phone,
  CreateTime: toChinaWire(q.createdAt),
  ExProcessingTime: toChinaWire(q.expectedAt),
  ProcessingTime: q.answeredAt ? toChinaWire(q.answeredAt) : '',
  HtmlContent: q.htmlContent,
  BntFile: q.mainFileId ?? '',
  BntFileName: q.mainFileName,
  OtherFile: q.otherFileId ?? '',
  OtherFileName: q.otherFileName,
  Answer: q.answer,
});

/** api/Cam/* of support questions: the customer's list, urgent action, feedback save and file download; the staff's list, answer and close. */
export function supportRoutes(deps: { support: SupportService }): ApiRoute[] {
  const { support } = deps;
  return [
    defineRoute({
      call: Feedback.GetProblemFeedbacks,
      access: 'customer', needs: 'self',
      handle: async ({ body, caller }) =>
        mapData(await support.mine(caller!, { id: body.Id, title: body.Title, isComplaint: body.IsComplaint, processingStatus: body.ProcessingStatus }), (rows) =>
          rows.map(questionOf),
        ),
    }),
    defineRoute({
      call: Feedback.UpdateComplaint,
      access: 'customer', needs: 'self',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: ({ body, caller }) => support.urge(caller!, body.Id),
    }),
    defineRoute({
      call: Feedback.ProblemFeedbackSave,
      access: 'public',
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      bodyLimit: 4 * 1024 * 1024,
      handle: async ({ body, caller }) =>
        mapData(
          await support.save(caller, {
            product: body.Product,
            version: body.Version,
            title: body.Title,
            html: body.HtmlContent,
            userName: body.UserName,
            phone: body.Phone,
            expected: body.ExProcessingTime,
            mainFile: body.BntFile,
            otherFile: body.OtherFile,
          }),
          (q) => ({ Id: q.id }),
        ),
    }),
    defineRoute({
      call: Feedback.DownloadFeedbackFile,
      access: 'customer', needs: 'self',
      rateLimit: { max: 60, timeWindow: 60_000 },
      async handle({ body, caller }) {
        const outcome = await support.download(caller!, body.Id, body.Slot);
        if (!outcome.ok) return outcome;
        const chunks: Buffer[] = [];
        for await (const chunk of outcome.data.stream) chunks.push(chunk as Buffer);
        return new RawAnswer('application/octet-stream', Buffer.concat(chunks), {
          'content-disposition': attachmentDisposition(outcome.data.fileName),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        });
      },
    }),
    defineRoute({
      call: Feedback.GetAllProblemFeedbacks,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) =>
        mapData(await support.all({ title: body.Title, isComplaint: body.IsComplaint, processingStatus: body.ProcessingStatus }, pageOf(body)), (rows) => rows.map(questionOf)),
    }),
    defineRoute({
      call: Feedback.AnswerProblemFeedback,
      access: 'staff',
      audit: { object: (body) => `question:${body.Id}`, before: (body) => support.state(body.Id), after: (body) => support.state(body.Id) },
      handle: async ({ body, caller }) => mapData(await support.answer(caller!, body.Id, body.Answer, body.Close === true), () => null),
    }),
    defineRoute({
      call: Feedback.CloseProblemFeedback,
      access: 'staff',
      audit: { object: (body) => `question:${body.Id}`, before: (body) => support.state(body.Id), after: (body) => support.state(body.Id) },
      handle: ({ body }) => support.close(body.Id),
    }),
  ];
}

/** The two feedback uploads (public: the CAM form needs no login), multipart, in a context of their own. */
export function feedbackUploadRoutes(deps: { support: SupportService }): MultipartRoutes {
  const { support } = deps;
  const upload = (slot: FileSlot) => (ctx: { request: Parameters<typeof readingForm>[0]; caller: Caller | null }) =>
    readingForm(ctx.request, async () => {
      const part = await ctx.request.file();
      if (!part) return refuse('fileRequired');
      const outcome = await support.upload(ctx.caller, slot, part.file, uploadName(part));
      if (part.file.truncated) return refuse('tooLarge');
      return mapData(outcome, (f) => ({ FileUrl: f.fileId, FileName: f.fileName }));
    });
  return {
    multipart: {
      // The client's path parts reach the name check instead of being cut off silently.
      preservePath: true,
      limits: { fieldNameSize: 100, fieldSize: 100, fields: 2, files: 1, parts: 3, headerPairs: 50, fileSize: FEEDBACK_FILE_MAX_BYTES + 1 },
    },
    routes: [
      defineRoute({ call: Feedback.UploadBntFile, access: 'public', rateLimit: { max: 30, timeWindow: 10 * 60_000 }, handle: upload('main') }),
      defineRoute({ call: Feedback.UploadIgsAndStpFile, access: 'public', rateLimit: { max: 30, timeWindow: 10 * 60_000 }, handle: upload('other') }),
    ],
  };
}
