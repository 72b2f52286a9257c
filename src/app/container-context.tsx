import type { Container, ServiceIdentifier } from 'inversify';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ServicesProvider, type UiServices } from '../ui/common/services-context';
import { NoticeDialogStoreToken, SessionActorToken } from './app-tokens';

const ContainerContext = createContext<Container | null>(null);

/** The views' window on a container: what is bound to a token, the session, the dialogs. */
export function uiServicesOf(container: Container): UiServices {
  return {
    get: (token) => container.get(token),
    session: container.get(SessionActorToken),
    dialogs: container.get(NoticeDialogStoreToken),
  };
}

/** Puts the container (for app code) and its UiServices (for views) in context. */
export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  const services = useMemo(() => uiServicesOf(container), [container]);
  return (
    <ContainerContext.Provider value={container}>
      <ServicesProvider services={services}>{children}</ServicesProvider>
    </ContainerContext.Provider>
  );
}

/** The container, for components that live in app/. */
export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer needs a <ContainerProvider> above it');
  return container;
}

/** Resolves one binding of the container. */
export function useInjection<T>(id: ServiceIdentifier<T>): T {
  const container = useContainer();
  return useMemo(() => container.get(id), [container, id]);
}
