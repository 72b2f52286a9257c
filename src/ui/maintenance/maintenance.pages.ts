import { page, type AreaPage } from '../shell/page-route';

/** The maintenance statistics page (spec 3). */
export const MAINTENANCE_PAGES: readonly AreaPage[] = [
  { path: 'maintain', route: page(() => import('./maintain-screen'), { services: ['maintenance'], messages: ['devices', 'maintenance', 'software'] }), title: { zh: '保养统计', en: 'Maintenance statistics' } },
];
