import { matchPath } from 'react-router';
import type { Language } from '../../domain/accounts/language';
import { gptSegment } from '../common/brand';
import { AREA_PAGES } from './area-pages';
import type { PageTitle } from './page-route';

export type { PageTitle } from './page-route';

/**
 * The browser tab's name of every route of the route table (routes.tsx), keyed by the route's
 * path as written there (inside the /app basename): the areas' pages with the titles their
 * `<area>.pages.ts` gives, then the shells' sections and the staff console's tabs, written here;
 * tests/ui/shell/page-titles.test.ts fails when a route has no entry. Plain texts rather than
 * message keys: the title is set before the areas' messages have loaded.
 */
export const PAGE_TITLES: ReadonlyArray<readonly [path: string, title: PageTitle]> = [
  ...AREA_PAGES.map(({ path, title }) => [`/${path}`, title] as const),
  ['/', { zh: '首页', en: 'Home' }],
  ['/index', { zh: '我的设备', en: 'My devices' }],
  ['/index/device', { zh: '我的设备', en: 'My devices' }],
  ['/index/task', { zh: '任务与报表', en: 'Tasks and reports' }],
  ['/index/software', { zh: '软件', en: 'Software' }],
  ['/index/cam', { zh: 'CAM 软件与授权', en: 'CAM software and licences' }],
  ['/index/knowledge', { zh: '知识库', en: 'Knowledge base' }],
  ['/index/use', { zh: '使用知识', en: 'User guides' }],
  ['/index/repair', { zh: '维修服务', en: 'Repair service' }],
  ['/index/maintenance', { zh: '设备保养', en: 'Machine maintenance' }],
  ['/index/file', { zh: '工业文件', en: 'Industrial files' }],
  // The chat answers at /index/gpt and at the brand's {product}Gpt ({gpt} is replaced with it).
  ['/index/gpt', { zh: '智能助手', en: 'Assistant' }],
  ['/index/{gpt}', { zh: '智能助手', en: 'Assistant' }],
  ['/index/*', { zh: '页面不存在', en: 'Page not found' }],
  ['/visitor', { zh: '技术支持', en: 'Technical support' }],
  ['/visitor/software', { zh: '技术支持', en: 'Technical support' }],
  ['/visitor/knowledge', { zh: '知识库', en: 'Knowledge base' }],
  ['/visitor/download', { zh: '下载中心', en: 'Download centre' }],
  ['/visitor/*', { zh: '技术支持', en: 'Technical support' }],
  ['/test', { zh: '测试页', en: 'Test page' }],
  ['/staff', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/registrations', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/audit', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/leads', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/downloads', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/registry', { zh: '设备登记管理', en: 'Machine registry' }],
  ['/staff/releases', { zh: '发布 CAM 版本', en: 'Publish CAM releases' }],
  ['/staff/work-orders', { zh: '工单处理', en: 'Work orders' }],
  ['/*', { zh: '页面不存在', en: 'Page not found' }],
];

/** The portal's name after the page's: "任务与报表 · Laser 服务平台" (the brand from BRAND_NAME). */
const PORTAL: Record<Language, (brand: string) => string> = {
  zh: (brand) => `${brand} 服务平台`,
  en: (brand) => `${brand} Service Portal`,
};

/**
 * The document title of a location: the first entry of the table whose path matches (as the
 * router matches: case-insensitive), then the portal; `null` when the page sets its own.
 */
export function pageTitleOf(pathname: string, language: Language, brand: string): string | null {
  const hit = PAGE_TITLES.find(([path]) => matchPath({ path: path.replace('{gpt}', gptSegment(brand)), caseSensitive: false, end: true }, pathname));
  const title = hit ? hit[1] : { zh: '页面不存在', en: 'Page not found' };
  if (title === null) return null;
  return `${title[language]} · ${PORTAL[language](brand)}`;
}
