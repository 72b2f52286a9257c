import { useDeferredValue, useMemo, type DependencyList, type ReactNode } from 'react';

/**
 * A screen's view of data that arrives from an actor, rendered as a transition.
 *
 * `useSelector` reads an actor through `useSyncExternalStore`, whose updates React renders
 * synchronously, in one task: when a page's data arrives, every row or tile is rendered and
 * committed in one go, which on a phone-speed CPU was the page's longest task (60 to 80 ms of
 * real time on /index/device, docs/adr/0024). Here the data goes through `useDeferredValue`:
 * the urgent render keeps the view from before (the same element, so React skips it), and the new
 * view renders at transition priority, in slices that leave the main thread free between them.
 *
 * `data` are the actor's values the view shows (each compared as React compares dependencies);
 * `deps` are what `render` reads besides them (the actor, the parent's props).
 */
export function useDeferredView<T extends readonly unknown[]>(data: T, render: (...shown: T) => ReactNode, deps: DependencyList): ReactNode {
  // The same array while its items are the same, so an unchanged view is not deferred again.
  const stable = useMemo(() => data, data);
  const shown = useDeferredValue(stable);
  // `render` is a new function each render: what it reads is `shown` and `deps`.
  return useMemo(() => render(...shown), [shown, ...deps]);
}
