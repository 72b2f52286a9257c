/**
 * MQTT client ids bound to the identity that logs in (issue 21, item 1). A broker drops the older
 * connection when a new one arrives with the same client id, so an id anyone may take is a way
 * to knock someone else off the broker. Each identity has its own disjoint set of ids:
 *
 * - a browser of user U: `web-<U>-<suffix>` (suffix 1 to 16 of `A-Z a-z 0-9 _`), one per page;
 * - a machine O: `O` itself (a machine reconnecting replaces only its own stale connection), and
 *   never an id starting `web-`;
 * - the portal's own client on an external broker: any id (it is the only holder of its password).
 *
 * A user's id names the user, a machine's its order number, so one can take neither another's
 * id nor an id of the other kind.
 */
export const BROWSER_CLIENT_PREFIX = 'web-';
const SUFFIX = /^[A-Za-z0-9_]{1,16}$/;

/** Who is asking for a client id, as far as the rule needs it. */
export type ClientIdOwner = { kind: 'machine'; orderNumber: string } | { kind: 'user'; userId: string } | { kind: 'service' };

/** A browser page's client id: the user's, with a random suffix so two pages do not replace each other. */
export function browserClientId(userId: string, suffix: string): string {
  return `${BROWSER_CLIENT_PREFIX}${userId}-${suffix}`;
}

/** True when `clientId` is one this identity may connect with. */
export function clientIdBelongsTo(owner: ClientIdOwner, clientId: string | undefined | null): boolean {
  if (owner.kind === 'service') return true;
  if (typeof clientId !== 'string' || clientId === '') return false;
  if (owner.kind === 'user') {
    const prefix = `${BROWSER_CLIENT_PREFIX}${owner.userId}-`;
    return owner.userId !== '' && clientId.startsWith(prefix) && SUFFIX.test(clientId.slice(prefix.length));
  }
  return clientId === owner.orderNumber && !clientId.startsWith(BROWSER_CLIENT_PREFIX);
}
