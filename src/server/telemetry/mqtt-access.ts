import DataLoader from 'dataloader';
import { EVENT_SHARE, EVENT_TOPICS } from './event-subscription';
import type { Caller } from '../services/session.service';
import { isOrderNumber } from '../../domain/devices/order-number';
import { clientIdBelongsTo } from '../../domain/telemetry/mqtt-client-id';
import { MACHINE_USER_PREFIX, isMachinePassword } from './device-key';

/** Who is on the other end of an MQTT connection. */
export type MqttIdentity =
  | { kind: 'machine'; orderNumber: string }
  /** A browser; `tokenHash` names its login session (null when an external broker's ACL hook names only the user). */
  | { kind: 'user'; userId: string; tokenHash: string | null }
  /** The portal itself on an external broker (MQTT_URL): reads every machine topic. */
  | { kind: 'service' };

export interface MqttAccessDeps {
  deviceKey: string;
  authenticateToken(token: string): Promise<Caller | null>;
  ownsMachine(userId: string, orderNumber: string): Promise<boolean>;
  /** Every machine of a user (one query where a page subscribes to many machines at once). */
  machinesOf?(userId: string): Promise<readonly string[]>;
  /** Which of these sessions are still live (a subscription needs one: issue 21, item 2). */
  liveSessions?(tokenHashes: string[]): Promise<Set<string>>;
  /** Credentials of the portal's own client on an external broker; null in embedded mode. */
  service?: { username: string; password: string } | null;
}

/** `<OrderNumber>` carries live data; `<OrderNumber>/event/<kind>` the machine events (ADR 0006). */
const EVENT_TOPIC = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\/event\/([a-z-]{1,32})$/;

/** The machine and event kind of an event topic, or null for any other topic. */
export function eventOfTopic(topic: string): { orderNumber: string; kind: string } | null {
  const match = EVENT_TOPIC.exec(topic);
  return match ? { orderNumber: match[1], kind: match[2] } : null;
}

/** The machine a topic belongs to, or null for any other topic. */
export function machineOfTopic(topic: string): string | null {
  if (isOrderNumber(topic)) return topic;
  return eventOfTopic(topic)?.orderNumber ?? null;
}

/**
 * The broker rules of ADR 0005, one place for the embedded broker's hooks and the HTTP hooks an
 * external broker calls: machines publish only to their own topics and subscribe to nothing;
 * browsers subscribe only to the live topic of their own machines and never publish.
 */
export class MqttAccess {
  /**
   * Subscription checks come in bursts (a fleet page subscribes to every machine at once, and
   * pages reconnect together after a restart): the checks of one tick share one query per kind
   * (issue 24: 5,000 subscriptions were 10,000 queries). Nothing is cached beyond the tick, so an
   * unbinding or a logout counts for the very next subscription.
   */
  private readonly live: DataLoader<string, boolean>;
  private readonly owns: DataLoader<string, boolean>;

  constructor(private readonly deps: MqttAccessDeps) {
    const liveSessions = deps.liveSessions;
    this.live = new DataLoader(
      async (hashes) => {
        const live = liveSessions ? await liveSessions([...hashes]) : new Set(hashes);
        return hashes.map((h) => live.has(h));
      },
      { cache: false },
    );
    this.owns = new DataLoader((keys) => this.ownership(keys), { cache: false });
  }

  /** Ownership of `userId NUL orderNumber` keys: one list per user asking for several machines. */
  private async ownership(keys: readonly string[]): Promise<boolean[]> {
    const asked = new Map<string, string[]>();
    for (const key of keys) {
      const [userId, orderNumber] = key.split('\u0000') as [string, string];
      asked.set(userId, [...(asked.get(userId) ?? []), orderNumber]);
    }
    const owned = new Map<string, Set<string>>();
    await Promise.all(
      [...asked].map(async ([userId, orders]) => {
        if (orders.length > 1 && this.deps.machinesOf) owned.set(userId, new Set(await this.deps.machinesOf(userId)));
        else owned.set(userId, new Set((await Promise.all(orders.map(async (o) => ((await this.deps.ownsMachine(userId, o)) ? o : null)))).filter((o): o is string => o !== null)));
      }),
    );
    return keys.map((key) => {
      const [userId, orderNumber] = key.split('\u0000') as [string, string];
      return owned.get(userId)!.has(orderNumber);
    });
  }

  /**
   * The identity behind a connection, or null. The client id must be one of that identity's
   * (domain/telemetry/mqtt-client-id): a broker replaces a connection by a newer one with the same
   * id, so nobody may take a machine's or another user's id (issue 21, item 1).
   */
  async authenticate(username: string | undefined, password: string | undefined, clientId: string | undefined): Promise<MqttIdentity | null> {
    const identity = await this.credentials(username, password);
    return identity && clientIdBelongsTo(identity, clientId) ? identity : null;
  }

  /** May this identity use this client id? (The ACL hook asks again with the id the broker names.) */
  ownsClientId(identity: MqttIdentity, clientId: string | undefined): boolean {
    return clientIdBelongsTo(identity, clientId);
  }

  private async credentials(username: string | undefined, password: string | undefined): Promise<MqttIdentity | null> {
    if (!username || !password) return null;
    const service = this.deps.service;
    if (service && username === service.username) return password === service.password ? { kind: 'service' } : null;
    if (username.startsWith(MACHINE_USER_PREFIX)) {
      const orderNumber = username.slice(MACHINE_USER_PREFIX.length);
      return isOrderNumber(orderNumber) && isMachinePassword(this.deps.deviceKey, orderNumber, password)
        ? { kind: 'machine', orderNumber }
        : null;
    }
    // Browsers: the session token is the password; the username, when it names a user, must be that user.
    const caller = await this.deps.authenticateToken(password);
    if (!caller) return null;
    return username === caller.userId ? { kind: 'user', userId: caller.userId, tokenHash: caller.tokenHash } : null;
  }

  /**
   * The identity behind a user name the broker has already authenticated: what the ACL hook of
   * an external broker gets (it sends no password with ACL checks).
   */
  identityOf(username: string): MqttIdentity | null {
    if (this.deps.service && username === this.deps.service.username) return { kind: 'service' };
    if (username.startsWith(MACHINE_USER_PREFIX)) {
      const orderNumber = username.slice(MACHINE_USER_PREFIX.length);
      return isOrderNumber(orderNumber) ? { kind: 'machine', orderNumber } : null;
    }
    return username ? { kind: 'user', userId: username, tokenHash: null } : null;
  }

  canPublish(identity: MqttIdentity, topic: string): boolean {
    return identity.kind === 'machine' && machineOfTopic(topic) === identity.orderNumber;
  }

  async canSubscribe(identity: MqttIdentity, topic: string): Promise<boolean> {
    // Events through a plain or the portals' shared subscription (ADR 0022); a broker may ask with or without its `$share/<group>/`.
    if (identity.kind === 'service') return topic === '+' || topic === EVENT_TOPICS || topic === EVENT_SHARE;
    // Exact live topics only: a wildcard would reach other customers' machines.
    if (identity.kind !== 'user' || !isOrderNumber(topic)) return false;
    // A connection whose session has ended gets nothing new, even before the sweep closes it.
    const { tokenHash } = identity;
    if (tokenHash && !(await this.live.load(tokenHash))) return false;
    return this.owns.load(`${identity.userId}\u0000${topic}`);
  }
}
