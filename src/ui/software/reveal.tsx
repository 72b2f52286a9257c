import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Fades and slides its children in the first time they scroll into view (IntersectionObserver).
 * Without an observer, or when the user asks for reduced motion, the content simply shows.
 */
export function Reveal({ children, delay = 0, ...rest }: BoxProps & { delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined' || prefersReducedMotion());

  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15, rootMargin: '0px 0px -40px 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <Box
      ref={ref}
      data-visible={visible}
      opacity={visible ? 1 : 0}
      transform={visible ? 'none' : 'translateY(32px)'}
      transition={`opacity 0.7s ease ${delay}ms, transform 0.7s ease ${delay}ms`}
      {...rest}
    >
      {children}
    </Box>
  );
}
