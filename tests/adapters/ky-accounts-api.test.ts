import { recordingHttp } from '../support/recording-http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KyAccountsApi, loginBody } from '../../src/adapters/ky/ky-accounts-api.adapter';
import type { Envelope } from '../../src/contract/envelope';
import type { RegistrationPayload } from '../../src/domain/accounts/registration.machine';
import { isEmail } from '../../src/domain/accounts/validation';

const FC = { numRuns: 300, seed: Number(process.env.FC_SEED ?? 20250101) };

/** The adapter over an HTTP port that answers `answer` and records what was asked. */
function setup(answer: Envelope<unknown> = { code: 200, info: '' }) {
  const { http, calls } = recordingHttp(answer);
  return { api: new KyAccountsApi(http), calls };
}

const read = (answer: Envelope<unknown>) => setup(answer).api;

// A phone registration (the e-mail path's payload is the registration machine's test).
const PAYLOAD: RegistrationPayload = {
  Account: '13800138000',
  RealName: '',
  Mobile: '13800138000',
  Email: '',
  FullPathId: '',
  FullPathName: '',
  Address: '济南市历城区',
  Password: 'longenough',
  IsDomestic: '1',
  CreateOrigin: '0',
  MobileCode: '654321',
};

const USER = { UserId: 'u-42', Token: 'token-abc', Url: '', Account: 'owner@laser.cn', RealName: 'Li Lei', Email: 'owner@laser.cn', Mobile: '', IsDomestic: '0', IsStaff: 0, CamEmail: '' };

describe('ky accounts API', () => {
  it('calls the Login and User actions of the contract with the spec bodies; the forms show answers themselves (quiet)', async () => {
    const { api, calls } = setup();
    await api.login({ account: ' owner@laser.cn ', password: 'secret-pass' });
    await api.logout();
    await api.getUserInfo();
    await api.requestCode('email', 'owner@laser.cn');
    await api.requestCode('phone', '13800138000');
    await api.lookUpEmail('owner@laser.cn');
    await api.getAreas({ level: 'city', parentId: 441, language: 'en' });
    await api.register(PAYLOAD);
    await api.resetPassword({ account: 'owner@laser.cn', code: '123456', password: 'brand-new-pw', confirmation: 'brand-new-pw' });
    await api.bindCamEmail({ account: '13800138000', password: 'longenough', email: 'li@laser.cn', code: '777777' });
    expect(calls).toEqual([
      { path: 'Login/UserLogin', body: { Account: 'owner@laser.cn', Password: 'secret-pass', Email: 'owner@laser.cn' }, quiet: true },
      { path: 'Login/UserLogout', body: {}, quiet: true },
      { path: 'User/GetUserInfo', body: {}, quiet: true },
      { path: 'User/RegisterEmlie', body: { Email: 'owner@laser.cn' }, quiet: true },
      { path: 'User/RegisterMobile', body: { Mobile: '13800138000' }, quiet: true },
      { path: 'User/GetUserEmail', body: { Email: 'owner@laser.cn' }, quiet: true },
      { path: 'User/GetAreaData', body: { seltype: '3', fid: 441, lang: 'en' }, quiet: true },
      { path: 'User/SaveUser', body: PAYLOAD, quiet: true },
      { path: 'User/PasswordReset', body: { Account: 'owner@laser.cn', Code: '123456', Password: 'brand-new-pw', ConfirmPassword: 'brand-new-pw' }, quiet: true },
      { path: 'User/AllowSave', body: { Account: '13800138000', Email: 'li@laser.cn', Password: 'longenough', EmailCode: '777777' }, quiet: true },
    ]);
  });

  it('asks each area level by its seltype', async () => {
    const { api, calls } = setup();
    for (const level of ['nation', 'province', 'city', 'county'] as const) await api.getAreas({ level, parentId: 0, language: 'zh' });
    expect(calls.map((c) => (c.body as { seltype: string }).seltype)).toEqual(['1', '2', '3', '4']);
  });

  it('never sends a code for manual review, whatever the payload holds', async () => {
    const { api, calls } = setup();
    await api.registerForReview({ ...PAYLOAD, EmailCode: '1' });
    expect(calls[0].path).toBe('User/SaveEmailErrorUser');
    expect(calls[0].body).not.toHaveProperty('EmailCode');
    expect(calls[0].body).not.toHaveProperty('MobileCode');
  });

  it('sends an e-mail-looking account also as Email (spec 1 section 5)', () => {
    expect(loginBody({ account: ' a@b.cn ', password: 'p' })).toEqual({ Account: 'a@b.cn', Password: 'p', Email: 'a@b.cn' });
    expect(loginBody({ account: '13800138000', password: 'p' })).toEqual({ Account: '13800138000', Password: 'p' });
  });

  it('sends the mailed code as Code only when there is one (issue 21, item 3)', () => {
    expect(loginBody({ account: 'bob', password: 'p', code: '123456' })).toEqual({ Account: 'bob', Password: 'p', Code: '123456' });
    expect(loginBody({ account: 'bob', password: 'p', code: '' })).toEqual({ Account: 'bob', Password: 'p' });
  });

  it('property: Email is present exactly when the account matches the e-mail pattern', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), fc.string(), (account, password) => {
        const body = loginBody({ account, password });
        expect('Email' in body).toBe(isEmail(account));
        if (body.Email !== undefined) expect(body.Email).toBe(body.Account);
      }),
      FC,
    );
  });
});

