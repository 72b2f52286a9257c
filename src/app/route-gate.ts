import type { RouteObject } from 'react-router';

/**
 * Makes every page but the landing page (the index route under the root) wait for `ready` (the
 * app's services and every area's messages) while its chunk loads. Pages are lazy routes, so
 * wrapping `lazy` covers them all; the gate and the chunk load side by side.
 */
export function gateRoutes(routes: RouteObject[], ready: () => Promise<unknown>): RouteObject[] {
  return routes.map((root) => ({
    ...root,
    children: root.children?.map((route) => (route.index ? route : gated(route, ready))),
  })) as RouteObject[];
}

type AnyLoad = (...args: unknown[]) => Promise<unknown>;

function gate(load: AnyLoad, ready: () => Promise<unknown>): AnyLoad {
  return async (...args) => (await Promise.all([ready(), load(...args)]))[1];
}

function gated(route: RouteObject, ready: () => Promise<unknown>): RouteObject {
  const { lazy } = route;
  let next: unknown = lazy;
  if (typeof lazy === 'function') next = gate(lazy as AnyLoad, ready);
  else if (lazy && typeof lazy === 'object') {
    next = Object.fromEntries(Object.entries(lazy).map(([key, load]) => [key, typeof load === 'function' ? gate(load as AnyLoad, ready) : load]));
  }
  return { ...route, lazy: next, children: route.children?.map((child) => gated(child, ready)) } as RouteObject;
}
