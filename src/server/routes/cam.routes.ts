import * as Cam from '../../contract/cam';
import type { DataOf } from '../../contract/call';
import { attachmentDisposition, parseByteRange } from '../../domain/files/file-name.policy';
import type { CamCustomerRecord, CamRelease } from '../../ports/cam-store.port';
import { defineRoute, langOf, pageOf, FILE_PARAMS, type ApiRoute, type FileParams, type GetRoute } from '../route-kit';
import { fileUrlOf, type CamService, type Lang, type ReleaseDownloads } from '../services/cam.service';
import { mapData, withValues } from '../outcome';
import { sendRanged } from '../ranged-answer';

/**
 * A success whose info is in the language asked (the lead forms). A contract's success text is one
 * string while a refusal's may take the outcome's values; until route-kit lets a success do the
 * same, the envelope route-kit's mapping wrote gets the text of the caller's language here.
 */

type ReleaseWire = DataOf<typeof Cam.PublishRelease>;

/** A release as the wire lists it (spec 1 section 3), the notes in the language asked, and both languages. */
export const releaseView = (r: CamRelease, lang: Lang): ReleaseWire => ({
  id: r.id,
  filename: r.filename,
  type: r.type,
  versionnumber: r.versionNumber,
  createtime: r.createTime.toISOString(),
  remark: lang === 'en' ? r.remarkEn || r.remark : r.remark || r.remarkEn,
  remarkzh: r.remark,
  remarken: r.remarkEn,
  size: r.size,
  sha256: r.sha256,
  fileurl: fileUrlOf(r),
});

const downloadsView = (r: ReleaseDownloads): DataOf<typeof Cam.GetDownloads>[number] => ({
  id: r.release.id,
  type: r.release.type,
  productname: r.productName,
  versionnumber: r.release.versionNumber,
  filename: r.release.filename,
  createtime: r.release.createTime.toISOString(),
  total: r.total,
  users: r.users,
  visitors: r.visitors,
  direct: r.direct,
  lastdownload: r.last?.toISOString() ?? null,
});

const customerView = (r: CamCustomerRecord): DataOf<typeof Cam.GetCamCustomers>[number] => ({
  Id: r.id,
  UserName: r.userName,
  Phone: r.phone,
  Email: r.email,
  CompanyName: r.companyName,
  Address: r.address,
  CreateTime: r.createdAt.toISOString(),
});

const productTypeOf = (value: string) => Number(value);

/**
 * api/Cam/*: releases, download records, the CAM customer form and staff lists. Staff publishing
 * (`PublishRelease`, multipart) is in cam-publish.routes; the file link is camFileRoute below.
 */
export function camRoutes(deps: { cam: CamService }): ApiRoute[] {
  const { cam } = deps;
  return [
    defineRoute({
      call: Cam.GetCamAssistant,
      access: 'public',
      handle: async ({ body }) => {
        const lang = langOf(body.lang);
        return mapData(await cam.releases(productTypeOf(body.ProductType), lang), (list) => list.map((r) => releaseView(r, lang)));
      },
    }),
    defineRoute({
      call: Cam.InsertDownload,
      access: 'customer', needs: 'self',
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: ({ body, caller, request }) => cam.recordDownload(body.CamEdition, { userId: caller!.userId, ip: request.ip, via: 'user' }),
    }),
    defineRoute({
      call: Cam.AllowInsertDownload,
      access: 'public',
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: ({ body, request }) => cam.recordDownload(body.CamEdition, { userId: null, ip: request.ip, via: 'visitor' }),
    }),
    defineRoute({
      call: Cam.SaveCamCustomer,
      access: 'public',
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      handle: async ({ body, request }) => {
        const lang: Lang = body.lang === 'zh' ? 'zh' : 'en';
        const customer = {
          userName: body.UserName ?? '',
          phone: body.Phone ?? '',
          email: body.Email ?? '',
          companyName: body.CompanyName ?? '',
          address: body.Address ?? '',
        };
        // The success text is in the caller's language.
        return withValues(await cam.saveCustomer(customer, lang, request.ip), { lang });
      },
    }),
    defineRoute({
      call: Cam.GetDownloads,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) =>
        mapData(await cam.downloadCounts(body.ProductType === undefined ? null : productTypeOf(body.ProductType)), (rows) => rows.map(downloadsView)),
    }),
    defineRoute({
      call: Cam.GetCamCustomers,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) => {
        const page = pageOf(body);
        return mapData(await cam.customers(page.offset, page.limit), (rows) => rows.map(customerView));
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
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-cache');
      if (found.range !== 'unsatisfiable') reply.header('content-type', 'application/octet-stream').header('content-disposition', attachmentDisposition(found.release.filename));
      return sendRanged(reply, found.release.size, found.range, found.file);
    },
  };
}
