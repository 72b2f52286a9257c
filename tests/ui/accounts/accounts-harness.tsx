import { fake, renderRoutes } from '../../support/render-routes';
import { vi, type Mock } from 'vitest';
import type { SessionUser } from '../../../src/domain/accounts/login.machine';
import type { AccountsApiPort } from '../../../src/ports/accounts-api.port';
import { AccountsApiToken } from '../../../src/ports/api-tokens';
import LoginScreen from '../../../src/ui/accounts/login-screen';
import RegisterScreen from '../../../src/ui/accounts/register-screen';

export const USER: SessionUser = {
  UserId: 'u-42',
  Token: 'token-abc',
  Url: '',
  Account: 'owner@laser.cn',
  RealName: 'Li Lei',
  Email: 'owner@laser.cn',
  Mobile: '',
  IsDomestic: '0',
  IsStaff: 0,
};

export type FakeAccountsApi = { [K in keyof AccountsApiPort]: Mock<AccountsApiPort[K]> };

/** An AccountsApiPort whose every call is a spy answering success. */
export function fakeAccountsApi(overrides: Partial<FakeAccountsApi> = {}): FakeAccountsApi {
  return {
    login: vi.fn<AccountsApiPort['login']>(async () => ({ kind: 'signed-in', user: USER })),
    logout: vi.fn<AccountsApiPort['logout']>(async () => {}),
    getUserInfo: vi.fn<AccountsApiPort['getUserInfo']>(async () => ({ kind: 'profile', user: USER })),
    requestCode: vi.fn<AccountsApiPort['requestCode']>(async () => ({ kind: 'sent', waitSeconds: 60 })),
    lookUpEmail: vi.fn<AccountsApiPort['lookUpEmail']>(async () => ({ kind: 'free' })),
    getAreas: vi.fn<AccountsApiPort['getAreas']>(async (query) =>
      query.level === 'nation' ? [{ countryid: 44, countryname: 'China' }, { countryid: 81, countryname: 'Germany' }] : [],
    ),
    register: vi.fn<AccountsApiPort['register']>(async () => ({ kind: 'saved' })),
    registerForReview: vi.fn<AccountsApiPort['registerForReview']>(async () => ({ kind: 'saved' })),
    resetPassword: vi.fn<AccountsApiPort['resetPassword']>(async () => ({ kind: 'reset' })),
    bindCamEmail: vi.fn<AccountsApiPort['bindCamEmail']>(async () => ({ kind: 'bound' })),
    ...overrides,
  };
}

/** The accounts routes in a memory router, with jsdom's local storage and recorded toasts. */
export function renderAccounts(path: string, options: { api?: FakeAccountsApi; lang?: 'zh' | 'en' } = {}) {
  const api = options.api ?? fakeAccountsApi();
  const rendered = renderRoutes(
    path,
    [
      { path: '/login', Component: LoginScreen },
      { path: '/Register', Component: RegisterScreen },
    ],
    { fakes: [fake(AccountsApiToken, api)], lang: options.lang },
  );
  return { ...rendered, api };
}
