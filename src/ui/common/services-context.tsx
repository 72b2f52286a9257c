import type { ServiceIdentifier } from 'inversify';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../domain/accounts/session.machine';
import type { NoticeDialogStore } from './notice-dialogs.store';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/** What the composition root hands to the views (ui may not import app or the container). */
export interface UiServices {
  /** What the container binds to a token (`ports/tokens.ts`, or an area's machines token); throws when nothing is bound. */
  get<T>(token: ServiceIdentifier<T>): T;
  /** The running session machine: send `session.login` after a login, `session.logout` to log out. */
  session: SessionActorRef;
  /** The blocking dialogs that `NoticeDialogs` renders. */
  dialogs: NoticeDialogStore;
  /**
   * False while the app's services are still loading: the landing page paints before them, with
   * storage and the dialogs only (`port` answers KeyValueStoragePort alone, `session` is not there
   * yet and `useSession`/`sessionOf` throw). Every other page renders after them. Absent means ready.
   */
  ready?: boolean;
  /**
   * Loads the app's services when they are not there yet, with the services of the areas named
   * (their container modules, app/area-modules.ts); resolves once they can be got. Every page but
   * the landing page renders after its areas' (the route gate, routes.tsx says which).
   */
  load?: (areas?: readonly ServiceArea[] | 'every') => Promise<void>;
  /** Whether the services of these areas are there; absent means they are. */
  has?: (areas: readonly ServiceArea[]) => boolean;
}

/** An area whose services (its container module, app/area-modules.ts) load when a page needs them. */
export type ServiceArea =
  | 'accounts'
  | 'software'
  | 'cam'
  | 'camPage'
  | 'devices'
  | 'reports'
  | 'knowledge'
  | 'randomFiles'
  | 'knowledgeAdmin'
  | 'userCentre'
  | 'maintenance'
  | 'documents'
  | 'chat'
  | 'staff'
  | 'repair'
  | 'alarms'
  | 'companies';

const ServicesContext = createContext<UiServices | null>(null);

/** Makes the app's services reachable by the views below it. */
export function ServicesProvider({ services, children }: { services: UiServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): UiServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a <ServicesProvider> (src/app/container-context.tsx) above it');
  return services;
}

/** What the container binds to a token: a port, or an area's ready machines. */
export function useService<T>(token: ServiceIdentifier<T>): T {
  return useServices().get(token);
}

/**
 * For a page that paints before the app's services (the landing page): starts loading them after
 * the first paint and tells whether they are there, so that the parts needing ports wait.
 */
export function useServicesLoaded(): boolean {
  const services = useServices();
  useEffect(() => void services.load?.().catch(() => {}), [services]);
  return services.ready !== false;
}

/** The session machine's actor. */
export function useSession(): SessionActorRef {
  return sessionOf(useServices());
}

/** The session machine's actor outside render (an event handler); not there before `ready`. */
export function sessionOf(services: UiServices): SessionActorRef {
  if (services.ready === false) throw new Error('The session starts with the app services: check UiServices.ready first');
  return services.session;
}
