import { afterEach } from 'vitest';

// Only for files that run in jsdom (`// @vitest-environment jsdom`).
if (typeof window !== 'undefined') {
  // Chakra (Ark/Zag) menus, tooltips and selects measure elements.
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;

  window.scrollTo ??= (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};

  // With globals off, Testing Library cannot register its own cleanup.
  const { cleanup, configure } = await import('@testing-library/react');
  // Lazy route chunks load on first use; under a parallel run that can take more than the default second.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
