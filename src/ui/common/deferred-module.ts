import { startTransition, useEffect, useState } from 'react';

/**
 * A module loaded once on demand, whose value components can wait for. Used for the parts of the
 * page that nobody needs at first paint (the toaster, the blocking dialogs, menus): their code
 * loads after the page shows, or when first asked for.
 */
export interface DeferredModule<M> {
  /** Starts loading (once; a failed load is retried by the next call). */
  load(): Promise<M>;
  /** The module once loaded, else null. */
  current(): M | null;
  subscribe(listener: () => void): () => void;
}

export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module's value; with `now`, starts loading it after this component's first paint. What the
 * module brings renders as a transition: React renders it in slices between other work instead
 * of one long task, so the page stays responsive while it fills in.
 */
export function useDeferredModule<M>(module: DeferredModule<M>, now = true): M | null {
  const [value, setValue] = useState(module.current);
  useEffect(() => {
    const unsubscribe = module.subscribe(() => startTransition(() => setValue(module.current())));
    setValue(module.current());
    if (now) module.load().catch(() => {});
    return unsubscribe;
  }, [module, now]);
  return value;
}
