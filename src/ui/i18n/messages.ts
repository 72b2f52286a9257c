import type { Language } from '../../domain/accounts/language.machine';
import type { AreaMessages } from './catalog';
import { accountsMessages } from '../accounts/accounts.messages';
import { commonMessages } from '../common/common.messages';
import { devicesMessages } from '../devices/devices.messages';
import { reportsMessages } from '../reports/reports.messages';
import { maintenanceMessages } from '../maintenance/maintenance.messages';
import { randomFilesMessages } from '../random-files/random-files.messages';
import { documentsMessages } from '../documents/documents.messages';
import { repairMessages } from '../repair/repair.messages';
import { landingMessages } from '../landing/landing.messages';
import { landingTopMessages } from '../landing/landing-top.messages';
import { shellMessages } from '../shell/shell.messages';
import { softwareMessages } from '../software/software.messages';
import { servicePagesMessages } from '../service-pages/service-pages.messages';
import { richTextEditorMessages } from '../common/rich-text-editor.messages';
import { knowledgeAdminMessages } from '../knowledge-admin/knowledge-admin.messages';
import { knowledgeMessages } from '../knowledge/knowledge.messages';
import { camMessages } from '../cam/cam.messages';
import { userCentreMessages } from '../user-centre/user-centre.messages';
import { chatMessages } from '../chat/chat.messages';
import { staffMessages } from '../staff/staff.messages';
import { alarmsMessages } from '../alarms/alarms.messages';
import { companiesMessages } from '../companies/companies.messages';

export type { AreaMessages };

/**
 * Every area's messages by area name, both languages: the table the checks read (the zh/en
 * parity and format tests, the UI tests' setup). Add a line here for a new `<area>.messages.ts`.
 * The app does not import it: the shared words come with the entry, the landing page's with its
 * chunks, and every other area's in the page's language only (message-loaders.ts).
 */
export const areaMessages: Record<string, AreaMessages> = {
  common: commonMessages,
  shell: shellMessages,
  accounts: accountsMessages,
  landingTop: landingTopMessages,
  landing: landingMessages,
  software: softwareMessages,
  servicePages: servicePagesMessages,
  devices: devicesMessages,
  reports: reportsMessages,
  maintenance: maintenanceMessages,
  randomFiles: randomFilesMessages,
  documents: documentsMessages,
  richTextEditor: richTextEditorMessages,
  knowledgeAdmin: knowledgeAdminMessages,
  knowledge: knowledgeMessages,
  cam: camMessages,
  userCentre: userCentreMessages,
  alarms: alarmsMessages,
  companies: companiesMessages,
  chat: chatMessages,
  staff: staffMessages,
  repair: repairMessages,
};

function merge(language: Language): Record<string, string> {
  return Object.assign({}, ...Object.values(areaMessages).map((area) => area[language]));
}

/** All messages of the portal, by language. */
export const messages: Record<Language, Record<string, string>> = { zh: merge('zh'), en: merge('en') };
