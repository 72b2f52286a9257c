import { Container, type ContainerModule } from 'inversify';
import { accountsModule } from './accounts.module';
import { camModule } from './cam.module';
import { camPageModule } from './cam-page.module';
import { commonModule } from './common.module';
import { devicesModule } from './devices.module';
import { knowledgeModule } from './knowledge.module';
import { knowledgeAdminModule } from './knowledge-admin.module';
import { reportsModule } from './reports.module';
import { randomFilesModule } from './random-files.module';
import { documentsModule } from './documents.module';
import { chatModule } from './chat.module';
import { repairModule } from './repair.module';
import { softwareModule } from './software.module';
import { userCentreModule } from './user-centre.module';
import { maintenanceModule } from './maintenance.module';
import { staffModule } from './staff.module';
import { alarmsModule } from './alarms.module';
import { companiesModule } from './companies.module';

/** Every area's module, one per area: what tests load (a page loads common.module.ts and then its areas', area-modules.ts). */
export const browserModules: readonly ContainerModule[] = [commonModule, accountsModule, softwareModule, camModule, devicesModule, reportsModule, knowledgeModule, randomFilesModule, knowledgeAdminModule, camPageModule, userCentreModule, maintenanceModule, documentsModule, chatModule, staffModule, repairModule, alarmsModule, companiesModule];

/** The browser's inversify container with every area; tests pass extra modules or `rebind` what they fake. */
export function createContainer(...extra: ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...browserModules, ...extra);
  return container;
}
