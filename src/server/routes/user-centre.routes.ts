import type { DataOf } from '../../contract/call';
import * as QualityAssurance from '../../contract/quality-assurance';
import * as UserCentre from '../../contract/user-centre';
import type { UserRecord } from '../../ports/accounts-store.port';
import type { PointsEntry } from '../../ports/points-ledger.port';
import type { PointsService } from '../services/points.service';
import type { UserRepository } from '../../ports/accounts-store.port';
import { defineRoute, FILE_PARAMS, langOf, pageOf, type ApiRoute, type FileParams, type GetRoute, type MultipartRoutes } from '../route-kit';
import { mapData, refuse } from '../outcome';
import { AVATAR_MAX_BYTES } from '../../domain/accounts/profile-rules';
import type { UserCentreService, WarrantyRow } from '../services/user-centre.service';
import { readingForm } from './knowledge-files.routes';
import { profileOf } from './login.routes';
import { uploadName } from '../upload-name';

/** The user centre's profile on the wire: the login profile with the area cascade and the address. */
export const centreProfileOf = (user: UserRecord): DataOf<typeof UserCentre.GetUsers>[number] => ({
  ...profileOf(user),
  FullPathId: user.fullPathId,
  FullPathName: user.fullPathName,
  Address: user.address,
});

const iso = (at: Date | null) => (at ? at.toISOString() : '');

const warrantyRowOf = (r: WarrantyRow): DataOf<typeof QualityAssurance.GetList>[number] => ({
  OrderNumber: r.orderNumber,
  DeliveryTime: iso(r.deliveryTime),
  MarketingDept: r.marketingDept,
  BelongDept: r.belongDept,
  LaserBrand: r.laserBrand,
  ExtdWarrantyTime: iso(r.extendedUntil),
  GuaranteeTime: iso(r.guaranteeUntil),
  IsGuarantee: r.underWarranty ? 1 : 0,
  ExtdWarrantyType: r.extendedType,
});

const pointsEntryOf = (e: PointsEntry): DataOf<typeof UserCentre.ChangePoints> => ({
  Id: e.id,
  Delta: e.delta,
  BalanceAfter: e.balanceAfter,
  Reason: e.reason,
  Source: e.source,
  CreateTime: e.createdAt.toISOString(),
  ActorName: e.actorName,
});

/** api/User/GetUsers, Save, ChangeEmail, GetPointsHistory, ChangePoints (staff) and api/QualityAssurance/GetList: the user centre. */
export function userCentreRoutes(deps: { userCentre: UserCentreService; points: PointsService; users: UserRepository }): ApiRoute[] {
  const { userCentre, points, users } = deps;
  // The audit row's before and after: the customer's balance.
  const balanceOf = async (userId: string) => {
    if (!(await users.findById(userId))) return null;
    const outcome = await points.mallPoints(userId);
    return outcome.ok ? { Points: outcome.data.points } : null;
  };
  return [
    defineRoute({
      call: UserCentre.GetPointsHistory,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await points.entries(caller!.companyId, pageOf(body)), (rows) => rows.map(pointsEntryOf)),
    }),
    defineRoute({
      call: UserCentre.ChangePoints,
      access: 'staff',
      rateLimit: { max: 60, timeWindow: 60_000 },
      audit: { object: (body) => `points:${body.TargetUserId}`, before: (body) => balanceOf(body.TargetUserId), after: (body) => balanceOf(body.TargetUserId) },
      async handle({ body, caller }) {
        if (!(await users.findById(body.TargetUserId))) return refuse('unknownUser');
        const outcome = await points.change({
          userId: body.TargetUserId,
          delta: body.Delta,
          reason: body.Reason,
          source: body.Source ?? 'staff',
          actorId: caller!.userId,
          idempotencyKey: body.IdempotencyKey || null,
        });
        return mapData(outcome, pointsEntryOf);
      },
    }),
    defineRoute({
      call: UserCentre.GetUsers,
      access: 'customer', needs: 'self',
      // With a lang, the region's names are the catalogue's in that language (the page's); without one, as saved.
      handle: async ({ body, caller }) =>
        mapData(await userCentre.profile(caller!, body.account, body.lang === undefined ? undefined : langOf(body.lang)), (users) => users.map(centreProfileOf)),
    }),
    defineRoute({
      call: UserCentre.Save,
      access: 'customer', needs: 'self',
      rateLimit: { max: 30, timeWindow: 10 * 60_000 },
      handle: async ({ body, caller, request }) =>
        mapData(
          await userCentre.save(caller!, {
            realName: body.RealName,
            mobile: body.Mobile,
            fullPathId: body.FullPathId,
            fullPathName: body.FullPathName,
            address: body.Address,
            oldPassword: body.OldPassword,
            password: body.Password,
            confirmation: body.ConfirmPassword,
          }, request.ip),
          centreProfileOf,
        ),
    }),
    defineRoute({
      call: UserCentre.ChangeEmail,
      access: 'customer', needs: 'self',
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      handle: async ({ body, caller }) => mapData(await userCentre.changeEmail(caller!, body.Email, body.EmailCode), centreProfileOf),
    }),
    defineRoute({
      call: QualityAssurance.GetList,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await userCentre.warrantyRows(caller!, body.OrderNumber ?? ''), (rows) => rows.map(warrantyRowOf)),
    }),
  ];
}

/** `POST /api/User/UploadAvatar`, multipart, in a context of its own. */
export function avatarUploadRoutes(deps: { userCentre: UserCentreService }): MultipartRoutes {
  const { userCentre } = deps;
  return {
    multipart: {
      // The client's path parts reach the name check instead of being cut off silently.
      preservePath: true,
      limits: { fieldNameSize: 100, fieldSize: 100, fields: 2, files: 1, parts: 3, headerPairs: 50, fileSize: AVATAR_MAX_BYTES + 1 },
    },
    routes: [
      defineRoute({
        call: UserCentre.UploadAvatar,
        access: 'customer', needs: 'self',
        rateLimit: { max: 20, timeWindow: 10 * 60_000 },
        handle: ({ request, caller }) =>
          readingForm(request, async () => {
            const part = await request.file();
            if (!part) return refuse('fileRequired');
            const outcome = await userCentre.uploadAvatar(caller!, part.file, uploadName(part));
            if (part.file.truncated) return refuse('tooLarge');
            return mapData(outcome, (Url) => ({ Url }));
          }),
      }),
    ],
  };
}

const AVATAR_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** `GET /api/User/Avatar/<id>/<name>`: an avatar, shown inline, never as a page. */
export function avatarFileRoute(deps: { userCentre: UserCentreService }): GetRoute<FileParams> {
  return {
    method: 'GET',
    url: '/api/User/Avatar/:id/:filename',
    access: 'public',
    summary: 'An avatar image',
    tags: ['User'],
    params: FILE_PARAMS,
    noHead: true,
    rateLimit: { max: 600, timeWindow: 60_000 },
    async handle(request, reply) {
      const type = AVATAR_TYPES[request.params.filename.split('.').pop()?.toLowerCase() ?? ''];
      const found = type ? await deps.userCentre.openAvatar(request.params.id) : null;
      if (!found) return reply.code(404).send({ code: 404, info: 'The file does not exist', ReturnData: null });
      return reply
        .code(200)
        .header('content-type', type!)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('content-length', String(found.size))
        .send(found.stream);
    },
  };
}
