import { afterAll, afterEach } from 'vitest';
import { addMessages } from '../../src/ui/i18n/catalog';
import { areaMessages } from '../../src/ui/i18n/messages';

// The app adds an area's messages when its pages load; tests render screens directly, so every
// area's messages are there from the start.
addMessages(...Object.values(areaMessages));

// Only for files that run in jsdom (`// @vitest-environment jsdom`).
if (typeof window !== 'undefined') {
  // Chakra (Ark/Zag) menus, tooltips and selects measure elements.
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

  // jsdom lays nothing out: every observed element is on the screen, reported once, as a browser
  // reports an element in view when the observation starts (the charts wait for their place).
  class IntersectionObserverStub {
    constructor(private readonly report: IntersectionObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() => this.report([{ target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver));
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;

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
  // Lazy route chunks load on first use; under a parallel run that can take more than the default
  // second, and more than 5 s on a slower machine of this kind (a guard: a find ends when it finds).
  configure({ asyncUtilTimeout: 20_000 });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
  // The unit project's files share their worker's jsdom (isolate: false): each file leaves the
  // document as it found it, whatever it added by hand (a painted copy, a title, the page's language).
  afterAll(() => {
    document.body.replaceChildren();
    document.head.querySelectorAll('title, meta, link, style:not([data-emotion])').forEach((node) => node.remove());
    document.documentElement.removeAttribute('lang');
    window.sessionStorage.clear();
  });
}
