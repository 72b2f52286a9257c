import { page, type AreaPage } from '../shell/page-route';

/** The machine documents page (spec 2 section 8). */
export const RANDOM_FILES_PAGES: readonly AreaPage[] = [
  { path: 'random', route: page(() => import('./random-files-screen'), { services: ['randomFiles'], messages: ['randomFiles', 'software'] }), title: { zh: '随机资料', en: 'Machine documents' } },
];
