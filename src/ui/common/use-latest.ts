import { useRef } from 'react';

/**
 * A ref that holds this render's value: for the callbacks a machine keeps from its first render
 * (the actions a screen provides: toasts, navigation) that must read the current texts or props.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
