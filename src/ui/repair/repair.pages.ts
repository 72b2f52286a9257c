import { page, type AreaPage } from '../shell/page-route';

/** The repair area's pages (spec 3): fault summary, stock, one-click repair and the fault article of an alarm. */
export const REPAIR_PAGES: readonly AreaPage[] = [
  { path: 'Summary', route: page(() => import('./summary-screen'), { services: ['repair'], messages: ['repair', 'software'] }), title: { zh: '故障统计', en: 'Fault summary' } },
  // Case-insensitive too: /Stock and /stock (spec 3), optional query Id.
  { path: 'Stock', route: page(() => import('./stock-screen'), { services: ['repair'], messages: ['repair', 'software'] }), title: { zh: '备件库存', en: 'Spare-part stock' } },
  { path: 'click', route: page(() => import('./click-screen'), { services: ['accounts', 'devices', 'repair'], messages: ['accounts', 'cam', 'devices', 'repair', 'software'] }), title: { zh: '一键报修', en: 'Report a fault' } },
  { path: 'fault/:code', id: 'fault', route: page(() => import('./fault-article-screen'), { services: ['knowledge', 'repair'], messages: [] }), title: { zh: '故障文章', en: 'Fault article' } },
];
