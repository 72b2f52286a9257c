import { Container, type ContainerModule } from 'inversify';
import { accountsModule } from './accounts.module';
import { commonModule } from './common.module';

/** The modules every browser container loads, one per area. */
export const browserModules: readonly ContainerModule[] = [commonModule, accountsModule];

/** The browser's inversify container; tests pass extra modules or `rebind` what they fake. */
export function createContainer(...extra: ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...browserModules, ...extra);
  return container;
}
