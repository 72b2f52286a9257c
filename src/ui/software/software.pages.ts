import { named, page, type AreaPage } from '../shell/page-route';
import type { PageNeeds } from '../shell/page-route';

const loadDownloadPages = () => import('./software-download-screen');

const DOWNLOAD_PAGE: PageNeeds = { services: ['software'], messages: ['cam', 'software'] };

/** The software area's pages: the CAM customer form, the software information pages (spec 2 section 2) and the download page. */
export const SOFTWARE_PAGES: readonly AreaPage[] = [
  { path: 'Information', route: page(() => import('./information-screen'), { services: ['software'], messages: ['accounts', 'cam', 'software'] }), title: { zh: 'CAM 客户信息登记', en: 'CAM customer information' } },
  // The landing-page CAM cards open these with a trailing /true; old links may omit it.
  { path: 'bodorplus/:isVisitor?', id: 'bodorplus', route: page(() => import('./plus-intro-screen'), { services: [], messages: ['servicePages', 'software'] }), title: { zh: 'Plus 软件介绍', en: 'Plus software' } },
  { path: 'bodornest/:isVisitor?', id: 'bodornest', route: named(loadDownloadPages, (m) => m.NestDownloadPage, DOWNLOAD_PAGE), title: { zh: 'Nest 套料软件下载', en: 'Nest software download' } },
  { path: 'bodornesttube/:isVisitor?', id: 'bodornesttube', route: named(loadDownloadPages, (m) => m.NestTubeDownloadPage, DOWNLOAD_PAGE), title: { zh: 'Nest Tube 套管软件下载', en: 'Nest Tube software download' } },
  { path: 'nestdown1.0/:isVisitor?', id: 'nestdown1.0', route: named(loadDownloadPages, (m) => m.Nest10DownloadPage, DOWNLOAD_PAGE), title: { zh: 'Nest V1.0 下载', en: 'Nest V1.0 download' } },
  { path: 'bodornest1.5/:isVisitor?', id: 'bodornest1.5', route: named(loadDownloadPages, (m) => m.Nest15DownloadPage, DOWNLOAD_PAGE), title: { zh: 'Nest V1.5 下载', en: 'Nest V1.5 download' } },
  { path: 'dr', route: page(() => import('./dr-screen'), { services: [], messages: ['software'] }), title: { zh: '软件下载', en: 'Software download' } },
];
