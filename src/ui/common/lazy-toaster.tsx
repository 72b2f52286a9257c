import { deferredModule, useDeferredModule } from './deferred-module';
import type { ToastSink } from './notifier';

// Chakra's toaster runs a state machine of its own (about 6 kB of gzip): it loads with the app's
// services (main.tsx) or the first toast, not with the landing page's first paint.
export const toasterModule = deferredModule(() => import('./toaster'));

/** The ToastSink the notifier uses: the toast shows once the toaster has loaded. */
export const lazyToastSink: ToastSink = {
  create(options) {
    toasterModule.load().then(
      ({ toaster }) => toaster.create(options),
      () => {},
    );
  },
};

/** Mounts the toaster once its code has loaded; mount once near the root. */
export function LazyToaster() {
  const module = useDeferredModule(toasterModule, false);
  return module ? <module.Toaster /> : null;
}
