import { page, type AreaPage } from '../shell/page-route';

/** The alarm notifications' page: what reaches the caller, their webhooks and the delivery log. */
export const ALARMS_PAGES: readonly AreaPage[] = [
  { path: 'notifications', route: page(() => import('./notifications-screen'), { services: ['alarms'], messages: ['alarms', 'shell', 'software'] }), title: { zh: '报警通知', en: 'Alarm notifications' } },
];
