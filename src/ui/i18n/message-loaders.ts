import type { Language } from '../../domain/accounts/language.machine';

type Texts = Readonly<Record<string, string>>;
type LoadTexts = () => Promise<{ default: Texts }>;

/**
 * Where each area's messages load from, one module per language (`<area>.messages.<lang>.ts`), so
 * that a page fetches its areas' texts in its own language only (issue 23: every area in both
 * languages came to some 45 kB of gzip before any page but the landing page rendered). The route
 * table says which areas a page needs (routes.tsx); the shared words and the landing page's come
 * with their chunks instead. Add a line here for a new `<area>.messages.ts`:
 * tests/ui/i18n/messages.test.ts fails until it is listed.
 */
export const MESSAGE_LOADERS = {
  shell: { zh: () => import('../shell/shell.messages.zh'), en: () => import('../shell/shell.messages.en') },
  accounts: { zh: () => import('../accounts/accounts.messages.zh'), en: () => import('../accounts/accounts.messages.en') },
  software: { zh: () => import('../software/software.messages.zh'), en: () => import('../software/software.messages.en') },
  servicePages: { zh: () => import('../service-pages/service-pages.messages.zh'), en: () => import('../service-pages/service-pages.messages.en') },
  devices: { zh: () => import('../devices/devices.messages.zh'), en: () => import('../devices/devices.messages.en') },
  reports: { zh: () => import('../reports/reports.messages.zh'), en: () => import('../reports/reports.messages.en') },
  maintenance: { zh: () => import('../maintenance/maintenance.messages.zh'), en: () => import('../maintenance/maintenance.messages.en') },
  randomFiles: { zh: () => import('../random-files/random-files.messages.zh'), en: () => import('../random-files/random-files.messages.en') },
  documents: { zh: () => import('../documents/documents.messages.zh'), en: () => import('../documents/documents.messages.en') },
  richTextEditor: { zh: () => import('../common/rich-text-editor.messages.zh'), en: () => import('../common/rich-text-editor.messages.en') },
  knowledgeAdmin: { zh: () => import('../knowledge-admin/knowledge-admin.messages.zh'), en: () => import('../knowledge-admin/knowledge-admin.messages.en') },
  knowledge: { zh: () => import('../knowledge/knowledge.messages.zh'), en: () => import('../knowledge/knowledge.messages.en') },
  cam: { zh: () => import('../cam/cam.messages.zh'), en: () => import('../cam/cam.messages.en') },
  userCentre: { zh: () => import('../user-centre/user-centre.messages.zh'), en: () => import('../user-centre/user-centre.messages.en') },
  chat: { zh: () => import('../chat/chat.messages.zh'), en: () => import('../chat/chat.messages.en') },
  staff: { zh: () => import('../staff/staff.messages.zh'), en: () => import('../staff/staff.messages.en') },
  alarms: { zh: () => import('../alarms/alarms.messages.zh'), en: () => import('../alarms/alarms.messages.en') },
  companies: { zh: () => import('../companies/companies.messages.zh'), en: () => import('../companies/companies.messages.en') },
  repair: { zh: () => import('../repair/repair.messages.zh'), en: () => import('../repair/repair.messages.en') },
} satisfies Record<string, Record<Language, LoadTexts>>;

/** An area whose messages load on demand: a key of MESSAGE_LOADERS. */
export type MessageArea = keyof typeof MESSAGE_LOADERS;

/** Every area that loads on demand (a page that does not say what it needs waits for all). */
export const MESSAGE_AREAS = Object.keys(MESSAGE_LOADERS) as MessageArea[];
