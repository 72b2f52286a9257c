import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { LocalStorageAdapter } from '../../src/adapters/local-storage/local-storage.adapter';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import { NoticeDialogStoreToken, SessionActorToken } from '../../src/app/app-tokens';
import { createContainer } from '../../src/app/container';
import { uiServicesOf } from '../../src/app/container-context';
import { startSession } from '../../src/app/session';
import type { NotifierPort } from '../../src/ports/notifier.port';
import { KeyValueStorageToken, NotifierToken, SessionStoreToken } from '../../src/ports/tokens';
import { NoticeDialogStore } from '../../src/ui/common/notice-dialogs.store';
import { ServicesProvider } from '../../src/ui/common/services-context';
import { LanguageProvider } from '../../src/ui/i18n/language-context';

/** Shows where the router ended up, for asserting navigation. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** A fake bound in place of what the app's modules bind to a token. */
export type Fake<T = never> = readonly [ServiceIdentifier<T>, T];
export const fake = <T,>(token: ServiceIdentifier<T>, value: T): Fake<T> => [token, value];

/**
 * Screens in a memory router with the real providers and the app's container (every area's
 * module, so areas' machines are wired as in the page): jsdom's local storage, a session,
 * recorded toasts, and the given fakes in place of the ports. A catch-all route shows where
 * navigation led.
 */
export function renderRoutes(
  path: string,
  routes: Array<{ path: string; Component: ComponentType }>,
  options: { fakes?: readonly Fake<any>[]; lang?: 'zh' | 'en' } = {},
) {
  window.localStorage.setItem('lang', options.lang ?? 'en');
  const storage = new LocalStorageAdapter();
  const dialogs = new NoticeDialogStore();
  const toasts: string[] = [];
  const notifier: NotifierPort = {
    error: (text) => void toasts.push(`error:${text}`),
    success: (text) => void toasts.push(`success:${text}`),
    warning: (text) => void toasts.push(`warning:${text}`),
    dialog: () => {},
  };
  const sessionStore = new StorageSessionStore(storage);
  const session = startSession({ session: sessionStore, dialogs, reload: () => {}, logout: async () => {}, verify: async () => {} });
  const fakes: Fake<any>[] = [
    fake(KeyValueStorageToken, storage),
    fake(SessionStoreToken, sessionStore),
    fake(NotifierToken, notifier),
    fake(NoticeDialogStoreToken, dialogs),
    fake(SessionActorToken, session),
    ...(options.fakes ?? []),
  ];
  const container = createContainer(
    new ContainerModule(({ bind, isBound, rebind }) => {
      for (const [token, value] of fakes) (isBound(token) ? rebind(token) : bind(token)).toConstantValue(value);
    }),
  );
  const services = uiServicesOf(container);
  const router = createMemoryRouter([...routes, { path: '*', Component: Where }], { initialEntries: [path] });
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <ServicesProvider services={services}>
        <LanguageProvider storage={storage} browserLanguage="en-US">
          <RouterProvider router={router} />
        </LanguageProvider>
      </ServicesProvider>
    </ChakraProvider>,
  );
  return { ...view, storage, session, router, toasts, appContainer: container };
}
