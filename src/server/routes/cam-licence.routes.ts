import * as Cam from '../../contract/cam';
import type { DataOf } from '../../contract/call';
import { EXCHANGE_OFFERS, exchangeTableVisible, isOfferId } from '../../domain/cam/licence-exchange';
import type { CamLicence } from '../../ports/licence-server.port';
import { defineRoute, type ApiRoute } from '../route-kit';
import type { CamLicenceService, CamLicences } from '../services/cam-licence.service';
import type { Clock } from '../../ports/clock.port';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** A licence on the wire (spec 2 section 3): epoch seconds. */
export const licenceView = (l: CamLicence): DataOf<typeof Cam.USERWEBgetuserdogPageList>[number] => ({
  licenseId: l.licenceNo,
  offerId: l.offerId,
  product: isOfferId(l.offerId) ? EXCHANGE_OFFERS[l.offerId].product : '',
  startTime: seconds(l.startTime),
  endTime: seconds(l.endTime),
  expiredTime: seconds(l.expiredTime),
  firstUseTime: l.firstUseTime ? seconds(l.firstUseTime) : null,
  creationtime: seconds(l.creationTime),
  version: l.version,
  useremail: l.userEmail,
  IsOldUser: bit(l.isOldUser),
});

const accessView = (r: CamLicences, now: Date) => ({
  IsOldUser: bit(r.access.oldUser),
  IsInternal: bit(r.access.internal),
  Confirmed: bit(r.access.confirmed),
  HasEmail: bit(r.access.hasEmail),
  ShowExchange: bit(exchangeTableVisible(r.access)),
  Points: r.points,
  Cost: r.cost,
  Now: seconds(now),
});

/** api/Cam/*: the CAM page's licences, the account confirmation and the points exchange. */
export function camLicenceRoutes(deps: { camLicences: CamLicenceService; clock: Clock }, brandName = 'Product'): ApiRoute[] {
  const { camLicences, clock } = deps;
  const confirm = (call: typeof Cam.IsProductUser) =>
    defineRoute({
      call,
      access: 'customer', needs: 'points',
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      handle: ({ body, caller }) => camLicences.confirm(caller!.companyId, { realName: body.RealName, account: body.Account }),
    });
  // The spec's Is{product}User: also at the configured brand's path (DECISIONS 3), for clients that call it by name.
  const brandPath = `Cam/Is${brandName.replace(/[^A-Za-z0-9]/g, '')}User`;
  const brandRoute = brandPath === Cam.IsProductUser.path || brandPath === 'Cam/IsUser' ? [] : [confirm({ ...Cam.IsProductUser, path: brandPath } as typeof Cam.IsProductUser)];
  return [
    confirm(Cam.IsProductUser),
    ...brandRoute,
    defineRoute({
      call: Cam.USERWEBgetuserdogPageList,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => {
        const outcome = await camLicences.licences(caller!.companyId, body.LicenseId === undefined ? undefined : String(body.LicenseId));
        if (!outcome.ok) return outcome;
        return { ...outcome, data: outcome.data.licences.map(licenceView), meta: { ReturnType: accessView(outcome.data, clock.now()) } };
      },
    }),
    defineRoute({
      call: Cam.OldUserPointExchange,
      access: 'customer', needs: 'points',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: async ({ body, caller }) => {
        const outcome = await camLicences.exchange(caller!, String(body.LicenseId), body.IdempotencyKey ?? null);
        if (!outcome.ok) return outcome;
        const { licence, balance, cost, repeated } = outcome.data;
        return {
          ...outcome,
          data: { licenseId: licence.licenceNo, expiredTime: seconds(licence.expiredTime), endTime: seconds(licence.endTime), Points: balance, Cost: cost, Repeated: repeated },
        };
      },
    }),
  ];
}
