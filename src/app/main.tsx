import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { KeyValueStorageToken } from '../ports/tokens';
import { NoticeDialogs } from '../ui/common/notice-dialogs';
import { Toaster } from '../ui/common/toaster';
import { LanguageProvider, withoutLanguageQuery } from '../ui/i18n/language-context';
import { createAppRouter } from '../ui/shell/routes';
import { ContainerProvider } from './container-context';
import { createContainer } from './container';

const container = createContainer();
const storage = container.get(KeyValueStorageToken);

// `?lan=` / `?lang=` switch the language once (DECISIONS 3); drop them before the router reads the URL.
const query = window.location.search;
const rest = withoutLanguageQuery(query);
if (rest !== query) {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest}${window.location.hash}`);
}

const router = createAppRouter({ hasToken: () => !!storage.get('token') });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <ContainerProvider container={container}>
        <LanguageProvider storage={storage} query={query}>
          <RouterProvider router={router} />
          <NoticeDialogs />
          <Toaster />
        </LanguageProvider>
      </ContainerProvider>
    </ChakraProvider>
  </StrictMode>,
);
