import type { DataOf } from '../../contract/call';
import * as Doc from '../../contract/industrial-document';
import { attachmentDisposition } from '../../domain/files/file-name.policy';
import type { DocumentRecord } from '../../ports/industrial-document-store.port';
import type { JobRun } from '../../ports/machine-event-store.port';
import { defineRoute, FILE_PARAMS, pageOf, RawAnswer, type ApiRoute, type FileParams, type GetRoute, type MultipartRoutes } from '../route-kit';
import type { CamReportInput, DocumentService } from '../services/document.service';
import { multipartForm } from '../multipart-form';
import { done, mapData, refuse } from '../outcome';

const documentOf = (d: DocumentRecord): DataOf<typeof Doc.WebGetList>[number] => ({
  Id: d.id,
  FileName: d.fileName,
  CreateTime: d.createdAt.toISOString(),
  OrderNumber: d.orderNumber,
  FilePath: `${d.orderNumber}/${d.fileName}`,
  ProjectId: d.projectId ?? '',
  Size: d.size,
  UploadedByName: d.uploadedByName,
});

const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
const whole = (v: unknown) => Math.max(0, Math.round(n(v)));
const s = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

const tubeRunOf = ({ orderNumber, run }: { orderNumber: string; run: JobRun }): DataOf<typeof Doc.GetTubeMachineReport>[number] => {
  const r = run.row;
  return {
    OrderNumber: orderNumber,
    ProcessType: n(r.ProcessType) === 0 ? 0 : 1,
    Thickness: n(r.Thickness),
    PartCount: whole(r.PartCount),
    PierceCount: whole(r.PierceCount),
    PierceDuration: n(r.PierceDuration),
    IdleLength: n(r.IdleLength),
    SlicingLength: n(r.SlicingLength),
    SlicingDuration: n(r.SlicingDuration),
    TotalDuration: n(r.TotalDuration),
    StartTime: run.startTime.toISOString(),
    EndTime: run.endTime.toISOString(),
    UseTubeCount: whole(r.UseTubeCount),
    IsComplete: n(r.IsComplete) === 0 ? 0 : 1,
    FileUrl: s(r.FileUrl),
  };
};

const plateRunOf = ({ orderNumber, machineName, run }: { orderNumber: string; machineName: string; run: JobRun }): DataOf<typeof Doc.GetPlateMachineReport>[number] => ({
  OrderNumber: orderNumber,
  MachineName: machineName,
  PunchingNum: whole(run.row.PunchingNum),
  EmptyLength: n(run.row.EmptyLength),
  CuttingLength: n(run.row.CuttingLength),
  ProcessingTime: n(run.row.ProcessingTime),
  StartTime: run.startTime.toISOString(),
  EndTime: run.endTime.toISOString(),
  CreateTime: run.receivedAt.toISOString(),
  FileUrl: s(run.row.FileUrl),
});

/** A served file can never act as a page of ours (as the knowledge files, ADR 0007). */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml' };

