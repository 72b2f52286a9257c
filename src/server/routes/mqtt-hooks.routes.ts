import type { Envelope } from '../../domain/shared/envelope';
import { defineRoute, type ApiRoute } from '../route-kit';
import { fail, ok } from '../services/service-result';
import type { MqttAccess } from '../telemetry/mqtt-access';

/**
 * HTTP hooks for an external broker (DECISIONS 5), so Mosquitto (with mosquitto-go-auth's HTTP
 * backend, `http_params_mode json`, `http_response_mode status` or `json`) and EMQX (HTTP
 * authentication and authorization) enforce the same rules as the embedded broker. One answer
 * shape serves both: HTTP 200/403 for go-auth's status mode, `ok` for its json mode, `result`
 * for EMQX, inside the portal's envelope. Access `broker`: the hook secret, or loopback without one.
 */
export function mqttHookRoutes(deps: { access: MqttAccess }): ApiRoute[] {
  const { access } = deps;

  return [
    defineRoute<{ username?: string; password?: string; clientid?: string }>({
      controller: 'Mqtt',
      action: 'Auth',
      access: 'broker',
      summary: 'Broker hook: may this user name and password connect? (machines: HMAC password; browsers: UserId and session token)',
      body: hookBody(['username', 'password', 'clientid']),
      rateLimit: { max: 6000, timeWindow: 60_000 },
      async handle({ body }) {
        const identity = await access.authenticate(body.username, body.password);
        return identity ? allow() : deny('Bad user name or password');
      },
    }),
    defineRoute<{ username?: string; clientid?: string; topic?: string; acc?: number | string; action?: string }>({
      controller: 'Mqtt',
      action: 'Acl',
      access: 'broker',
      summary: 'Broker hook: may this (authenticated) user publish or subscribe to a topic? acc 1 read, 2 write, 3 both, 4 subscribe; or action publish/subscribe',
      body: hookBody(['username', 'clientid', 'topic', 'acc', 'action']),
      rateLimit: { max: 6000, timeWindow: 60_000 },
      async handle({ body }) {
        const identity = access.identityOf(body.username ?? '');
        const topic = body.topic ?? '';
        if (!identity || !topic) return deny('Unknown user or topic');
        const acc = String(body.acc ?? '');
        const wantsPublish = body.action === 'publish' || acc === '2' || acc === '3';
        const wantsRead = body.action === 'subscribe' || acc === '1' || acc === '3' || acc === '4';
        if (!wantsPublish && !wantsRead) return deny('Say acc or action');
        if (wantsPublish && !access.canPublish(identity, topic)) return deny('Publishing there is not allowed');
        if (wantsRead && !(await access.canSubscribe(identity, topic))) return deny('Subscribing there is not allowed');
        return allow();
      },
    }),
    defineRoute<{ username?: string }>({
      controller: 'Mqtt',
      action: 'Superuser',
      access: 'broker',
      summary: 'Broker hook: nobody is a superuser (every check goes through Acl)',
      body: hookBody(['username']),
      handle: async () => deny('No superusers'),
    }),
  ];
}

function hookBody(fields: string[]) {
  const properties: Record<string, unknown> = {};
  for (const f of fields) properties[f] = f === 'acc' ? { type: ['integer', 'string'], maxLength: 2 } : { type: 'string', maxLength: 2048 };
  return { type: 'object', properties, additionalProperties: true };
}

const allow = (): Envelope => ({ ...ok(null, 'allow'), result: 'allow', ok: true, error: '', is_superuser: false }) as Envelope;
const deny = (why: string): Envelope => ({ ...fail(403, why), result: 'deny', ok: false, error: why, is_superuser: false }) as Envelope;
