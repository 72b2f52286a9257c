import { ACCOUNTS_PAGES } from '../accounts/accounts.pages';
import { ALARMS_PAGES } from '../alarms/alarms.pages';
import { COMPANIES_PAGES } from '../companies/companies.pages';
import { DEVICES_PAGES } from '../devices/devices.pages';
import { KNOWLEDGE_ADMIN_PAGES } from '../knowledge-admin/knowledge-admin.pages';
import { KNOWLEDGE_PAGES } from '../knowledge/knowledge.pages';
import { MAINTENANCE_PAGES } from '../maintenance/maintenance.pages';
import { RANDOM_FILES_PAGES } from '../random-files/random-files.pages';
import { REPAIR_PAGES } from '../repair/repair.pages';
import { SERVICE_PAGES } from '../service-pages/service-pages.pages';
import { SOFTWARE_PAGES } from '../software/software.pages';
import { STAFF_PAGES } from '../staff/staff.pages';
import { USER_CENTRE_PAGES } from '../user-centre/user-centre.pages';
import type { AreaPage } from './page-route';

/**
 * Every area's own pages (each declared once in its `<area>.pages.ts`: path, chunk, needs and
 * title), for the route table and the document titles. A new page of an area is a line in that
 * area's file; a new area is one line here. The shells' sections, the staff console's tabs and
 * the pages of the shell itself stay in routes.tsx: they nest.
 */
export const AREA_PAGES: readonly AreaPage[] = [
  ...ACCOUNTS_PAGES,
  ...SOFTWARE_PAGES,
  ...USER_CENTRE_PAGES,
  ...KNOWLEDGE_PAGES,
  ...RANDOM_FILES_PAGES,
  ...REPAIR_PAGES,
  ...MAINTENANCE_PAGES,
  ...DEVICES_PAGES,
  ...SERVICE_PAGES,
  ...STAFF_PAGES,
  ...KNOWLEDGE_ADMIN_PAGES,
  ...ALARMS_PAGES,
  ...COMPANIES_PAGES,
];
