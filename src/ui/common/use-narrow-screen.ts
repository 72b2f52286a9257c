import { useEffect, useState } from 'react';

/** Below this width the portal points to the mobile app (spec 1 section 9). */
export const MOBILE_MAX_WIDTH = 769;

/** True while the window is narrower than `maxWidth`; resize handling is debounced by 500 ms as the spec asks. */
export function useNarrowScreen(maxWidth: number = MOBILE_MAX_WIDTH): boolean {
  const read = () => (typeof window === 'undefined' ? false : window.innerWidth < maxWidth);
  const [narrow, setNarrow] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setNarrow(read()), 500);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [maxWidth]);
  return narrow;
}
