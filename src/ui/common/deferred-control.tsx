import { useEffect, useRef, type ReactNode } from 'react';
import { useDeferredModule, type DeferredModule } from './deferred-module';

/**
 * A control whose code loads after the page paints (a menu, say): `placeholder` (a button that
 * looks the same) until `module` is there, then `render(module)`. A click on the placeholder is
 * passed on to the real control's first button once it has loaded, so an early click is not lost.
 */
export function DeferredControl<M>({ module, render, placeholder }: { module: DeferredModule<M>; render: (module: M) => ReactNode; placeholder: ReactNode }) {
  const loaded = useDeferredModule(module);
  const box = useRef<HTMLSpanElement>(null);
  const clicked = useRef(false);

  useEffect(() => {
    if (!loaded || !clicked.current) return;
    clicked.current = false;
    const target = box.current?.querySelector<HTMLElement>('button, a[href]');
    target?.focus();
    target?.click();
  }, [loaded]);

  return (
    <span
      ref={box}
      style={{ display: 'contents' }}
      onClickCapture={
        loaded
          ? undefined
          : () => {
              clicked.current = true;
              module.load().catch(() => {});
            }
      }
    >
      {loaded ? render(loaded) : placeholder}
    </span>
  );
}
