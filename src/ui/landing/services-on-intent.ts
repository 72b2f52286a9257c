import { useEffect } from 'react';
import { useServices } from '../common/services-context';

/**
 * How long the landing page leaves the main thread to the visitor before it loads the app's
 * services unasked (for a reader who neither scrolls nor taps, a screen reader's virtual cursor).
 */
export const SERVICES_IDLE_MS = 4_000;

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/**
 * The landing page's first screen needs none of the app's services (the container: inversify, the
 * HTTP adapters, every area's machines, some 290 kB of script): only the CAM cards and the contact
 * form below it do. Loading and running them right after the first paint was the page's longest
 * task, in the seconds a visitor's first tap waits on (issue 23, docs/BENCHMARKS.md). They load on
 * the first sign that the visitor goes on (a scroll, a tap, a key, focus), which is before the
 * cards or the form can be seen or reached, or after SERVICES_IDLE_MS otherwise. Leaving the page
 * loads them too (the route gate asks for them).
 */
export function useServicesOnIntent(): boolean {
  const services = useServices();
  const ready = services.ready !== false;
  const load = services.load;
  useEffect(() => {
    if (ready || !load) return;
    let timer = 0;
    const stop = () => {
      window.clearTimeout(timer);
      for (const type of INTENT_EVENTS) window.removeEventListener(type, go, true);
    };
    function go() {
      stop();
      load?.();
    }
    for (const type of INTENT_EVENTS) window.addEventListener(type, go, { capture: true, passive: true });
    timer = window.setTimeout(go, SERVICES_IDLE_MS);
    return stop;
  }, [ready, load]);
  return ready;
}
