import { page, type AreaPage } from '../shell/page-route';

/** The service information pages: the Nest video tutorials, the service standards and the warranty policy. */
export const SERVICE_PAGES: readonly AreaPage[] = [
  { path: 'nestvideo', route: page(() => import('./nest-video-screen'), { services: [], messages: ['servicePages', 'software'] }), title: { zh: '套料软件视频教程', en: 'Nest video tutorials' } },
  { path: 'standards', route: page(() => import('./standards-screen'), { services: [], messages: ['servicePages', 'software'] }), title: { zh: '服务标准', en: 'Service standards' } },
  { path: 'policy', route: page(() => import('./policy-screen'), { services: ['software'], messages: ['cam', 'servicePages', 'software'] }), title: { zh: '质保政策', en: 'Warranty policy' } },
];
