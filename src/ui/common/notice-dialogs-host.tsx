import { useEffect, useSyncExternalStore } from 'react';
import { deferredModule, useDeferredModule } from './deferred-module';
import { useServices } from './services-context';

// The blocking dialogs (and Chakra's dialog, focus trap and scroll lock) load with the app's
// services (main.tsx) or when one opens, not with the landing page's first paint.
export const noticeDialogsModule = deferredModule(() => import('./notice-dialogs'));

/** Renders `NoticeDialogs` once its code is there, and loads it when a dialog is asked for first; mount once near the root. */
export function NoticeDialogsHost() {
  const { dialogs } = useServices();
  const open = useSyncExternalStore(dialogs.subscribe, dialogs.getSnapshot, dialogs.getSnapshot);
  const loaded = useDeferredModule(noticeDialogsModule, false);
  useEffect(() => {
    if (open.length > 0) noticeDialogsModule.load().catch(() => {});
  }, [open.length]);
  return loaded ? <loaded.NoticeDialogs /> : null;
}
