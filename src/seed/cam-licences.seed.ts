import { createHash } from 'node:crypto';
import { DAY_MS } from '../domain/cam/licence-exchange';
import type { CamLicence } from '../ports/licence-server.port';
import type { Services } from '../server/compose';

/** The points a seeded customer starts with: level 2, enough for a few exchanges at the old users' price. */
export const SEED_POINTS = 6200;

/**
 * A customer's demo licences (issue 15): Nest expiring in 5 days (exchangeable now), Nest Tube in
 * 40 days, and a Nest that expired 30 days ago; all of an old user. Plus the welcome points, booked
 * once. Licence numbers follow from the e-mail, so seeding again changes nothing.
 */
export async function seedCamLicences(
  services: Pick<Services, 'infrastructure' | 'points'>,
  owner: { userId: string; email: string },
  now: Date,
  options: { welcomePoints?: boolean } = {},
): Promise<CamLicence[]> {
  const tag = createHash('sha256').update(owner.email.toLowerCase()).digest('hex').slice(0, 8).toUpperCase();
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const plan = [
    { licenceNo: `N${tag}01`, offerId: 250626, version: 'Nest V2.0', start: -360, expires: 5, firstUse: -355 },
    { licenceNo: `T${tag}02`, offerId: 838249, version: 'Nest Tube V1.5', start: -325, expires: 40, firstUse: -300 },
    { licenceNo: `N${tag}03`, offerId: 250626, version: 'Nest V1.5', start: -395, expires: -30, firstUse: null },
  ];
  const licences: CamLicence[] = [];
  for (const p of plan) {
    licences.push(
      await services.infrastructure.licenceServer.issue({
        licenceNo: p.licenceNo,
        offerId: p.offerId,
        userEmail: owner.email,
        version: p.version,
        startTime: at(p.start),
        endTime: at(p.expires),
        expiredTime: at(p.expires),
        firstUseTime: p.firstUse === null ? null : at(p.firstUse),
        creationTime: at(p.start - 1),
        isOldUser: true,
      }),
    );
  }
  // The demo customer's points come from the user centre's seeded history instead.
  if (options.welcomePoints !== false) await services.points.change({ userId: owner.userId, delta: SEED_POINTS, reason: 'Welcome points', source: 'seed', idempotencyKey: 'seed:welcome' });
  return licences;
}
