import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { PageTitle } from '../common/portal-title';
import type { ServiceArea } from '../common/services-context';
import type { MessageArea } from '../i18n/message-loaders';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * What a page needs before it renders besides its chunk: its areas' services (container modules)
 * and its areas' messages. The route gate (app/route-gate.ts) loads these next to the chunk; a
 * route that says nothing waits for every area. tests/app/route-needs.test.ts reads each page's
 * code and fails when a page uses a token or names a message key of an area not listed here.
 */
export interface PageNeeds {
  services: readonly ServiceArea[];
  messages: readonly MessageArea[];
}

/** The part of a route that loads its page: `lazy`, and in `handle` what the page needs. */
export type PageRoute = Pick<RouteObject, 'lazy' | 'handle'>;


/**
 * A page of an area, declared once in the area's `<area>.pages.ts` (issue 34, item 4): the route
 * table (routes.tsx) and the document titles (page-titles.ts) both read it from `AREA_PAGES`.
 */
export interface AreaPage {
  /** The route's path inside the /app basename, as the route table writes it. */
  path: string;
  id?: string;
  route: PageRoute;
  /** Plain texts rather than message keys: the title is set before the area's messages have loaded. */
  title: PageTitle;
}

/** A page in its own chunk. */
export function page(load: Loader<object>, needs: PageNeeds): PageRoute {
  return { lazy: async () => ({ Component: (await load()).default }), handle: { needs } };
}

/** A named export of a module, in that module's chunk. */
export function named<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, needs: PageNeeds): PageRoute {
  return { lazy: async () => ({ Component: pick(await load()) }), handle: { needs } };
}

/** What a route's `handle` says its page needs (route-gate.ts); undefined when it says nothing. */
export function needsOf(route: RouteObject): PageNeeds | undefined {
  return (route.handle as { needs?: PageNeeds } | undefined)?.needs;
}
