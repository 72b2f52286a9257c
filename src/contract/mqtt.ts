import { defineCall, nullData } from './call';
import type { Envelope } from './envelope';

/**
 * api/Mqtt/*: the HTTP hooks of an external broker (DECISIONS 5), so Mosquitto (mosquitto-go-auth's
 * HTTP backend, `http_params_mode json`, `http_response_mode status` or `json`) and EMQX (HTTP
 * authentication and authorization) enforce the rules of the embedded broker (ADR 0005). One
 * answer serves both: HTTP 200/403 for go-auth's status mode, `ok` for its json mode, `result`
 * for EMQX, beside the portal's envelope (`hookAnswer`).
 */

/** What the brokers send: every field optional (each broker sends its own), anything else ignored. */
const hookBody = <const P extends Record<string, unknown>>(properties: P) => ({ type: 'object', properties, additionalProperties: true }) as const;
const hookText = { type: 'string', maxLength: 2048 } as const;

export const Auth = defineCall({
  path: 'Mqtt/Auth',
  summary: 'Broker hook: may this user name and password connect? (machines: HMAC password; browsers: UserId and session token)',
  body: hookBody({ username: hookText, password: hookText, clientid: hookText }),
  data: nullData,
  success: 'allow',
  refusals: { badCredentials: { code: 403, info: 'Bad user name or password' } },
});

export const Acl = defineCall({
  path: 'Mqtt/Acl',
  summary:
    'Broker hook: may this (authenticated) user publish or subscribe to a topic? acc 1 read, 2 write, 3 both, 4 subscribe; or action publish/subscribe',
  body: hookBody({
    username: hookText,
    clientid: hookText,
    topic: hookText,
    acc: { type: ['integer', 'string'], maxLength: 2 },
    action: hookText,
  }),
  data: nullData,
  success: 'allow',
  refusals: {
    unknownUserOrTopic: { code: 403, info: 'Unknown user or topic' },
    nothingAsked: { code: 403, info: 'Say acc or action' },
    publishDenied: { code: 403, info: 'Publishing there is not allowed' },
    subscribeDenied: { code: 403, info: 'Subscribing there is not allowed' },
  },
});

export const Superuser = defineCall({
  path: 'Mqtt/Superuser',
  summary: 'Broker hook: nobody is a superuser (every check goes through Acl)',
  body: hookBody({ username: hookText }),
  data: nullData,
  success: 'allow',
  refusals: { noSuperusers: { code: 403, info: 'No superusers' } },
});

/** The fields the brokers read beside the envelope, and how an answer's envelope fills them. */
export const hookAnswer = {
  properties: {
    result: { type: 'string', enum: ['allow', 'deny'], description: 'EMQX' },
    ok: { type: 'boolean', description: "mosquitto-go-auth's json response mode" },
    error: { type: 'string', description: 'Why not, when denied' },
    is_superuser: { const: false },
  },
  of(envelope: Envelope) {
    const allowed = envelope.code === 200;
    return { result: allowed ? 'allow' : 'deny', ok: allowed, error: allowed ? '' : envelope.info, is_superuser: false };
  },
} as const;
