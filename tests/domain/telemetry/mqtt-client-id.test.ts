import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserClientId, clientIdBelongsTo, type ClientIdOwner } from '../../../src/domain/telemetry/mqtt-client-id';

const alice: ClientIdOwner = { kind: 'user', userId: '0b9f3c1e-6a55-4d2b-9a52-4a3f5c1d2e01' };
const bob: ClientIdOwner = { kind: 'user', userId: '7d1e2f3a-1111-4c2b-8a52-000000000002' };
const machine = (orderNumber: string): ClientIdOwner => ({ kind: 'machine', orderNumber });

describe('MQTT client ids bound to identities (issue 21, item 1)', () => {
  it("lets a browser use only its own user's ids and a machine only its order number's", () => {
    expect(clientIdBelongsTo(alice, browserClientId((alice as { userId: string }).userId, 'a1b2c3'))).toBe(true);
    expect(clientIdBelongsTo(bob, browserClientId((alice as { userId: string }).userId, 'a1b2c3'))).toBe(false);
    expect(clientIdBelongsTo(alice, 'sim-T2026001')).toBe(false);
    expect(clientIdBelongsTo(alice, 'mqttjs_1234')).toBe(false);
    expect(clientIdBelongsTo(alice, '')).toBe(false);
    expect(clientIdBelongsTo(machine('T2026001'), 'T2026001')).toBe(true);
    expect(clientIdBelongsTo(machine('T2026001'), 'sim-T2026001')).toBe(false);
    expect(clientIdBelongsTo(machine('T2026001'), 'T2026002')).toBe(false);
    expect(clientIdBelongsTo(machine('X'), browserClientId('X', 'a'))).toBe(false);
    expect(clientIdBelongsTo({ kind: 'service' }, 'portal-host')).toBe(true);
  });

  it('never gives two different identities the same id', () => {
    const owner = fc.oneof(
      fc.oneof(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}$/), fc.uuid().map((u) => `web-${u}-x`)).map(machine),
      fc.uuid().map((userId): ClientIdOwner => ({ kind: 'user', userId })),
    );
    const id = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
      fc.tuple(fc.stringMatching(/^[a-z_]{1,5}$/), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}$/)).map(([w, o]) => `${w}-${o}`),
      fc.tuple(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/)).map(([u, s]) => browserClientId(u, s)),
    );
    fc.assert(
      fc.property(owner, owner, id, (a, b, clientId) => {
        if (clientIdBelongsTo(a, clientId) && clientIdBelongsTo(b, clientId)) expect(b).toEqual(a);
      }),
    );
  });
});
