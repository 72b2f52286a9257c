import { page, type AreaPage } from '../shell/page-route';

/** The company accounts' pages: the company and its members (the user centre's company section), and an invitation's acceptance. */
export const COMPANIES_PAGES: readonly AreaPage[] = [
  { path: 'company', route: page(() => import('./company-screen'), { services: ['companies'], messages: ['companies', 'shell', 'software'] }), title: { zh: '公司与成员', en: 'Company and members' } },
  { path: 'invitation', route: page(() => import('./invitation-screen'), { services: ['companies'], messages: ['companies', 'shell', 'software'] }), title: { zh: '公司邀请', en: 'Invitation to a company' } },
];