/** api/IndustrialDocument/* JSON calls (issue 18). */
export function industrialDocumentRoutes(deps: { documents: DocumentService }): ApiRoute[] {
  const { documents } = deps;
  const camSection = <T>(pick: (r: NonNullable<Awaited<ReturnType<DocumentService['camReport']>>>) => T[] | undefined) =>
    async ({ body, caller }: { body: { ProjectId: string }; caller: unknown }) => {
      const report = await documents.camReport(caller as never, body.ProjectId);
      return done((report ? pick(report) : undefined) ?? []) as never;
    };
  return [
    defineRoute({
      call: Doc.WebGetList,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => {
        const paged = body.TopNums !== undefined || body.PrevPageNums !== undefined;
        const { offset, limit } = paged ? pageOf(body) : { offset: 0, limit: 10_000 };
        return mapData(await documents.list(caller!, { orderNumber: body.OrderNumber, fileName: body.FileName, offset, limit }), (rows) => rows.map(documentOf));
      },
    }),
    defineRoute({
      call: Doc.Delete,
      access: 'customer', needs: 'documents',
      rateLimit: { max: 120, timeWindow: 60_000 },
      handle: ({ body, caller }) => documents.delete(caller!, body.Id),
    }),
    defineRoute({
      call: Doc.Download,
      access: 'customer', needs: 'read',
      rateLimit: { max: 120, timeWindow: 60_000 },
      async handle({ body, caller }) {
        const opened = await documents.open(caller!, body.Id);
        if (!opened.ok) return opened;
        const { record, file } = opened.data;
        return new RawAnswer('application/octet-stream', file.stream, {
          'content-disposition': attachmentDisposition(record.fileName),
          'content-length': String(file.size),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        });
      },
    }),
    defineRoute({
      call: Doc.GetTubeMachineReport,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await documents.tubeWorkReport(caller!, body.Id), (runs) => runs.map(tubeRunOf)),
    }),
    defineRoute({
      call: Doc.GetPlateMachineReport,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await documents.plateWorkReport(caller!, body.Id), (runs) => runs.map(plateRunOf)),
    }),
    defineRoute({ call: Doc.GetReportTube, access: 'customer', needs: 'read', handle: camSection((r) => (r.tube ? [r.tube.report] : [])) }),
    defineRoute({ call: Doc.GetCamNests, access: 'customer', needs: 'read', handle: camSection((r) => r.tube?.nests) }),
    defineRoute({ call: Doc.GetCamParts, access: 'customer', needs: 'read', handle: camSection((r) => r.tube?.parts) }),
    defineRoute({ call: Doc.GetCamTubes, access: 'customer', needs: 'read', handle: camSection((r) => r.tube?.tubes) }),
    defineRoute({ call: Doc.GetPlateReports, access: 'customer', needs: 'read', handle: camSection((r) => r.plate?.reports) }),
    defineRoute({ call: Doc.GetPlateParts, access: 'customer', needs: 'read', handle: camSection((r) => r.plate?.parts) }),
    defineRoute({
      call: Doc.PostCamReport,
      access: 'customer', needs: 'documents',
      rateLimit: { max: 60, timeWindow: 60_000 },
      bodyLimit: 16 * 1024 * 1024,
      handle: ({ body, caller }) => documents.postCamReport(caller!, body as unknown as CamReportInput),
    }),
  ];
}

/** `GET /api/IndustrialDocument/Image/<id>/<name>`: a part or nest drawing of a CAM report, by its capability link. */
export function camImageRoute(documents: DocumentService): GetRoute<FileParams> {
  return {
    method: 'GET',
    url: '/api/IndustrialDocument/Image/:id/:filename',
    access: 'public',
    summary: 'A part or nest drawing of a CAM report (the path GetCamParts, GetPlateReports and GetPlateParts answer; 128 random bits in the link)',
    tags: ['IndustrialDocument'],
    params: FILE_PARAMS,
    noHead: true,
    rateLimit: { max: 1200, timeWindow: 60_000 },
    async handle(request, reply) {
      const file = await documents.openImage(request.params.id);
      if (!file) return reply.code(404).send({ code: 404, info: 'The image does not exist', ReturnData: null });
      const extension = request.params.filename.split('.').pop()?.toLowerCase() ?? '';
      reply
        .header('content-security-policy', FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-length', String(file.size))
        .header('content-type', IMAGE_TYPES[extension] ?? 'application/octet-stream')
        .header('content-disposition', IMAGE_TYPES[extension] ? 'inline' : 'attachment');
      return reply.code(200).send(file.stream);
    },
  };
}

/** `UploadListDocument`, in a Fastify context of its own with @fastify/multipart and the document limits. */
export function documentUploadRoutes(documents: DocumentService): MultipartRoutes {
  const { limits } = documents;
  return {
    multipart: {
      preservePath: true,
      limits: {
        fieldNameSize: 100,
        fieldSize: 1000,
        fields: 10,
        files: limits.maxFiles + 1,
        parts: limits.maxFiles + 12,
        headerPairs: 50,
        // One byte over, so the file store (which counts as it writes) is the one that refuses.
        fileSize: limits.fileMaxBytes + 1,
      },
    },
    routes: [
      defineRoute({
        call: Doc.UploadListDocument,
        access: 'customer', needs: 'documents',
        rateLimit: { max: 30, timeWindow: 60_000 },
        handle: async ({ caller, request, reply }) =>
          request.isMultipart() ? mapData(await documents.upload(caller!, multipartForm(request, reply)), (rows) => rows.map(documentOf)) : refuse('notMultipart'),
      }),
    ],
  };
}
