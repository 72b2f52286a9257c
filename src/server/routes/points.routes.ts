import * as User from '../../contract/user';
import type { Loyalty } from '../../domain/points/loyalty';
import { defineRoute, type ApiRoute } from '../route-kit';
import type { PointsService } from '../services/points.service';

/** The loyalty level as the wire's ReturnType of GetMallPoints (`User.loyaltySchema`). */
export const loyaltyView = (l: Loyalty) => ({ Level: l.level, Points: l.points, Floor: l.floor, Next: l.next, ToNext: l.toNext, Progress: l.progress });

/** api/User/GetMallPoints: the company's points ledger's balance and the loyalty level (DECISIONS 4, ADR 0030). */
export function pointsRoutes(deps: { points: PointsService }): ApiRoute[] {
  const { points } = deps;
  return [
    defineRoute({
      call: User.GetMallPoints,
      access: 'customer', needs: 'read',
      handle: async ({ caller }) => {
        const outcome = await points.mallPoints(caller!.companyId);
        return outcome.ok ? { ...outcome, data: outcome.data.points, meta: { ReturnType: loyaltyView(outcome.data.loyalty) } } : outcome;
      },
    }),
  ];
}
