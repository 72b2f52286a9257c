import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LocalStorageAdapter } from '../../../src/adapters/local-storage/local-storage.adapter';
import { StorageSessionStore } from '../../../src/adapters/local-storage/session-store.adapter';
import { ContainerModule } from 'inversify';
import { NoticeDialogStoreToken, SessionActorToken } from '../../../src/app/app-tokens';
import { createContainer } from '../../../src/app/container';
import { uiServicesOf } from '../../../src/app/container-context';
import type { PortalHttpPort } from '../../../src/ports/portal-http.port';
import { KeyValueStorageToken, NotifierToken, SessionStoreToken } from '../../../src/ports/tokens';
import { AccountsApiToken, PortalDownloadToken, PortalHttpToken } from '../../../src/ports/api-tokens';

/** An HTTP port with no server behind it: every call fails before an answer, and shows no dialog. */
const unreachableHttp = {
  call: async () => {
    throw new TypeError('no server in the shell tests');
  },
  download: async () => {
    throw new TypeError('no server in the shell tests');
  },
} as unknown as PortalHttpPort;
import { startSession } from '../../../src/app/session';
import { NoticeDialogs } from '../../../src/ui/common/notice-dialogs';
import { NoticeDialogStore } from '../../../src/ui/common/notice-dialogs.store';
import { BrowserNotifier } from '../../../src/ui/common/notifier';
import { ServicesProvider } from '../../../src/ui/common/services-context';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';
import { appRoutes } from '../../../src/ui/shell/routes';
import type { AccountsApiPort } from '../../../src/ports/accounts-api.port';

/** Renders the whole route table in a memory router with real storage (jsdom) and recorded side effects. */
export function renderApp(path: string, options: { stored?: Record<string, string>; browserLanguage?: string } = {}) {
  for (const [key, value] of Object.entries(options.stored ?? {})) window.localStorage.setItem(key, value);
  const storage = new LocalStorageAdapter();
  const dialogs = new NoticeDialogStore();
  const calls = { reload: 0, logout: 0, verify: 0, toasts: [] as string[] };
  const accounts = {
    logout: async () => {
      calls.logout += 1;
    },
  } as unknown as AccountsApiPort;
  const sessionStore = new StorageSessionStore(storage);
  const session = startSession({
    session: sessionStore,
    dialogs,
    reload: () => void (calls.reload += 1),
    logout: () => accounts.logout(),
    verify: async () => void (calls.verify += 1),
  });
  const notifier = new BrowserNotifier({
    toasts: { create: (o) => calls.toasts.push(`${o.type}:${o.title}`) },
    dialogs,
    onLoginExpired: () => session.send({ type: 'session.expired' }),
  });
  // The app's container with this harness's storage, session, notifier and accounts; the pages'
  // own calls fail as with no network (the shell is under test, not the pages).
  const container = createContainer(
    new ContainerModule(({ rebind }) => {
      rebind(KeyValueStorageToken).toConstantValue(storage);
      rebind(SessionStoreToken).toConstantValue(sessionStore);
      rebind(NoticeDialogStoreToken).toConstantValue(dialogs);
      rebind(SessionActorToken).toConstantValue(session);
      rebind(NotifierToken).toConstantValue(notifier);
      rebind(AccountsApiToken).toConstantValue(accounts);
      rebind(PortalHttpToken).toConstantValue(unreachableHttp);
      rebind(PortalDownloadToken).toConstantValue(unreachableHttp as never);
    }),
  );
  const services = uiServicesOf(container);
  const router = createMemoryRouter(appRoutes({ hasToken: () => !!storage.get('token'), brandName: 'Laser' }), {
    initialEntries: [path],
  });
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <ServicesProvider services={services}>
        <LanguageProvider storage={storage} browserLanguage={options.browserLanguage ?? 'en-US'}>
          <RouterProvider router={router} />
          <NoticeDialogs />
        </LanguageProvider>
      </ServicesProvider>
    </ChakraProvider>,
  );
  return { ...view, router, storage, session, notifier, dialogs, calls };
}
