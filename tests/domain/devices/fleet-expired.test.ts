import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MyMachine } from '../../../src/domain/devices/fleet';
import { fleetMachine } from '../../../src/domain/devices/fleet.machine';
import type { Envelope } from '../../../src/domain/shared/envelope';

describe('the fleet page and an expired login', () => {
  it('leaves the message to the blocking dialog for the login-expired codes, and shows other refusals', async () => {
    for (const [code, shown] of [[401, ''], [410, ''], [1011007, ''], [1011008, ''], [500, 'server trouble']] as const) {
      const actor = createActor(
        fleetMachine.provide({ actors: { loadFleet: fromPromise(async (): Promise<Envelope<MyMachine[] | string>> => ({ code, info: code === 500 ? 'server trouble' : 'Login has expired, please log in again' })) } }),
        { input: { filter: 'all' } },
      ).start();
      const snapshot = await waitFor(actor, (s) => s.matches('failed'));
      expect(snapshot.context.error, String(code)).toBe(shown);
      actor.stop();
    }
  });
});
