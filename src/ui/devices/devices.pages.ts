import { page, type AreaPage, type PageNeeds } from '../shell/page-route';

const LIVE_PAGE: PageNeeds = { services: ['devices', 'maintenance'], messages: ['devices', 'repair'] };

/** The devices area's pages outside the portal shell: a scanned QR label and the two live pages. */
export const DEVICES_PAGES: readonly AreaPage[] = [
  // A scanned QR label (issue 39): the server sends /m/<label> here.
  { path: 'm/:label', id: 'labelScan', route: page(() => import('./label-scan-screen'), { services: ['devices'], messages: ['devices', 'software', 'accounts'] }), title: { zh: '设备二维码', en: 'Machine QR label' } },
  { path: 'deviceInfo/:orderNumber/:type', id: 'deviceInfo', route: page(() => import('./tube-device-screen'), LIVE_PAGE), title: { zh: '设备详情', en: 'Machine details' } },
  { path: 'deviceInfoWs/:orderNumber/:type', id: 'deviceInfoWs', route: page(() => import('./sheet-device-screen'), LIVE_PAGE), title: { zh: '设备详情', en: 'Machine details' } },
];
