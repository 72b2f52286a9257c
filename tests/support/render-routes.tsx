import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { LocalStorageAdapter } from '../../src/adapters/local-storage/local-storage.adapter';
import { startSession } from '../../src/app/session';
import type { NotifierPort } from '../../src/ports/notifier.port';
import { NoticeDialogStore } from '../../src/ui/common/notice-dialogs.store';
import { ServicesProvider, type PortMap, type UiServices } from '../../src/ui/common/services-context';
import { LanguageProvider } from '../../src/ui/i18n/language-context';

/** Shows where the router ended up, for asserting navigation. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Screens in a memory router with the real providers: jsdom's local storage, a session, recorded
 * toasts and the given area ports. A catch-all route shows where navigation led.
 */
export function renderRoutes(
  path: string,
  routes: Array<{ path: string; Component: ComponentType }>,
  options: { ports?: Partial<PortMap>; lang?: 'zh' | 'en' } = {},
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
  const session = startSession({ storage, dialogs, reload: () => {}, logout: async () => {}, verify: async () => {} });
  const ports: Partial<PortMap> = { KeyValueStoragePort: storage, NotifierPort: notifier, ...options.ports };
  const services: UiServices = { port: (name) => ports[name] as never, session, dialogs };
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
  return { ...view, storage, session, router, toasts };
}
