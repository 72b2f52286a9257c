// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NoticeDialogStoreToken } from '../../src/app/app-tokens';
import { LocalStorageAdapter } from '../../src/adapters/local-storage/local-storage.adapter';
import { DeferredServices } from '../../src/app/deferred-services';
import { createPageContainer } from '../../src/app/page-container';
import { KeyValueStorageToken } from '../../src/ports/tokens';
import { NoticeDialogStore } from '../../src/ui/common/notice-dialogs.store';

function pageParts() {
  return { storage: new LocalStorageAdapter(), dialogs: new NoticeDialogStore() };
}

describe('services before and after the container', () => {
  it('answers storage and the dialogs before the container loads, and nothing else', () => {
    const parts = pageParts();
    const services = new DeferredServices(parts, () => new Promise(() => {})).current();
    expect(services.ready).toBe(false);
    expect(services.port('KeyValueStoragePort')).toBe(parts.storage);
    expect(services.port('SoftwareApiPort')).toBeUndefined();
    expect(services.dialogs).toBe(parts.dialogs);
    expect(() => services.session).toThrow(/UiServices.ready/);
  });

  it('loads the container once, with the page storage and dialog store, and tells its listeners', async () => {
    const parts = pageParts();
    let loads = 0;
    const deferred = new DeferredServices(parts, async () => (loads += 1, createPageContainer(parts)));
    let told = 0;
    deferred.subscribe(() => (told += 1));
    deferred.current().load?.();
    const services = await deferred.load();
    expect(loads).toBe(1);
    expect(told).toBe(1);
    expect(deferred.current()).toBe(services);
    expect(services.ready).toBe(true);
    expect(services.port('KeyValueStoragePort')).toBe(parts.storage);
    expect(services.port('SoftwareApiPort')).toBeTruthy();
    expect(services.dialogs).toBe(parts.dialogs);
    expect(services.session.getSnapshot().value).toBe('loggedOut');
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
