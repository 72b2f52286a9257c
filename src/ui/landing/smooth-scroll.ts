/** Anchor scrolling of spec 1 section 9: the section's top lands 40 px below the window top, in 900 ms. */
export const SCROLL_OFFSET = 40;
export const SCROLL_DURATION_MS = 900;

/** Ease in and out (cubic): 0 at 0, 1 at 1, never outside [0, 1] for t in [0, 1]. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** The scroll position at `elapsed` ms of a scroll from `from` to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number = SCROLL_DURATION_MS): number {
  if (duration <= 0) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

let running = 0;

/** Scrolls the window to the element with this id (offset 40 px, 900 ms), then moves focus there. */
export function scrollToSection(id: string, offset: number = SCROLL_OFFSET, duration: number = SCROLL_DURATION_MS): void {
  const target = document.getElementById(id);
  if (!target) return;
  const from = window.scrollY;
  const to = Math.max(0, from + target.getBoundingClientRect().top - offset);
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const finish = () => target.focus({ preventScroll: true });
  if (reduced || typeof window.requestAnimationFrame !== 'function') {
    window.scrollTo(0, to);
    finish();
    return;
  }
  const run = ++running;
  const start = performance.now();
  const step = (now: number) => {
    if (run !== running) return;
    const elapsed = now - start;
    window.scrollTo(0, scrollPositionAt(from, to, elapsed, duration));
    if (elapsed < duration) window.requestAnimationFrame(step);
    else finish();
  };
  window.requestAnimationFrame(step);
}
