import type { NoticeDialog } from '../../ports/notifier.port';

// The login-expired dialog blocks everything else, so it is shown first.
const PRIORITY: readonly NoticeDialog[] = ['loginExpired', 'networkFailed', 'timedOut'];

/** The blocking dialogs that are open; opening one that is already open does nothing. */
export class NoticeDialogStore {
  private open: readonly NoticeDialog[] = [];
  private readonly listeners = new Set<() => void>();

  show(kind: NoticeDialog): void {
    if (this.open.includes(kind)) return;
    this.set(PRIORITY.filter((k) => k === kind || this.open.includes(k)));
  }

  close(kind: NoticeDialog): void {
    if (!this.open.includes(kind)) return;
    this.set(this.open.filter((k) => k !== kind));
  }

  /** The dialogs open now, most important first (stable between changes, for useSyncExternalStore). */
  getSnapshot = (): readonly NoticeDialog[] => this.open;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: readonly NoticeDialog[]): void {
    this.open = next;
    for (const listener of this.listeners) listener();
  }
}
