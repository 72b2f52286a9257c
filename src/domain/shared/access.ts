/**
 * Who may call a route: anyone, a logged-in customer (staff included), staff only, or the MQTT
 * broker (its auth hooks: no user token, only the broker holding the hook secret, or a loopback
 * caller when no secret is configured).
 */
export type Access = 'public' | 'customer' | 'staff' | 'broker';
