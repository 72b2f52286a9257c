import { composeCore } from './areas/core';
import { composePortalAreas } from './areas/portal-areas';
import type { Config } from './config';
import type { Infrastructure } from './infrastructure';

export type Services = ReturnType<typeof composeServices>;
export type { Core } from './areas/core';

/**
 * Wires the services from what the infrastructure root chose (`infrastructure.ts`): the core (`areas/core.ts`),
 * then each area's own from `areas/<area>.area.ts`, in the order `portal-areas.ts` lists them.
 * Plain constructors (ADR 0010).
 */
export function composeServices(config: Config, infrastructure: Infrastructure, options: { delay?: (ms: number) => Promise<unknown> } = {}) {
  const composed = composePortalAreas(composeCore(config, infrastructure, options), config);
  return { ...composed.services, portalAreas: composed.areas };
}
