import { defineCall, nullData } from './call';

/** api/Login/*: logging in and out (spec 1 sections 5 and 7). */

const text = { type: 'string', maxLength: 200 } as const;

/** Refusals other calls of the accounts area answer with the same words. */
export const accountRequired = { code: 400, info: 'Account cannot be empty' } as const;
export const passwordRequired = { code: 400, info: 'Password cannot be empty' } as const;
export const wrongCredentials = { code: 400, info: 'Incorrect account or password' } as const;

/**
 * What every call that checks a password answers while the password throttle holds it (issue 21,
 * items 3 and 4): the same whether the password was right or wrong.
 */
export const passwordThrottle = {
  tooSoon: { code: 429, id: 'passwordThrottle.tooSoon', info: ({ seconds }: Readonly<Record<string, string | number>>) => `Too many failed attempts, please try again in ${seconds} seconds` },
  proofRequired: {
    code: 403,
    info: 'Too many failed attempts for this account: we sent a verification code to its e-mail or phone; log in with that code and your password',
  },
  proofWrong: { code: 400, info: 'Verification code error!' },
} as const;

/** The caller's profile: the `user` the client stores after login, without the token. */
export const profileProperties = {
  UserId: { type: 'string' },
  Url: { type: 'string', description: 'Avatar path; the client shows a default avatar when empty' },
  Account: { type: 'string' },
  RealName: { type: 'string' },
  Email: { type: 'string' },
  Mobile: { type: 'string' },
  IsDomestic: { type: 'string', enum: ['0', '1'] },
  IsStaff: { type: 'integer', enum: [0, 1] },
  CamEmail: { type: 'string' },
} as const;

/** Every profile field but the user id is always answered. */
export const profileRequired = ['Url', 'Account', 'RealName', 'Email', 'Mobile', 'IsDomestic', 'IsStaff', 'CamEmail'] as const;

export const UserLogin = defineCall({
  path: 'Login/UserLogin',
  summary: 'Log in with an e-mail or phone account; answers the user with a session token',
  body: {
    type: 'object',
    required: ['Password'],
    properties: { Password: text, Account: text, Email: text, Code: { ...text, description: 'The code sent to the account after many failed attempts (proofRequired)' } },
  },
  data: {
    type: 'object',
    required: ['UserId', 'Token', ...profileRequired],
    additionalProperties: false,
    properties: { ...profileProperties, Token: { type: 'string' } },
    // Spec 3 names the staff flag of the login result Is{product}User (IsLaserUser for the brand "Laser"): the same value as IsStaff.
    patternProperties: { '^Is[A-Za-z0-9]+User$': { type: 'integer', enum: [0, 1] } },
  },
  success: 'login success',
  refusals: {
    accountRequired,
    passwordRequired,
    wrongCredentials,
    ...passwordThrottle,
    pendingReview: { code: 403, info: 'Your account is waiting for review by the service team' },
    rejected: { code: 403, info: 'Your registration was not approved, please contact the service team' },
  },
});

export const UserLogout = defineCall({
  path: 'Login/UserLogout',
  summary: 'Revoke the session of the token that calls',
  body: { type: 'object' },
  data: nullData,
  success: 'logged out',
  refusals: {},
});
