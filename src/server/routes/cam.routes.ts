import { attachmentDisposition, parseByteRange } from '../../domain/files/file-name.policy';
import { PAGING, defineRoute, pageOf, type ApiRoute, type FileParams, type GetRoute, FILE_PARAMS } from '../route-kit';
import { type CamCustomerBody, type CamService, CAM_CUSTOMER_LIMITS, type Lang } from '../services/cam.service';

/** `lang` as clients send it (zh, zh_cn, en, en-US...): English when it starts with "en", else Chinese. */
export const langOf = (value: unknown): Lang => (typeof value === 'string' && /^en/i.test(value.trim()) ? 'en' : 'zh');

const LANG = { type: 'string', maxLength: 10, description: 'zh (default) or en: the language of remark and ReturnMsg' };
export const PRODUCT_TYPE = { type: 'string', pattern: '^\\s*\\d{1,4}\\s*$', description: 'CAM product type: 0 Nest Tube V1.0, 1 Nest V2.0, 2 Nest Tube V1.5, 3 Nest V1.5, 4 Nest V1.0' };
const CAM_EDITION = { type: 'object', required: ['CamEdition'], properties: { CamEdition: { type: 'string', maxLength: 64, description: 'The release id' } } };

/**
 * api/Cam/*: releases, download records, the CAM customer form and staff lists. Staff publishing
 * (`PublishRelease`, multipart) is in cam-publish.routes; the file link is camFileRoute below.
 */
export function camRoutes(deps: { cam: CamService }): ApiRoute[] {
  const { cam } = deps;
  return [
    defineRoute<{ ProductType: string; lang?: string }>({
      controller: 'Cam',
      action: 'GetCamAssistant',
      access: 'public',
      summary: 'Releases of a CAM product, newest first; the no-data marker and ReturnMsg when there is none',
      body: { type: 'object', required: ['ProductType'], properties: { ProductType: PRODUCT_TYPE, lang: LANG } },
      handle: ({ body }) => cam.releases(Number(body.ProductType), langOf(body.lang)),
    }),
    defineRoute<{ CamEdition: string }>({
      controller: 'Cam',
      action: 'InsertDownload',
      access: 'customer',
      summary: "Record a logged-in user's download of a release (CamEdition = release id); ReturnData is the file's path",
      body: CAM_EDITION,
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: ({ body, caller, request }) => cam.recordDownload(body.CamEdition.trim(), { userId: caller!.userId, ip: request.ip, via: 'user' }),
    }),
    defineRoute<{ CamEdition: string }>({
      controller: 'Cam',
      action: 'AllowInsertDownload',
      access: 'public',
      summary: "Record a visitor's download of a release (CamEdition = release id); ReturnData is the file's path",
      body: CAM_EDITION,
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: ({ body, request }) => cam.recordDownload(body.CamEdition.trim(), { userId: null, ip: request.ip, via: 'visitor' }),
    }),
    defineRoute<CamCustomerBody>({
      controller: 'Cam',
      action: 'SaveCamCustomer',
      access: 'public',
      summary: 'The CAM customer information form: UserName, Phone, Email, CompanyName, Address, all required',
      body: {
        type: 'object',
        properties: {
          ...Object.fromEntries(Object.keys(CAM_CUSTOMER_LIMITS).map((k) => [k, { type: 'string', maxLength: 1000 }])),
          lang: { ...LANG, description: 'en (default) or zh: the language of the messages' },
        },
      },
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      handle: ({ body, request }) => cam.saveCustomer(body, request.ip),
    }),
    defineRoute<{ ProductType?: string }>({
      controller: 'Cam',
      action: 'GetDownloads',
      access: 'staff',
      summary: 'Staff: recorded downloads per release (total, users, visitors, direct link), optionally of one product',
      body: { type: 'object', properties: { ProductType: PRODUCT_TYPE } },
      handle: ({ body }) => cam.downloadCounts(body.ProductType === undefined ? null : Number(body.ProductType)),
    }),
    defineRoute<{ PrevPageNums?: number; TopNums?: number }>({
      controller: 'Cam',
      action: 'GetCamCustomers',
      access: 'staff',
      summary: 'Staff: the CAM customer information forms, newest first, paged; ReturnCount is the total',
      body: PAGING,
      handle: ({ body }) => {
        const page = pageOf(body);
        return cam.customers(page.offset, page.limit);
      },
    }),
  ];
}

const NOT_FOUND = { code: 404, info: 'The file does not exist', ReturnData: null };

/**
 * GET /api/Cam/File/:id/:filename: a release's file as an attachment, from the file store.
 * Single byte ranges are served (206) so an interrupted download can resume. The link alone
 * records a download unless one was recorded from the same address just before (CamService.openFile).
 */
export function camFileRoute(cam: CamService): GetRoute<FileParams> {
  return {
    method: 'GET',
    url: '/api/Cam/File/:id/:filename',
    access: 'public',
    summary: 'Download the file of a CAM release (the fileurl of GetCamAssistant)',
    tags: ['Cam'],
    params: FILE_PARAMS,
    // No HEAD twin: a HEAD would have to open the file and could not carry the 404 envelope.
    noHead: true,
    rateLimit: { max: 60, timeWindow: 60_000 },
    async handle(request, reply) {
      const found = await cam.openFile(request.params.id, request.params.filename, request.ip, (size) =>
        parseByteRange(request.headers.range, size),
      );
      if (!found) return reply.code(404).send(NOT_FOUND);
      reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', 'no-cache');
      if (found.range === 'unsatisfiable' || !found.file) {
        return reply
          .code(416)
          .header('content-range', `bytes */${found.release.size}`)
          .send({ code: 416, info: 'The requested range is outside the file', ReturnData: null });
      }
      reply.header('content-type', 'application/octet-stream').header('content-disposition', attachmentDisposition(found.release.filename));
      if (found.range) {
        const { start, end } = found.range;
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${found.file.size}`)
          .header('content-length', String(end - start + 1))
          .send(found.file.stream);
      }
      return reply.code(200).header('content-length', String(found.file.size)).send(found.file.stream);
    },
  };
}
