// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NoticeDialogStoreToken } from '../../src/app/app-tokens';
import { LocalStorageAdapter } from '../../src/adapters/local-storage/local-storage.adapter';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import { hasAreaModules, loadAreaModules } from '../../src/app/area-modules';
import { DeferredServices, DeferredServicesProvider } from '../../src/app/deferred-services';
import { createPageContainer } from '../../src/app/page-container';
import { KeyValueStorageToken, SessionStoreToken } from '../../src/ports/tokens';
import { DevicesApiToken, SoftwareApiToken } from '../../src/ports/api-tokens';
import { NoticeDialogStore } from '../../src/ui/common/notice-dialogs.store';
import { sessionOf, useService } from '../../src/ui/common/services-context';

/** The page's area modules, as main.tsx loads them. */
const AREAS = { load: loadAreaModules, has: hasAreaModules };

function pageParts() {
  const storage = new LocalStorageAdapter();
  return { storage, sessionStore: new StorageSessionStore(storage), dialogs: new NoticeDialogStore() };
}

describe('services before and after the container', () => {
  it('answers storage and the dialogs before the container loads, and nothing else', () => {
    const parts = pageParts();
    const services = new DeferredServices(parts, () => new Promise(() => {})).current();
    expect(services.ready).toBe(false);
    expect(services.get(KeyValueStorageToken)).toBe(parts.storage);
    expect(services.get(SessionStoreToken)).toBe(parts.sessionStore);
    expect(() => services.get(SoftwareApiToken)).toThrow(/UiServices.ready/);
    expect(services.dialogs).toBe(parts.dialogs);
    expect('session' in services).toBe(false);
    expect(() => sessionOf(services)).toThrow(/UiServices.ready/);
  });

  it('loads the container once, with the page storage and dialog store, and tells its listeners', async () => {
    const parts = pageParts();
    let loads = 0;
    const deferred = new DeferredServices(parts, async () => (loads += 1, createPageContainer(parts)), AREAS);
    let told = 0;
    deferred.subscribe(() => (told += 1));
    void deferred.current().load?.();
    const services = await deferred.load(['software']);
    expect(loads).toBe(1);
    expect(told).toBe(1);
    expect(deferred.current()).toBe(services);
    expect(services.ready).toBe(true);
    expect(services.get(KeyValueStorageToken)).toBe(parts.storage);
    expect(services.get(SessionStoreToken)).toBe(parts.sessionStore);
    expect(services.get(SoftwareApiToken)).toBeTruthy();
    expect(services.dialogs).toBe(parts.dialogs);
    expect(sessionOf(services).getSnapshot().value).toBe('loggedOut');
  });

  it("loads an area's module when a page asks for it, and no other area's", async () => {
    const parts = pageParts();
    const deferred = new DeferredServices(parts, async () => createPageContainer(parts), AREAS);
    const services = await deferred.load();
    expect(() => services.get(SoftwareApiToken)).toThrow();
    expect(services.has?.(['software'])).toBe(false);
    await services.load?.(['software']);
    expect(services.has?.(['software'])).toBe(true);
    expect(services.get(SoftwareApiToken)).toBeTruthy();
    expect(() => services.get(DevicesApiToken)).toThrow();
    expect(deferred.current()).toBe(services);
  });

  it('lets a gated page render only once the provider shows the container, never the landing services', async () => {
    const parts = pageParts();
    const deferred = new DeferredServices(parts, async () => createPageContainer(parts), AREAS);
    let open: () => void = () => {};
    // A page as the router renders it: after the gate, in an update of its own.
    function Page() {
      return <span>{useService(SoftwareApiToken) ? 'page' : ''}</span>;
    }
    function Router() {
      const [gated, setGated] = useState(false);
      open = () => setGated(true);
      return gated ? <Page /> : null;
    }
    render(
      <DeferredServicesProvider services={deferred}>
        <Router />
      </DeferredServicesProvider>,
    );
    let shown = false;
    const gate = deferred.load(['software']).then(deferred.shown).then(() => (shown = true));
    await act(async () => {
      await deferred.load(['software']);
    });
    await act(async () => {
      await gate;
      open();
    });
    expect(shown).toBe(true);
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('does not open the gate while only loaded, with no provider showing the services', async () => {
    const parts = pageParts();
    const deferred = new DeferredServices(parts, async () => createPageContainer(parts));
    let shown = false;
    void deferred.shown().then(() => (shown = true));
    await deferred.load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown).toBe(false);
  });

  it('tries again after a failed load', async () => {
    const parts = pageParts();
    let loads = 0;
    const deferred = new DeferredServices(parts, async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return createPageContainer(parts);
    });
    await expect(deferred.load()).rejects.toThrow('chunk failed');
    expect(deferred.current().ready).toBe(false);
    await expect(deferred.load()).resolves.toMatchObject({ ready: true });
  });

  it('the page container shares the page storage and dialog store with every binding', () => {
    const parts = pageParts();
    const container = createPageContainer(parts);
    expect(container.get(KeyValueStorageToken)).toBe(parts.storage);
    expect(container.get(SessionStoreToken)).toBe(parts.sessionStore);
    expect(container.get(NoticeDialogStoreToken)).toBe(parts.dialogs);
  });
});

describe('LocalStorageAdapter, built before the container', () => {
  it('keeps only the given keys on clearExcept', () => {
    const storage = new LocalStorageAdapter();
    storage.set('lang', 'zh');
    storage.set('token', 't');
    storage.set('user', '{}');
    storage.clearExcept(['lang']);
    expect([storage.get('lang'), storage.get('token'), storage.get('user')]).toEqual(['zh', null, null]);
    storage.remove('lang');
    expect(window.localStorage.length).toBe(0);
  });
});

describe('the switch from the boot services to the loaded ones', () => {
  it('survives React development build diffing the two values', async () => {
    // When the provider renders again, React's development build logs the changed props to the
    // Performance panel: for each key of the new value that the old one has (`in`, so hidden and
    // inherited ones too), it reads the old one's. A throwing `session` getter on the boot
    // services broke every page of `npm run dev`; vitest's console has no timeStamp, so React
    // skips that logging here and this does what it does.
    const parts = pageParts();
    const deferred = new DeferredServices(parts, async () => createPageContainer(parts));
    const boot = deferred.current() as unknown as Record<string, unknown>;
    const loaded = (await deferred.load()) as unknown as Record<string, unknown>;
    const read = () => {
      for (const key in loaded) if (key in boot) void boot[key];
    };
    expect(read).not.toThrow();
  });
});
