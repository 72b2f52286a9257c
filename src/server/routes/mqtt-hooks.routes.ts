import * as Mqtt from '../../contract/mqtt';
import { defineRoute, type ApiRoute } from '../route-kit';
import type { BrokerHooks } from '../telemetry/broker-hooks';

/**
 * api/Mqtt/*: the HTTP hooks of an external broker (contract/mqtt.ts). Access `broker`: the hook
 * secret, or loopback without one. Every answer carries the fields the brokers read beside the envelope.
 */
export function mqttHookRoutes(deps: { hooks: BrokerHooks }): ApiRoute[] {
  const { hooks } = deps;
  const extra = Mqtt.hookAnswer;
  return [
    defineRoute({
      call: Mqtt.Auth,
      access: 'broker',
      rateLimit: { max: 6000, timeWindow: 60_000 },
      extraFields: extra,
      handle: ({ body }) => hooks.auth(body),
    }),
    defineRoute({
      call: Mqtt.Acl,
      access: 'broker',
      rateLimit: { max: 6000, timeWindow: 60_000 },
      extraFields: extra,
      handle: ({ body }) => hooks.acl(body),
    }),
    defineRoute({ call: Mqtt.Superuser, access: 'broker', extraFields: extra, handle: async () => hooks.superuser() }),
  ];
}
