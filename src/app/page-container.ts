import { ContainerModule, type Container } from 'inversify';
import type { KeyValueStoragePort } from '../ports/key-value-storage.port';
import type { SessionStorePort } from '../ports/session-store.port';
import { KeyValueStorageToken, SessionStoreToken } from '../ports/tokens';
import type { NoticeDialogStore } from '../ui/common/notice-dialogs.store';
import { NoticeDialogStoreToken } from './app-tokens';
import { createContainer } from './container';

/** What the page made before its container loaded (main.tsx) and the container must share. */
export interface PageParts {
  storage: KeyValueStoragePort;
  sessionStore: SessionStorePort;
  dialogs: NoticeDialogStore;
}

/** The running page's container: every area's module, with the page's own storage and dialog store. */
export function createPageContainer(parts: PageParts): Container {
  return createContainer(
    new ContainerModule(({ rebind }) => {
      rebind(KeyValueStorageToken).toConstantValue(parts.storage);
      rebind(SessionStoreToken).toConstantValue(parts.sessionStore);
      rebind(NoticeDialogStoreToken).toConstantValue(parts.dialogs);
    }),
  );
}
