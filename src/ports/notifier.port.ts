/** Blocking dialogs of spec 1 section 8, each shown once however many calls fail together. */
export type NoticeDialog = 'loginExpired' | 'networkFailed' | 'timedOut';

/** Toasts and blocking dialogs that the browser shows the user. */
export interface NotifierPort {
  error(text: string): void;
  success(text: string): void;
  warning(text: string): void;
  dialog(kind: NoticeDialog): void;
}
