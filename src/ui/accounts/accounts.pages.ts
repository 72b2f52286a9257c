import { page, type AreaPage } from '../shell/page-route';

/** The accounts area's pages (spec 1 sections 4 and 5). */
export const ACCOUNTS_PAGES: readonly AreaPage[] = [
  // Paths match case-insensitively, so this is /login and /Login.
  { path: 'login', route: page(() => import('./login-screen'), { services: ['accounts'], messages: ['accounts', 'cam'] }), title: { zh: '登录', en: 'Log in' } },
  { path: 'Register', route: page(() => import('./register-screen'), { services: ['accounts'], messages: ['accounts', 'cam'] }), title: { zh: '注册', en: 'Register' } },
];
