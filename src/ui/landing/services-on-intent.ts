import { createContext, useContext, useEffect, useState } from 'react';
import { useServices, type ServiceArea } from '../common/services-context';

/**
 * How long the landing page leaves the main thread to the visitor before it loads the app's
 * services unasked (for a reader who neither scrolls nor taps, a screen reader's virtual cursor).
 */
export const SERVICES_IDLE_MS = 4_000;

/** The areas whose services the CAM cards and the contact form use (app/cam.module.ts). */
export const LANDING_SERVICES: readonly ServiceArea[] = ['cam'];

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/**
 * Whether the landing page's services are there, for the sections below the first screen; the
 * landing screen provides it (useServicesOnIntent). Without a provider, the app's services decide.
 */
export const LandingServicesReady = createContext<boolean | null>(null);

/** Whether the CAM cards and the contact form can run their machines. */
export function useLandingServicesReady(): boolean {
  const provided = useContext(LandingServicesReady);
  const services = useServices();
  return provided ?? services.ready !== false;
}

/**
 * The landing page's first screen needs none of the app's services (the container: inversify, the
 * HTTP adapters, the session, the CAM area's machines): only the CAM cards and the contact form
 * below it do. Loading and running them right after the first paint was the page's longest task,
 * in the seconds a visitor's first tap waits on (issue 23, docs/BENCHMARKS.md). They load on the
 * first sign that the visitor goes on (a scroll, a tap, a key, focus), which is before the cards or
 * the form can be seen or reached, or after SERVICES_IDLE_MS otherwise; at once when the visitor
 * comes from another page, which has loaded the container already.
 */
export function useServicesOnIntent(): boolean {
  const services = useServices();
  const containerThere = services.ready !== false;
  const there = containerThere && (services.has?.(LANDING_SERVICES) ?? true);
  const [loaded, setLoaded] = useState(false);
  // Loaded is not enough: the provider puts the container's services in context as a transition,
  // which React may commit after this state's update, and a CAM card rendered in between asked the
  // boot services for the notifier and failed ("check UiServices.ready first", on a 10x slower CPU;
  // React recovered by rendering again). Ready once the context has them.
  const ready = there || (loaded && containerThere);
  const load = services.load;
  useEffect(() => {
    if (ready || !load) return;
    let live = true;
    let timer = 0;
    const stop = () => {
      window.clearTimeout(timer);
      for (const type of INTENT_EVENTS) window.removeEventListener(type, go, true);
    };
    function go() {
      stop();
      load?.(LANDING_SERVICES).then(
        () => live && setLoaded(true),
        () => {},
      );
    }
    if (containerThere) go();
    else {
      for (const type of INTENT_EVENTS) window.addEventListener(type, go, { capture: true, passive: true });
      timer = window.setTimeout(go, SERVICES_IDLE_MS);
    }
    return () => {
      live = false;
      stop();
    };
  }, [ready, load, containerThere]);
  return ready;
}
