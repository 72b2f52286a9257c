import { defineRoute, type ApiRoute } from '../route-kit';
import { ok } from '../services/service-result';
import type { Telemetry } from '../telemetry/telemetry';

/** api/Telemetry/*: what support engineers look at when a customer says "my machine shows offline". */
export function telemetryRoutes(deps: { telemetry: Telemetry }): ApiRoute[] {
  return [
    defineRoute<object>({
      controller: 'Telemetry',
      action: 'GetStats',
      access: 'staff',
      summary: 'Staff: broker mode, connected clients, machines with live values, messages accepted and dropped as malformed',
      body: { type: 'object', properties: {} },
      handle: async () => ok(deps.telemetry.stats()),
    }),
  ];
}
