import * as TelemetryCalls from '../../contract/telemetry';
import { defineRoute, type ApiRoute } from '../route-kit';
import { done } from '../outcome';
import type { Telemetry } from '../telemetry/telemetry';

/** api/Telemetry/*: what support engineers look at when a customer says "my machine shows offline". */
export function telemetryRoutes(deps: { telemetry: Telemetry }): ApiRoute[] {
  return [defineRoute({ call: TelemetryCalls.GetStats, access: 'staff', audit: 'read', handle: async () => done(deps.telemetry.stats()) })];
}