describe('reading the accounts answers', () => {
  it('reads a login: the user with its token, a refusal it knows, the server words otherwise', async () => {
    expect(await read({ code: 200, info: 'login success', ReturnData: USER }).login({ account: 'a', password: 'b' })).toEqual({ kind: 'signed-in', user: USER });
    expect(await read({ code: 400, info: 'Account cannot be empty', ReturnData: null }).login({ account: 'a', password: 'b' })).toEqual({
      kind: 'problem',
      problem: 'accountRequired',
    });
    expect(await read({ code: 400, info: 'Password cannot be empty' }).login({ account: 'a', password: 'b' })).toEqual({ kind: 'problem', problem: 'passwordRequired' });
    expect(await read({ code: 400, info: 'Wrong account or password' }).login({ account: 'a', password: 'b' })).toEqual({
      kind: 'refused',
      message: 'Wrong account or password',
    });
    // The password throttle's refusals, said in the page's language.
    const throttled = [
      [{ code: 400, info: 'Incorrect account or password' }, 'wrongCredentials'],
      [{ code: 403, info: 'Too many failed attempts for this account: we sent a verification code to its e-mail or phone; log in with that code and your password' }, 'proofRequired'],
      [{ code: 400, info: 'Verification code error!' }, 'codeError'],
      [{ code: 429, info: 'Too many failed attempts, please try again in 4 seconds' }, 'tooSoon'],
    ] as const;
    for (const [answer, problem] of throttled) {
      expect(await read(answer).login({ account: 'a', password: 'b' })).toEqual({ kind: 'problem', problem });
    }
    // A success without a token is no login: its info is shown.
    expect(await read({ code: 200, info: 'login success', ReturnData: { UserId: 'u' } }).login({ account: 'a', password: 'b' })).toEqual({
      kind: 'refused',
      message: 'login success',
    });
  });

  it('reads the profile, and leaves an expired login to the dialog', async () => {
    const { Token: _token, ...profile } = USER;
    expect(await read({ code: 200, info: 'success', ReturnData: profile }).getUserInfo()).toEqual({ kind: 'profile', user: profile });
    expect(await read({ code: 401, info: 'Login has expired, please log in again', ReturnData: null }).getUserInfo()).toEqual({ kind: 'refused', message: '' });
    expect(await read({ code: 404, info: 'No such user', ReturnData: null }).getUserInfo()).toEqual({ kind: 'refused', message: 'No such user' });
  });

  it('reads a code request: the seconds to wait (60 when the answer has none that fits), or the refusal', async () => {
    expect(await read({ code: 200, info: '', ReturnData: 60 }).requestCode('email', 'a@b.cn')).toEqual({ kind: 'sent', waitSeconds: 60 });
    expect(await read({ code: 200, info: '', ReturnData: 45 }).requestCode('phone', '13800138000')).toEqual({ kind: 'sent', waitSeconds: 45 });
    expect(await read({ code: 200, info: '', ReturnData: '123456' }).requestCode('email', 'a@b.cn')).toEqual({ kind: 'sent', waitSeconds: 60 });
    expect(await read({ code: 429, info: 'Too many requests', ReturnData: 42 }).requestCode('email', 'a@b.cn')).toEqual({ kind: 'refused', message: 'Too many requests' });
  });

  it('reads the e-mail lookup: a non-empty list is taken, [] (the spec\'s free answer), the no-data marker and anything else free', async () => {
    expect(await read({ code: 200, info: 'success', ReturnData: [{ Email: 'a@b.cn' }] }).lookUpEmail('a@b.cn')).toEqual({ kind: 'taken' });
    expect(await read({ code: 200, info: 'success', ReturnData: [] }).lookUpEmail('a@b.cn')).toEqual({ kind: 'free' });
    expect(await read({ code: 200, info: '暂无数据', ReturnData: '暂无数据' }).lookUpEmail('a@b.cn')).toEqual({ kind: 'free' });
    expect(await read({ code: 429, info: 'Too many requests' }).lookUpEmail('a@b.cn')).toEqual({ kind: 'free' });
  });

  it('reads the areas: the list, the no-data marker as none, a refusal as none', async () => {
    const list = [{ countryid: 44, countryname: 'China', namezh: '中国', nameen: 'China' }];
    expect(await read({ code: 200, info: 'success', ReturnData: list }).getAreas({ level: 'nation', parentId: 0, language: 'en' })).toEqual(list);
    expect(await read({ code: 200, info: '暂无数据', ReturnData: '暂无数据' }).getAreas({ level: 'county', parentId: 1, language: 'en' })).toEqual([]);
    expect(await read({ code: 400, info: 'fid must be a whole number', ReturnData: [{ countryid: 1 }] }).getAreas({ level: 'city', parentId: 1, language: 'en' })).toEqual([]);
  });

  it('reads the registration answers: saved, and the refusals said in the user language', async () => {
    expect(await read({ code: 200, info: 'register success', ReturnData: null }).register(PAYLOAD)).toEqual({ kind: 'saved' });
    expect(await read({ code: 200, info: 'Submitted', ReturnData: null }).registerForReview(PAYLOAD)).toEqual({ kind: 'saved' });
    expect(await read({ code: 400, info: 'Verification code error!' }).register(PAYLOAD)).toEqual({ kind: 'problem', problem: 'codeError' });
    expect(await read({ code: 400, info: 'Please obtain the verification code again' }).register(PAYLOAD)).toEqual({ kind: 'problem', problem: 'codeExpired' });
    expect(await read({ code: 400, info: 'The email has been registered' }).register(PAYLOAD)).toEqual({ kind: 'problem', problem: 'emailTaken' });
    expect(await read({ code: 400, info: 'The email has been registered' }).registerForReview(PAYLOAD)).toEqual({ kind: 'problem', problem: 'emailTaken' });
    expect(await read({ code: 400, info: 'Password cannot be empty' }).register(PAYLOAD)).toEqual({ kind: 'problem', problem: 'passwordRequired' });
    expect(await read({ code: 400, info: ' The account has been registered ' }).register(PAYLOAD)).toEqual({ kind: 'refused', message: ' The account has been registered ' });
  });

  it('reads the password reset and the CAM binding', async () => {
    const reset = { account: 'a@b.cn', code: '1', password: 'p', confirmation: 'p' };
    expect(await read({ code: 200, info: 'Modified Successfully', ReturnData: null }).resetPassword(reset)).toEqual({ kind: 'reset' });
    expect(await read({ code: 400, info: 'Account cannot be empty' }).resetPassword(reset)).toEqual({ kind: 'problem', problem: 'accountRequired' });
    expect(await read({ code: 400, info: 'Verification code error!' }).resetPassword(reset)).toEqual({ kind: 'problem', problem: 'codeError' });
    expect(await read({ code: 400, info: 'No account uses this e-mail or phone' }).resetPassword(reset)).toEqual({ kind: 'refused', message: 'No account uses this e-mail or phone' });
    const bind = { account: 'a', password: 'p', email: 'a@b.cn', code: '1' };
    expect(await read({ code: 200, info: 'Binding successful!', ReturnData: 'Binding successful!' }).bindCamEmail(bind)).toEqual({ kind: 'bound' });
    expect(await read({ code: 400, info: 'Please obtain the verification code again' }).bindCamEmail(bind)).toEqual({ kind: 'problem', problem: 'codeExpired' });
    expect(await read({ code: 400, info: 'Incorrect account or password' }).bindCamEmail(bind)).toEqual({ kind: 'problem', problem: 'wrongCredentials' });
    expect(await read({ code: 403, info: 'x' }).bindCamEmail(bind)).toEqual({ kind: 'refused', message: 'x' });
  });
});
