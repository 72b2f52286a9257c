import type { NoticeDialog, NotifierPort } from '../../ports/notifier.port';
import type { NoticeDialogStore } from './notice-dialogs.store';

/** What the notifier needs of a toaster (Chakra's `createToaster` result fits). */
export interface ToastSink {
  create(options: { type: 'error' | 'success' | 'warning'; title: string; closable?: boolean }): unknown;
}

export interface BrowserNotifierDeps {
  toasts: ToastSink;
  dialogs: NoticeDialogStore;
  /** Hands a login expiry to the session, which asks for the dialog once until it is confirmed. */
  onLoginExpired: () => void;
  now?: () => number;
}

// The same text twice within this window (several calls failing together) shows one toast.
const REPEAT_WINDOW_MS = 1500;

/** NotifierPort for the browser: Chakra toasts and the blocking dialogs that `NoticeDialogs` renders. */
export class BrowserNotifier implements NotifierPort {
  private lastToast = { key: '', at: -Infinity };

  constructor(private readonly deps: BrowserNotifierDeps) {}

  error(text: string): void {
    this.toast('error', text);
  }

  success(text: string): void {
    this.toast('success', text);
  }

  warning(text: string): void {
    this.toast('warning', text);
  }

  dialog(kind: NoticeDialog): void {
    if (kind === 'loginExpired') this.deps.onLoginExpired();
    else this.deps.dialogs.show(kind);
  }

  private toast(type: 'error' | 'success' | 'warning', text: string): void {
    if (!text) return;
    const now = (this.deps.now ?? Date.now)();
    const key = `${type}:${text}`;
    if (key === this.lastToast.key && now - this.lastToast.at < REPEAT_WINDOW_MS) return;
    this.lastToast = { key, at: now };
    this.deps.toasts.create({ type, title: text, closable: true });
  }
}
