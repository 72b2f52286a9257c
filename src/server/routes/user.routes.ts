import type { BodyOf, DataOf } from '../../contract/call';
import * as User from '../../contract/user';
import { AREA_LEVELS, type AreaLevel } from '../../domain/accounts/area-levels';
import type { UserRecord } from '../../ports/accounts-store.port';
import type { CatalogArea } from '../../ports/area-catalog.port';
import { defineRoute, envelopeOf, Serialized, type ApiRoute } from '../route-kit';
import type { AreaService } from '../services/area.service';
import { mapData, withValues } from '../outcome';
import type { RegistrationRequest, RegistrationService } from '../services/registration.service';
import type { ReviewService } from '../services/review.service';
import type { SessionService } from '../services/session.service';
import type { VerificationCodeService } from '../services/verification-code.service';
import { profileOf } from './login.routes';

const CODE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

/** The area level a seltype names. */
const levelOf = (seltype: string): AreaLevel => AREA_LEVELS.find((level) => User.AREA_SELTYPES[level] === seltype) ?? 'nation';

/** The registration payload of the wire, in the service's terms. */
const registrationOf = (body: BodyOf<typeof User.SaveUser>): RegistrationRequest => ({
  account: body.Account,
  realName: body.RealName,
  mobile: body.Mobile,
  email: body.Email,
  fullPathId: body.FullPathId,
  fullPathName: body.FullPathName,
  address: body.Address,
  password: body.Password,
  isDomestic: body.IsDomestic,
  createOrigin: body.CreateOrigin,
  emailCode: body.EmailCode,
  mobileCode: body.MobileCode,
});

const reviewUserOf = (u: UserRecord): DataOf<typeof User.GetReviewUsers>[number] => ({
  UserId: u.id,
  Account: u.account,
  Email: u.email ?? '',
  Mobile: u.mobile ?? '',
  RealName: u.realName,
  Address: u.address,
  FullPathName: u.fullPathName,
  CreateTime: u.createdAt.toISOString(),
});

/** api/User/*: registration, codes, areas, password reset, CAM e-mail binding and staff review. */
export function userRoutes(deps: {
  registration: RegistrationService;
  codes: VerificationCodeService;
  areas: AreaService;
  review: ReviewService;
  sessions: SessionService;
}): ApiRoute[] {
  const { registration, codes, areas, review, sessions } = deps;
  // The catalogue answers the same frozen list for the same question: each answer is serialized once.
  const serializedAreas = new WeakMap<readonly CatalogArea[], Serialized>();
  return [
    defineRoute({
      call: User.RegisterEmlie,
      access: 'public',
      rateLimit: CODE_LIMIT,
      handle: ({ body }) => codes.send('email', body.Email),
    }),
    defineRoute({
      call: User.RegisterMobile,
      access: 'public',
      rateLimit: CODE_LIMIT,
      handle: ({ body }) => codes.send('sms', body.Mobile),
    }),
    defineRoute({
      call: User.GetUserEmail,
      access: 'public',
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: async ({ body }) => mapData(await registration.emailTaken(body.Email), (users) => users.map((u) => ({ Email: u.email ?? '' }))),
    }),
    defineRoute({
      call: User.GetAreaData,
      access: 'public',
      async handle({ body }) {
        const outcome = areas.list(levelOf(body.seltype), body.fid, body.lang === 'en' ? 'en' : 'zh');
        if (!outcome.ok) return outcome;
        let answer = serializedAreas.get(outcome.data);
        if (!answer) {
          answer = new Serialized(envelopeOf(User.GetAreaData, outcome));
          serializedAreas.set(outcome.data, answer);
        }
        return answer;
      },
    }),
    defineRoute({
      call: User.SaveUser,
      access: 'public',
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      handle: ({ body }) => registration.register(registrationOf(body)),
    }),
    defineRoute({
      call: User.SaveEmailErrorUser,
      access: 'public',
      rateLimit: { max: 5, timeWindow: 10 * 60_000 },
      handle: ({ body }) => registration.registerForReview(registrationOf(body)),
    }),
    defineRoute({
      call: User.PasswordReset,
      access: 'public',
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      handle: ({ body }) =>
        registration.resetPassword({ account: body.Account, code: body.Code, password: body.Password, confirmation: body.ConfirmPassword }),
    }),
    defineRoute({
      call: User.GetAllowUsers,
      access: 'public',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: async ({ body }) =>
        mapData(await registration.allowUsers(body.Account), (users) =>
          users.map((u) => ({ Account: u.account, HasCamEmail: u.camEmail ? (1 as const) : (0 as const) })),
        ),
    }),
    defineRoute({
      call: User.AllowSave,
      access: 'public',
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      handle: async ({ body, request }) =>
        mapData(
          await registration.allowSave({ account: body.Account, email: body.Email, password: body.Password, code: body.EmailCode, address: request.ip }),
          () => User.AllowSave.success,
        ),
    }),
    defineRoute({
      call: User.GetUserInfo,
      access: 'customer', needs: 'self',
      handle: async ({ caller }) => mapData(await sessions.profile(caller!.userId), profileOf),
    }),
    defineRoute({
      call: User.GetReviewUsers,
      access: 'staff',
      audit: 'read',
      handle: async () => mapData(await review.pending(), (users) => users.map(reviewUserOf)),
    }),
    defineRoute({
      call: User.ReviewUser,
      access: 'staff',
      audit: { object: (body) => `user:${body.TargetUserId}`, before: (body) => review.state(body.TargetUserId), after: (body) => review.state(body.TargetUserId) },
      async handle({ body }) {
        const outcome = await review.decide(body.TargetUserId, body.Approve);
        return mapData(outcome.ok ? withValues(outcome, { verdict: outcome.data }) : outcome, () => null);
      },
    }),
  ];
}
