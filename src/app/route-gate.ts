import type { RouteObject } from 'react-router';
import { needsOf, type PageNeeds } from '../ui/shell/routes';

/** Resolves once what a page needs is there: its areas' services and messages; `undefined` asks for every area. */
export type PageReady = (needs: PageNeeds | undefined) => Promise<unknown>;

/**
 * Makes every page but the landing page (the index route under the root) wait for `ready` with
 * what its route says it needs (routes.tsx: its areas' services and messages) while its chunk
 * loads. Pages are lazy routes, so wrapping `lazy` covers them all; the gate and the chunk load
 * side by side.
 */
export function gateRoutes(routes: RouteObject[], ready: PageReady): RouteObject[] {
  return routes.map((root) => ({
    ...root,
    children: root.children?.map((route) => (route.index ? route : gated(route, ready))),
  })) as RouteObject[];
}

type AnyLoad = (...args: unknown[]) => Promise<unknown>;

function gate(load: AnyLoad, ready: () => Promise<unknown>): AnyLoad {
  return async (...args) => (await Promise.all([ready(), load(...args)]))[1];
}

function gated(route: RouteObject, ready: PageReady): RouteObject {
  const { lazy } = route;
  const needs = needsOf(route);
  const wait = () => ready(needs);
  let next: unknown = lazy;
  if (typeof lazy === 'function') next = gate(lazy as AnyLoad, wait);
  else if (lazy && typeof lazy === 'object') {
    next = Object.fromEntries(Object.entries(lazy).map(([key, load]) => [key, typeof load === 'function' ? gate(load as AnyLoad, wait) : load]));
  }
  return { ...route, lazy: next, children: route.children?.map((child) => gated(child, ready)) } as RouteObject;
}
