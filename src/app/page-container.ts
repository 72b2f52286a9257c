import { Container, ContainerModule } from 'inversify';
import type { KeyValueStoragePort } from '../ports/key-value-storage.port';
import type { SessionStorePort } from '../ports/session-store.port';
import { KeyValueStorageToken, SessionStoreToken } from '../ports/tokens';
import type { NoticeDialogStore } from '../ui/common/notice-dialogs.store';
import { NoticeDialogStoreToken } from './app-tokens';
import { commonModule } from './common.module';

/** What the page made before its container loaded (main.tsx) and the container must share. */
export interface PageParts {
  storage: KeyValueStoragePort;
  sessionStore: SessionStorePort;
  dialogs: NoticeDialogStore;
}

/**
 * The running page's container: the common module, with the page's own storage and dialog store.
 * The areas' modules come into it as their pages open (area-modules.ts).
 */
export function createPageContainer(parts: PageParts): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    commonModule,
    new ContainerModule(({ rebind }) => {
      rebind(KeyValueStorageToken).toConstantValue(parts.storage);
      rebind(SessionStoreToken).toConstantValue(parts.sessionStore);
      rebind(NoticeDialogStoreToken).toConstantValue(parts.dialogs);
    }),
  );
  return container;
}
