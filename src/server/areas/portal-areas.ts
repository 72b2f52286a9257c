import type { Core } from './core';
import type { Config } from '../config';
import { accountsArea } from './accounts.area';
import { alarmsArea } from './alarms.area';
import { chatArea } from './chat.area';
import { companiesArea } from './companies.area';
import { devicesArea } from './devices.area';
import { documentsArea } from './documents.area';
import { knowledgeArea } from './knowledge.area';
import { maintenanceArea } from './maintenance.area';
import { randomFilesArea } from './random-files.area';
import { repairArea } from './repair.area';
import { reportsArea } from './reports.area';
import { AreaComposer } from './server-area';
import { siteArea } from './site.area';
import { softwareArea } from './software.area';
import { staffArea } from './staff.area';
import { supportArea } from './support.area';
import { userCentreArea } from './user-centre.area';

/**
 * Every area of the portal, one line each: its services are composed in this order (an area
 * after those it uses, which the compiler checks) and its routes registered in it.
 */
export function composePortalAreas(core: Core, config: Config) {
  return AreaComposer.from(core, config)
    .add(accountsArea)
    .add(siteArea)
    .add(softwareArea)
    .add(repairArea)
    .add(alarmsArea)
    .add(devicesArea)
    .add(reportsArea)
    .add(randomFilesArea)
    .add(knowledgeArea)
    .add(userCentreArea)
    .add(supportArea)
    .add(staffArea)
    .add(maintenanceArea)
    .add(documentsArea)
    .add(chatArea)
    .add(companiesArea);
}
