import type { ServiceIdentifier } from 'inversify';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../domain/accounts/session.machine';
import type { AccountsApiPort } from '../../ports/accounts-api.port';
import type { HomeApiPort } from '../../ports/home-api.port';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { NotifierPort } from '../../ports/notifier.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import type { SoftwareApiPort } from '../../ports/software-api.port';
import type { NoticeDialogStore } from './notice-dialogs.store';

/**
 * Ports the views may reach, by the name their token carries (`Symbol.for(name)` in ports/tokens.ts).
 * An area adds its own with declaration merging:
 * `declare module '../common/services-context' { interface PortMap { DevicesApiPort: DevicesApiPort } }`.
 */
export interface PortMap {
  PortalHttpPort: PortalHttpPort;
  NotifierPort: NotifierPort;
  KeyValueStoragePort: KeyValueStoragePort;
  AccountsApiPort: AccountsApiPort;
  SoftwareApiPort: SoftwareApiPort;
  HomeApiPort: HomeApiPort;
}

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/** What the composition root hands to the views (ui may not import app or the container). */
export interface UiServices {
  /** What the container binds to a token (`ports/tokens.ts`, or an area's machines token); throws when nothing is bound. */
  get<T>(token: ServiceIdentifier<T>): T;
  /** The bound port, or undefined when no module binds it (areas not yet moved to `get`). */
  port<K extends keyof PortMap>(name: K): PortMap[K] | undefined;
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
  /** Starts loading the app's services when they are not there yet. */
  load?: () => void;
}

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

/** A bound port; throws when no module binds it. */
export function usePort<K extends keyof PortMap>(name: K): PortMap[K] {
  const port = useServices().port(name);
  if (!port) throw new Error(`No binding for ${String(name)}`);
  return port;
}

/** A port that may not be bound yet (an area still being built). */
export function useOptionalPort<K extends keyof PortMap>(name: K): PortMap[K] | undefined {
  return useServices().port(name);
}

/**
 * For a page that paints before the app's services (the landing page): starts loading them after
 * the first paint and tells whether they are there, so that the parts needing ports wait.
 */
export function useServicesLoaded(): boolean {
  const services = useServices();
  useEffect(() => services.load?.(), [services]);
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
