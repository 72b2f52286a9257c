import { isEmail, isPhone } from '../../domain/shared/contact-patterns';
import type { AreaCatalogPort, AreaItem, AreaLevel } from '../../ports/area-catalog.port';
import { NO_DATA } from '../../domain/shared/envelope';
import type { UserRepository } from '../../ports/accounts-store.port';
import type { RegistrationService } from '../services/registration.service';
import type { ReviewService } from '../services/review.service';
import { fail, ok } from '../services/service-result';
import { loginUser } from '../services/session.service';
import type { VerificationCodeService } from '../services/verification-code.service';
import { defineRoute, Serialized, stringBody, type ApiRoute } from '../route-kit';

const CODE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

const registrationBody = stringBody(
  ['Password'],
  ['Account', 'RealName', 'Mobile', 'Email', 'FullPathId', 'FullPathName', 'Address', 'IsDomestic', 'CreateOrigin', 'EmailCode', 'MobileCode'],
);

/** api/User/*: registration, codes, areas, password reset, CAM e-mail binding and staff review. */
export function userRoutes(deps: {
  users: UserRepository;
  registration: RegistrationService;
  codes: VerificationCodeService;
  areas: AreaCatalogPort;
  review: ReviewService;
}): ApiRoute[] {
  const { registration, codes, areas, review, users } = deps;
  const serializedAreas = new WeakMap<readonly AreaItem[], Serialized>();
  const requestCode = async (channel: 'email' | 'sms', contact: string) => {
    const result = await codes.request(channel, contact);
    return result.sent
      ? ok(result.waitSeconds, 'The verification code has been sent')
      : fail(429, `Please wait ${result.waitSeconds} seconds before requesting another code`, result.waitSeconds);
  };
  return [
    defineRoute<{ Email: string }>({
      controller: 'User',
      action: 'RegisterEmlie',
      access: 'public',
      summary: 'Mail a verification code; ReturnData is the seconds until another may be requested',
      body: stringBody(['Email']),
      rateLimit: CODE_LIMIT,
      async handle({ body }) {
        const email = body.Email.trim();
        if (!email) return fail(400, 'Email cannot be empty');
        if (!isEmail(email)) return fail(400, 'Please enter the correct email format');
        return requestCode('email', email);
      },
    }),
    defineRoute<{ Mobile: string }>({
      controller: 'User',
      action: 'RegisterMobile',
      access: 'public',
      summary: 'Text a verification code; ReturnData is the seconds until another may be requested',
      body: stringBody(['Mobile']),
      rateLimit: CODE_LIMIT,
      async handle({ body }) {
        const mobile = body.Mobile.trim();
        if (!mobile) return fail(400, 'Phone cannot be empty');
        if (!isPhone(mobile)) return fail(400, 'Please enter the correct phone format');
        return requestCode('sms', mobile);
      },
    }),
    defineRoute<{ Email: string }>({
      controller: 'User',
      action: 'GetUserEmail',
      access: 'public',
      summary: 'Whether an e-mail is registered: a non-empty list means taken',
      body: stringBody(['Email']),
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: ({ body }) => registration.emailTaken(body.Email),
    }),
    defineRoute<{ seltype: string; fid?: number | string; lang?: string }>({
      controller: 'User',
      action: 'GetAreaData',
      access: 'public',
      summary: 'Areas: seltype 1 countries, 2 provinces, 3 cities, 4 counties of the parent fid (China is 44)',
      body: {
        type: 'object',
        required: ['seltype'],
        properties: {
          seltype: { type: 'string', enum: ['1', '2', '3', '4'] },
          fid: { type: ['integer', 'string'], maxLength: 12 },
          lang: { type: 'string', enum: ['zh', 'en'] },
        },
      },
      async handle({ body }) {
        const fid = Number(body.fid ?? 0);
        if (!Number.isSafeInteger(fid) || fid < 0) return fail(400, 'fid must be a whole number');
        const list = areas.list(Number(body.seltype) as AreaLevel, fid, body.lang === 'en' ? 'en' : 'zh');
        // The catalogue answers the same frozen list for the same question: serialize it once.
        let answer = serializedAreas.get(list);
        if (!answer) {
          answer = new Serialized(list.length ? ok(list, 'success', { ReturnCount: list.length }) : ok(NO_DATA, NO_DATA));
          serializedAreas.set(list, answer);
        }
        return answer;
      },
    }),
    defineRoute({
      controller: 'User',
      action: 'SaveUser',
      access: 'public',
      summary: 'Register with the code sent to the e-mail (EmailCode) or phone (MobileCode)',
      body: registrationBody,
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      handle: ({ body }) => registration.register(body, true),
    }),
    defineRoute({
      controller: 'User',
      action: 'SaveEmailErrorUser',
      access: 'public',
      summary: 'Register without a code; the account waits for review by staff before it can log in',
      body: registrationBody,
      rateLimit: { max: 5, timeWindow: 10 * 60_000 },
      handle: ({ body }) => registration.register(body, false),
    }),
    defineRoute<{ Account: string; Code: string; Password: string; ConfirmPassword: string }>({
      controller: 'User',
      action: 'PasswordReset',
      access: 'public',
      summary: 'Set a new password with the code sent to the account; every session of the account ends',
      body: stringBody(['Account', 'Code', 'Password', 'ConfirmPassword']),
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      async handle({ body }) {
        if (!body.Account.trim()) return fail(400, 'Account cannot be empty');
        if (!body.Code.trim()) return fail(400, 'Please obtain the verification code again');
        if (!body.Password) return fail(400, 'Password cannot be empty');
        return registration.resetPassword(body);
      },
    }),
    defineRoute<{ Account: string }>({
      controller: 'User',
      action: 'GetAllowUsers',
      access: 'public',
      summary: 'Whether the account exists and has an e-mail bound for CAM use',
      body: stringBody(['Account']),
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: ({ body }) => registration.allowUsers(body.Account),
    }),
    defineRoute<{ Account: string; Email: string; Password: string; EmailCode: string }>({
      controller: 'User',
      action: 'AllowSave',
      access: 'public',
      summary: "Bind an e-mail for CAM use after a Chinese registration (the account's password and a code mailed to it)",
      body: stringBody(['Account', 'Email', 'Password', 'EmailCode']),
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      handle: ({ body }) => registration.allowSave(body),
    }),
    defineRoute<{ UserId?: string }>({
      controller: 'User',
      action: 'GetUserInfo',
      access: 'customer',
      summary: "The caller's own profile",
      body: stringBody([], ['UserId']),
      async handle({ caller }) {
        const user = await users.findById(caller!.userId);
        if (!user) return fail(404, 'No such user');
        const { Token: _none, ...profile } = loginUser(user, '');
        return ok(profile);
      },
    }),
    defineRoute({
      controller: 'User',
      action: 'GetReviewUsers',
      access: 'staff',
      summary: 'Registrations waiting for manual review',
      body: { type: 'object' },
      handle: () => review.pending(),
    }),
    defineRoute<{ TargetUserId: string; Approve: boolean }>({
      controller: 'User',
      action: 'ReviewUser',
      access: 'staff',
      summary: 'Approve or reject a registration waiting for review',
      body: {
        type: 'object',
        required: ['TargetUserId', 'Approve'],
        properties: { TargetUserId: { type: 'string', maxLength: 64 }, Approve: { type: 'boolean' } },
      },
      handle: ({ body }) => review.decide(body.TargetUserId, body.Approve),
    }),
  ];
}
