import type { ServiceIdentifier } from 'inversify';
import type { Actor } from 'xstate';
import type { sessionMachine } from '../domain/accounts/session.machine';
import type { NoticeDialogStore } from '../ui/common/notice-dialogs.store';
import type { ToastSink } from '../ui/common/notifier';

export type SessionActor = Actor<typeof sessionMachine>;

/** Browser-only pieces the composition root binds next to the ports. */
export const NoticeDialogStoreToken: ServiceIdentifier<NoticeDialogStore> = Symbol.for('NoticeDialogStore');
export const SessionActorToken: ServiceIdentifier<SessionActor> = Symbol.for('SessionActor');
export const ToastSinkToken: ServiceIdentifier<ToastSink> = Symbol.for('ToastSink');
export const PageReloadToken: ServiceIdentifier<() => void> = Symbol.for('PageReload');
