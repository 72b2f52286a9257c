// @vitest-environment jsdom
import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { NoticeDialogStoreToken, PageReloadToken, SessionActorToken, ToastSinkToken } from '../../src/app/app-tokens';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import type { AccountsApiPort } from '../../src/ports/accounts-api.port';
import * as tokens from '../../src/ports/tokens';
import { KeyValueStorageToken, NotifierToken } from '../../src/ports/tokens';
import { AccountsApiToken, PortalHttpToken } from '../../src/ports/api-tokens';

/** A container whose page reload and toasts are recorded instead of done. */
function testContainer() {
  const container = createContainer();
  const reloads: number[] = [];
  const toasts: string[] = [];
  container.rebind(PageReloadToken).toConstantValue(() => void reloads.push(1));
  container.rebind(ToastSinkToken).toConstantValue({ create: (o) => toasts.push(`${o.type}:${o.title}`) });
  return { container, reloads, toasts };
}

describe('browser container', () => {
  it('resolves every token of ports/tokens.ts, each once (singletons)', () => {
    const container = createContainer();
    const all = Object.entries(tokens).filter(([, value]) => typeof value === 'symbol');
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const [name, token] of all) {
      expect(container.isBound(token as symbol), name).toBe(true);
      const first = container.get(token as symbol);
      expect(first, name).toBeTruthy();
      expect(container.get(token as symbol), name).toBe(first);
    }
  });

  it('resolves the app-level services', () => {
    const container = createContainer();
    for (const token of [NoticeDialogStoreToken, SessionActorToken, ToastSinkToken, PageReloadToken] as symbol[]) {
      expect(container.get(token)).toBeTruthy();
    }
  });

  it('lets views reach ports by their token', () => {
    const container = createContainer();
    const services = uiServicesOf(container);
    expect(services.get(PortalHttpToken)).toBe(container.get(PortalHttpToken));
    expect(services.get(KeyValueStorageToken)).toBe(container.get(KeyValueStorageToken));
    expect(services.session).toBe(container.get(SessionActorToken));
  });

  it('routes login expiry from the notifier through the session: one dialog, confirm clears all but lang and reloads', () => {
    const { container, reloads } = testContainer();
    const storage = container.get(KeyValueStorageToken);
    storage.set('lang', 'en');
    storage.set('token', 't');
    storage.set('user', '{}');
    const notifier = container.get(NotifierToken);
    const dialogs = container.get(NoticeDialogStoreToken);
    for (let i = 0; i < 5; i++) notifier.dialog('loginExpired');
    notifier.dialog('networkFailed');
    notifier.dialog('networkFailed');
    expect(dialogs.getSnapshot()).toEqual(['loginExpired', 'networkFailed']);

    dialogs.close('loginExpired');
    container.get(SessionActorToken).send({ type: 'session.confirm' });
    expect(reloads).toEqual([1]);
    expect(storage.get('token')).toBeNull();
    expect(storage.get('user')).toBeNull();
    expect(storage.get('lang')).toBe('en');
  });

  it('shows the notifier toasts on the toaster', () => {
    const { container, toasts } = testContainer();
    const notifier = container.get(NotifierToken);
    notifier.error('boom');
    notifier.error('boom');
    notifier.success('saved');
    expect(toasts).toEqual(['error:boom', 'success:saved']);
  });

  it('logs out through AccountsApiPort.logout when bound', async () => {
    const calls: string[] = [];
    const fakeAccounts = { logout: async () => void calls.push('logout') } as unknown as AccountsApiPort;
    const container = createContainer(
      new ContainerModule(({ rebind }) => {
        rebind(AccountsApiToken).toConstantValue(fakeAccounts);
      }),
    );
    const storage = container.get(KeyValueStorageToken);
    storage.set('lang', 'zh');
    storage.set('token', 't');
    const session = container.get(SessionActorToken);
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.matches('loggedOut'));
    expect(calls).toEqual(['logout']);
    expect(storage.get('token')).toBeNull();
    expect(storage.get('lang')).toBe('zh');
  });
});
