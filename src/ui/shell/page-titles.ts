import { matchPath } from 'react-router';
import type { Language } from '../../domain/accounts/language';
import { gptSegment } from '../common/brand';

/** A page's name in both languages; `null` for pages that set their own title (the articles). */
export type PageTitle = Readonly<Record<Language, string>> | null;

/**
 * The browser tab's name of every route of the route table (routes.tsx), keyed by the route's
 * path as written there (inside the /app basename). Kept apart from the route table so the
 * table stays a list of pages; tests/ui/shell/page-titles.test.ts fails when a route has no
 * entry here. Plain texts rather than message keys: the title is set before the areas'
 * messages have loaded.
 */
export const PAGE_TITLES: ReadonlyArray<readonly [path: string, title: PageTitle]> = [
  ['/', { zh: '首页', en: 'Home' }],
  ['/login', { zh: '登录', en: 'Log in' }],
  ['/Register', { zh: '注册', en: 'Register' }],
  ['/Information', { zh: 'CAM 客户信息登记', en: 'CAM customer information' }],
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
  ['/usercenter', { zh: '个人中心', en: 'User centre' }],
  ['/folder/:id', { zh: '知识目录', en: 'Knowledge folder' }],
  ['/article/:id/:parentId', null],
  ['/guideArticle/:id/:parentId', null],
  ['/selfArticle/:id/:parentId', null],
  ['/softwareDown/:id/:parentId/:isVisitor', null],
  ['/download2', { zh: '下载中心', en: 'Download centre' }],
  ['/guide', { zh: '操作指南', en: 'Operation guide' }],
  ['/random', { zh: '随机资料', en: 'Machine documents' }],
  ['/self', { zh: '自助排障', en: 'Self-service troubleshooting' }],
  ['/Summary', { zh: '故障统计', en: 'Fault summary' }],
  ['/Stock', { zh: '备件库存', en: 'Spare-part stock' }],
  ['/maintain', { zh: '保养统计', en: 'Maintenance statistics' }],
  ['/click', { zh: '一键报修', en: 'Report a fault' }],
  ['/fault/:code', { zh: '故障文章', en: 'Fault article' }],
  ['/m/:label', { zh: '设备二维码', en: 'Machine QR label' }],
  ['/deviceInfo/:orderNumber/:type', { zh: '设备详情', en: 'Machine details' }],
  ['/deviceInfoWs/:orderNumber/:type', { zh: '设备详情', en: 'Machine details' }],
  ['/bodorplus/:isVisitor?', { zh: 'Plus 软件介绍', en: 'Plus software' }],
  ['/bodornest/:isVisitor?', { zh: 'Nest 套料软件下载', en: 'Nest software download' }],
  ['/bodornesttube/:isVisitor?', { zh: 'Nest Tube 套管软件下载', en: 'Nest Tube software download' }],
  ['/nestdown1.0/:isVisitor?', { zh: 'Nest V1.0 下载', en: 'Nest V1.0 download' }],
  ['/bodornest1.5/:isVisitor?', { zh: 'Nest V1.5 下载', en: 'Nest V1.5 download' }],
  ['/test', { zh: '测试页', en: 'Test page' }],
  ['/service', { zh: '内部服务台', en: 'Internal service desk' }],
  ['/camReport', { zh: 'CAM 问题反馈', en: 'CAM problem report' }],
  ['/userReport', { zh: '提交新问题', en: 'Raise a new question' }],
  ['/nestvideo', { zh: '套料软件视频教程', en: 'Nest video tutorials' }],
  ['/standards', { zh: '服务标准', en: 'Service standards' }],
  ['/policy', { zh: '质保政策', en: 'Warranty policy' }],
  ['/dr', { zh: '软件下载', en: 'Software download' }],
  ['/staff/knowledge', { zh: '知识库管理', en: 'Knowledge administration' }],
  ['/staff/questions', { zh: '客户问题', en: 'Customer questions' }],
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
