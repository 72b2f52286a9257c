import { ChakraProvider } from '@chakra-ui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createPortalSystem, providedSystem } from '../ui/common/chakra-system';
import { LazyToaster, toasterModule } from '../ui/common/lazy-toaster';
import { NoticeDialogStore } from '../ui/common/notice-dialogs.store';
import { NoticeDialogsHost, noticeDialogsModule } from '../ui/common/notice-dialogs-host';
import { resolveLanguage } from '../domain/accounts/language';
import { LanguageProvider, withoutLanguageQuery } from '../ui/i18n/language-context';
import { EVERY_AREA, loadPageMessages, setMessagesLanguage } from '../ui/i18n/load-messages';
import { APP_BASENAME, appRoutes } from '../ui/shell/routes';
import { LocalStorageAdapter } from '../adapters/local-storage/local-storage.adapter';
import { StorageSessionStore } from '../adapters/local-storage/session-store.adapter';
import { DeferredServices, DeferredServicesProvider } from './deferred-services';
import { gateRoutes } from './route-gate';

// The landing page is the front door: what it needs to paint is in this chunk and the landing
// chunk; the container (inversify, the HTTP adapters, the session), the toaster and the blocking
// dialogs load afterwards (docs/BENCHMARKS.md, landing section). Every other page waits for the
// container with its own areas' modules and its areas' messages in its language (route-gate.ts).
const storage = new LocalStorageAdapter();
const sessionStore = new StorageSessionStore(storage);
const dialogs = new NoticeDialogStore();
// The toaster and the dialogs come with the container, before its first call can fail: a dialog
// about a lost network must not depend on the network.
// Where each area's module is (area-modules.ts) loads with the container, out of the entry, which
// the landing page fetches before its first screen.
let areaModules: typeof import('./area-modules') | null = null;
const loadAreaTable = async () => (areaModules ??= await import('./area-modules'));

const services = new DeferredServices({ storage, sessionStore, dialogs }, async () => {
  const [{ createPageContainer }] = await Promise.all([import('./page-container'), toasterModule.load(), noticeDialogsModule.load(), loadAreaTable()]);
  return createPageContainer({ storage, sessionStore, dialogs });
}, {
  load: async (container, areas) => (await loadAreaTable()).loadAreaModules(container, areas),
  has: (container, areas) => areaModules?.hasAreaModules(container, areas) ?? false,
});

// `?lan=` / `?lang=` switch the language once (DECISIONS 3); drop them before the router reads the URL.
// The internal service page keeps `lang`: its query modes read it (spec 3, ui/staff/service-screen).
const query = window.location.search;
const rest = /^\/app\/service\/?$/i.test(window.location.pathname) ? query : withoutLanguageQuery(query);
if (rest !== query) {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest}${window.location.hash}`);
}

// The router starts loading the first page before the language provider renders: the areas'
// messages load in the language the provider will start in (the same rule).
setMessagesLanguage(resolveLanguage({ query, stored: storage.get('lang'), browser: navigator.language }));
const routes = gateRoutes(appRoutes({ hasToken: () => sessionStore.signedIn() }), (needs) =>
  Promise.all([services.load(needs?.services ?? 'every').then(services.shown), loadPageMessages(needs?.messages ?? EVERY_AREA)]),
);
const router = createBrowserRouter(routes, { basename: APP_BASENAME });

// The start is split into tasks, each short enough not to hold up a tap (docs/adr/0008): the
// modules' evaluation, Chakra's system, then the first render as a transition, which React runs in
// slices. On the landing page the first screen has painted before any of it. (A function rather
// than top-level await, which would change how the bundler splits the first load.)
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  const portalSystem = providedSystem(createPortalSystem());
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ChakraProvider value={portalSystem}>
          <DeferredServicesProvider services={services}>
            <LanguageProvider storage={storage} query={query}>
              <RouterProvider router={router} />
              <NoticeDialogsHost />
              <LazyToaster />
            </LanguageProvider>
          </DeferredServicesProvider>
        </ChakraProvider>
      </StrictMode>,
    ),
  );
}
void start();
