import { renderRoutes } from '../../support/render-routes';
import { vi, type Mock } from 'vitest';
import type { Envelope } from '../../../src/domain/shared/envelope';
import type { AccountsApiPort, LoginUser } from '../../../src/ports/accounts-api.port';
import LoginScreen from '../../../src/ui/accounts/login-screen';
import RegisterScreen from '../../../src/ui/accounts/register-screen';

export const ok = <T,>(ReturnData?: T): Envelope<T> => ({ code: 200, info: '', ReturnData });

export const USER: LoginUser = {
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
    login: vi.fn<AccountsApiPort['login']>(async () => ok(USER)),
    logout: vi.fn<AccountsApiPort['logout']>(async () => ok(null)),
    getUserInfo: vi.fn<AccountsApiPort['getUserInfo']>(async () => ok(USER)),
    requestEmailCode: vi.fn<AccountsApiPort['requestEmailCode']>(async () => ok(60)),
    requestMobileCode: vi.fn<AccountsApiPort['requestMobileCode']>(async () => ok(60)),
    getUserEmail: vi.fn<AccountsApiPort['getUserEmail']>(async () => ok<unknown[] | string>('暂无数据')),
    getAreaData: vi.fn<AccountsApiPort['getAreaData']>(async (seltype) =>
      ok(seltype === '1' ? [{ countryid: 44, countryname: 'China' }, { countryid: 81, countryname: 'Germany' }] : []),
    ),
    saveUser: vi.fn<AccountsApiPort['saveUser']>(async () => ok(null)),
    saveEmailErrorUser: vi.fn<AccountsApiPort['saveEmailErrorUser']>(async () => ok(null)),
    passwordReset: vi.fn<AccountsApiPort['passwordReset']>(async () => ok(null)),
    getAllowUsers: vi.fn<AccountsApiPort['getAllowUsers']>(async () => ok<unknown[]>([])),
    allowSave: vi.fn<AccountsApiPort['allowSave']>(async () => ok('ok')),
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
    { ports: { AccountsApiPort: api }, lang: options.lang },
  );
  return { ...rendered, api };
}
