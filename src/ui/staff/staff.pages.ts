import { page, type AreaPage } from '../shell/page-route';

/** The staff area's pages outside the console (the console and its tabs are in the route table: they nest). */
export const STAFF_PAGES: readonly AreaPage[] = [
  { path: 'service', route: page(() => import('./service-screen'), { services: ['randomFiles', 'staff'], messages: ['accounts', 'cam', 'devices', 'software', 'staff'] }), title: { zh: '内部服务台', en: 'Internal service desk' } },
];
