import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LocalStorageAdapter } from '../../../src/adapters/local-storage/local-storage.adapter';
import { startSession } from '../../../src/app/session';
import { NoticeDialogs } from '../../../src/ui/common/notice-dialogs';
import { NoticeDialogStore } from '../../../src/ui/common/notice-dialogs.store';
import { BrowserNotifier } from '../../../src/ui/common/notifier';
import { ServicesProvider, type PortMap, type UiServices } from '../../../src/ui/common/services-context';
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
      return { code: 200, info: '' };
    },
  } as unknown as AccountsApiPort;
  const session = startSession({
    storage,
    dialogs,
    reload: () => void (calls.reload += 1),
    logout: async () => void (await accounts.logout()),
    verify: async () => void (calls.verify += 1),
  });
  const notifier = new BrowserNotifier({
    toasts: { create: (o) => calls.toasts.push(`${o.type}:${o.title}`) },
    dialogs,
    onLoginExpired: () => session.send({ type: 'session.expired' }),
  });
  const ports: Partial<PortMap> = { KeyValueStoragePort: storage, NotifierPort: notifier, AccountsApiPort: accounts };
  const services: UiServices = {
    port: (name) => ports[name] as never,
    session,
    dialogs,
  };
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
