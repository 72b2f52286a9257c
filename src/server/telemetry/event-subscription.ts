/**
 * How a portal on an external broker subscribes to the machine events (`MQTT_EVENT_SUBSCRIPTION`,
 * ADR 0022):
 * - `each` (the default): a plain subscription, so every portal on the broker gets every event and
 *   stores it; the event ids keep each one stored once. Mosquitto 2.0.11 queues the events of a
 *   plain subscription in the portal's persistent session while the portal is away, also right
 *   after the broker restarted, before the portal is back.
 * - `shared`: the MQTT 5 shared subscription of group `portal`, so each event goes to one portal
 *   (issue 24). Only for a broker that keeps shared subscriptions of a persistent session across
 *   its restart: Mosquitto 2.0.11 drops the events that arrive for a restored shared subscription
 *   before the portal reconnects (issue 22, item 2).
 * Live data stays an ordinary subscription in both: every portal serves its own browsers.
 */
export type EventSubscriptionMode = 'each' | 'shared';

export const EVENT_SUBSCRIPTION_MODES: readonly EventSubscriptionMode[] = ['each', 'shared'];

/** The plain event subscription (also what portals before issue 24 held). */
export const EVENT_TOPICS = '+/event/+';

/** The shared event subscription (group `portal`). */
export const EVENT_SHARE = '$share/portal/+/event/+';

export const eventTopicOf = (mode: EventSubscriptionMode): string => (mode === 'shared' ? EVENT_SHARE : EVENT_TOPICS);

/** MQTT_EVENT_SUBSCRIPTION: unset or empty for `each`; anything but the two names is refused at start. */
export function eventSubscriptionOf(value: string | undefined): EventSubscriptionMode {
  const mode = (value ?? '').trim().toLowerCase() || 'each';
  if (!(EVENT_SUBSCRIPTION_MODES as readonly string[]).includes(mode)) throw new Error(`MQTT_EVENT_SUBSCRIPTION must be "each" or "shared", got ${value}`);
  return mode as EventSubscriptionMode;
}
