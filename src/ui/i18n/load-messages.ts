import { addMessages } from './catalog';

let loading: Promise<void> | null = null;

/** Loads every area's messages (once); pages other than the landing page wait for this before they render. */
export function loadAllMessages(): Promise<void> {
  loading ??= import('./messages').then(
    ({ areaMessages }) => addMessages(...Object.values(areaMessages)),
    (error: unknown) => {
      loading = null; // a failed chunk load may succeed on the next navigation
      throw error;
    },
  );
  return loading;
}
