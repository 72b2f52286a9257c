import { Container, type ContainerModule } from 'inversify';
import { accountsModule } from './accounts.module';
import { camModule } from './cam.module';
import { commonModule } from './common.module';
import { devicesModule } from './devices.module';
import { knowledgeModule } from './knowledge.module';
import { knowledgeAdminModule } from './knowledge-admin.module';
import { reportsModule } from './reports.module';
import { randomFilesModule } from './random-files.module';
import { repairModule } from './repair.module';
import { softwareModule } from './software.module';

/** The modules every browser container loads, one per area. */
export const browserModules: readonly ContainerModule[] = [commonModule, accountsModule, softwareModule, camModule, devicesModule, reportsModule, knowledgeModule, randomFilesModule, knowledgeAdminModule, repairModule];

/** The browser's inversify container; tests pass extra modules or `rebind` what they fake. */
export function createContainer(...extra: ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...browserModules, ...extra);
  return container;
}
