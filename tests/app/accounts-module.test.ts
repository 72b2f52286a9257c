// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { KyAccountsApi } from '../../src/adapters/ky/ky-accounts-api.adapter';
import { accountsMachines } from '../../src/app/accounts.module';
import type { EmailLookup, SaveAnswer } from '../../src/domain/accounts/registration.machine';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import type { AccountsApiPort } from '../../src/ports/accounts-api.port';
import { AccountsApiToken } from '../../src/ports/api-tokens';
import { AccountsMachinesToken } from '../../src/ui/accounts/accounts-machines';

describe('accounts module', () => {
  it("binds the Login and User calls, and the views reach the area's machines by token", () => {
    const container = createContainer();
    expect(container.get(AccountsApiToken)).toBeInstanceOf(KyAccountsApi);
    const machines = uiServicesOf(container).get(AccountsMachinesToken);
    expect(Object.keys(machines).sort()).toEqual(['login', 'passwordReset', 'registration']);
    expect(machines.login.id).toBe('login');
    expect(machines.registration.id).toBe('registration');
  });

  it("provides the registration's children with the port's calls too (areas, CAM codes and binding)", async () => {
    const asked: string[] = [];
    const api = {
      getAreas: async (query) => (asked.push(`areas:${query.level}:${query.parentId}:${query.language}`), []),
      requestCode: async (channel, contact) => (asked.push(`code:${channel}:${contact}`), { kind: 'sent', waitSeconds: 60 }),
    } as Partial<AccountsApiPort> as AccountsApiPort;
    const registration = accountsMachines(api).registration.provide({
      actors: {
        checkEmail: fromPromise(async (): Promise<EmailLookup> => ({ kind: 'free' })),
        save: fromPromise(async (): Promise<SaveAnswer> => ({ kind: 'saved' })),
      },
    });
    const actor = createActor(registration, { input: { language: 'zh', mode: 'email' } }).start();
    actor.send({ type: 'form.change', field: 'contact', value: 'li@laser.cn' });
    actor.send({ type: 'code.request' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['areas:nation:0:zh', 'code:email:li@laser.cn']);
    actor.stop();
  });
});
