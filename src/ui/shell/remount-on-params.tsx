import type { ComponentType } from 'react';
import { useParams, type RouteObject } from 'react-router';

/**
 * A page whose path has parameters becomes a new page when they change. React Router keeps a
 * route's element mounted when only its parameters change, and a page's actor is made once, for
 * the parameters it first had: a link from one machine's live page to another's, or from an
 * article to another article, showed the first machine's live data, or the first article, under
 * the new address. Layout routes (with children) stay mounted; their pages below remount.
 */
export function remountOnParams(route: RouteObject): RouteObject {
  if (route.children) return { ...route, children: route.children.map(remountOnParams) } as RouteObject;
  if (!route.path?.includes(':') || typeof route.lazy !== 'function') return route;
  const load = route.lazy as () => Promise<{ Component?: ComponentType | null }>;
  return {
    ...route,
    lazy: async () => {
      const loaded = await load();
      const Page = loaded.Component;
      if (!Page) return loaded;
      return {
        ...loaded,
        Component: function PageOfTheseParams() {
          return <Page key={JSON.stringify(useParams())} />;
        },
      };
    },
  } as RouteObject;
}
