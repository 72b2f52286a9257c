import type { PageTitle } from '../common/portal-title';

/**
 * The titles of the routes routes.tsx writes itself (the shells' sections, the staff console's
 * tabs, the fallbacks), keyed by the route's path; the areas' pages carry their own
 * (`<area>.pages.ts`). Apart from the route table, with no page loader in it: the server's
 * painted first screens read it too.
 */
export const SHELL_TITLES: ReadonlyArray<readonly [path: string, title: PageTitle]> = [
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
  ['/test', { zh: '连接测试', en: 'Connection test' }],
  ['/staff', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/registrations', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/audit', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/leads', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/downloads', { zh: '员工后台', en: 'Staff console' }],
  ['/staff/registry', { zh: '设备登记管理', en: 'Machine registry' }],
  ['/staff/releases', { zh: '发布 CAM 版本', en: 'Publish CAM releases' }],
  ['/staff/videos', { zh: '站点视频', en: 'Site videos' }],
  ['/staff/work-orders', { zh: '工单处理', en: 'Work orders' }],
  ['/staff/companies', { zh: '客户公司', en: 'Companies' }],
  ['/staff/companies/:companyId', { zh: '客户公司', en: 'Company' }],
  ['/staff/deliveries', { zh: '告警通知记录', en: 'Alarm deliveries' }],
  ['/*', { zh: '页面不存在', en: 'Page not found' }],
];

/** The title of a route of SHELL_TITLES, by its path as written there. */
export function shellTitle(path: string): PageTitle {
  const entry = SHELL_TITLES.find(([p]) => p === path);
  if (!entry) throw new Error(`no title for ${path}`);
  return entry[1];
}
