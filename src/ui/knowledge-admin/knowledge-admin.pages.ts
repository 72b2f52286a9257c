import { page, type AreaPage } from '../shell/page-route';

/** Staff's knowledge administration page. */
export const KNOWLEDGE_ADMIN_PAGES: readonly AreaPage[] = [
  { path: 'staff/knowledge', route: page(() => import('./knowledge-admin-screen'), { services: ['knowledgeAdmin'], messages: ['knowledge', 'knowledgeAdmin', 'richTextEditor', 'software'] }), title: { zh: '知识库管理', en: 'Knowledge administration' } },
];
