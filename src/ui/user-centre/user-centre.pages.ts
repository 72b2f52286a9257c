import { named, page, type AreaPage } from '../shell/page-route';

/** The user centre's pages, the feedback forms and staff's list of the customers' questions. */
export const USER_CENTRE_PAGES: readonly AreaPage[] = [
  { path: 'usercenter', route: page(() => import('./user-centre-screen'), { services: ['userCentre'], messages: ['accounts', 'software', 'userCentre'] }), title: { zh: '个人中心', en: 'User centre' } },
  { path: 'camReport', route: named(() => import('./feedback-screen'), (m) => m.CamReportPage, { services: ['userCentre'], messages: ['accounts', 'richTextEditor', 'software', 'userCentre'] }), title: { zh: 'CAM 问题反馈', en: 'CAM problem report' } },
  { path: 'userReport', route: named(() => import('./feedback-screen'), (m) => m.UserReportPage, { services: ['userCentre'], messages: ['accounts', 'richTextEditor', 'software', 'userCentre'] }), title: { zh: '提交新问题', en: 'Raise a new question' } },
  { path: 'staff/questions', route: page(() => import('./staff-questions-screen'), { services: ['userCentre'], messages: ['software', 'userCentre'] }), title: { zh: '客户问题', en: 'Customer questions' } },
];
