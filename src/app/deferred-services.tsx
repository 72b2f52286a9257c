import type { Container } from 'inversify';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { ServicesProvider, type ServiceArea, type UiServices } from '../ui/common/services-context';
import { uiServicesOf } from './container-context';
import type { PageParts } from './page-container';
import { KeyValueStorageToken, SessionStoreToken } from '../ports/tokens';

/** Loads areas' modules into a container and tells whether they are there (area-modules.ts). */
export interface AreaModules {
  /** `every`: all the areas there are. */
  load: (container: Container, areas: readonly ServiceArea[] | 'every') => Promise<void>;
  has: (container: Container, areas: readonly ServiceArea[]) => boolean;
}

/** For a container that has every area already (tests). */
const ALL_THERE: AreaModules = { load: async () => {}, has: () => true };

/**
 * The views' services while the container loads, then the container's. The landing page paints
 * with storage and the dialog store only and asks for the rest after its first paint; every other
 * page waits for the container and its areas' modules (route-gate.ts). So inversify, the HTTP
 * adapters and the session machine stay out of the landing page's first load, and a page loads
 * its own areas' machines only.
 */
export class DeferredServices {
  private services: UiServices;
  private pending: Promise<UiServices> | null = null;
  private container: Container | null = null;
  private readonly listeners = new Set<() => void>();
  private markShown: () => void = () => {};
  private readonly shownPromise = new Promise<void>((resolve) => (this.markShown = resolve));

  constructor(
    parts: PageParts,
    private readonly loadContainer: () => Promise<Container>,
    private readonly areaModules: AreaModules = ALL_THERE,
  ) {
    // No `session` here, not even a throwing getter: React's development build diffs the old and
    // new value when the provider renders again, and reads every key of the new one that the old
    // one has (`useSession` says what is wrong instead).
    const early = new Map<unknown, unknown>([
      [KeyValueStorageToken, parts.storage],
      [SessionStoreToken, parts.sessionStore],
    ]);
    const boot = {
      get: (token) => {
        if (!early.has(token)) throw new Error(`${String(token)} comes with the app's services: check UiServices.ready first`);
        return early.get(token);
      },
      dialogs: parts.dialogs,
      ready: false,
      load: this.loadAreas,
      has: this.has,
    } as UiServices;
    this.services = boot;
  }

  /** The services now (stable between changes, for useSyncExternalStore). */
  current = (): UiServices => this.services;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Resolves once the provider has put the container's services in context. The provider takes
   * them in a transition, which React may commit after the router's own update: a page rendered in
   * between read the landing page's services and failed ("check UiServices.ready first", seen on a
   * slow phone). The route gate waits for this, not for the load alone.
   */
  shown = (): Promise<void> => this.shownPromise;

  /** Called by the provider when the services it shows are the container's. */
  showing(services: UiServices): void {
    if (services.ready !== false) this.markShown();
  }

  /** Loads the container once (a failed load is tried again by the next call), then these areas' modules. */
  load(areas: readonly ServiceArea[] | 'every' = []): Promise<UiServices> {
    this.pending ??= this.loadContainer().then(
      (container) => {
        this.container = container;
        this.services = { ...uiServicesOf(container), ready: true, load: this.loadAreas, has: this.has };
        for (const listener of this.listeners) listener();
        return this.services;
      },
      (error: unknown) => {
        this.pending = null;
        throw error;
      },
    );
    return this.pending.then(async (services) => {
      await this.areaModules.load(this.container!, areas);
      return services;
    });
  }

  private readonly loadAreas = (areas: readonly ServiceArea[] | 'every' = []): Promise<void> => this.load(areas).then(() => {});

  private readonly has = (areas: readonly ServiceArea[]): boolean => this.container !== null && this.areaModules.has(this.container, areas);
}

/**
 * Puts the current services in context; the views that use them render again once the container
 * has loaded, as a transition (in slices, not one long task).
 */
export function DeferredServicesProvider({ services, children }: { services: DeferredServices; children: ReactNode }) {
  const [value, setValue] = useState(services.current);
  useEffect(() => {
    const unsubscribe = services.subscribe(() => startTransition(() => setValue(services.current())));
    setValue(services.current());
    return unsubscribe;
  }, [services]);
  useEffect(() => services.showing(value), [services, value]);
  return <ServicesProvider services={value}>{children}</ServicesProvider>;
}
