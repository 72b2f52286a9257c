import { ContainerModule } from 'inversify';
import { KyAccountsApi } from '../adapters/ky/ky-accounts-api.adapter';
import { KyPortalHttpAdapter } from '../adapters/ky/ky-portal-http.adapter';
import { DomPageAnswers } from '../adapters/dom/dom-page-answers.adapter';
import { LocalStorageAdapter } from '../adapters/local-storage/local-storage.adapter';
import { StorageSessionStore } from '../adapters/local-storage/session-store.adapter';
import { KeyValueStorageToken, NotifierToken, PageAnswersToken, RefusalTextsToken, SessionStoreToken } from '../ports/tokens';
import { AccountsApiToken, PortalDownloadToken, PortalHttpToken, PortalUploadToken } from '../ports/api-tokens';
import { CatalogueRefusalTexts } from '../ui/common/refusal-texts';
import { NoticeDialogStore } from '../ui/common/notice-dialogs.store';
import { BrowserNotifier } from '../ui/common/notifier';
import { lazyToastSink } from '../ui/common/lazy-toaster';
import { NoticeDialogStoreToken, PageReloadToken, SessionActorToken, ToastSinkToken } from './app-tokens';
import { startSession } from './session';

/**
 * Storage, notifier, session and the HTTP, download and upload ports that every area uses, with the
 * Login and User calls the session makes on every page (it checks the user at start, logs out).
 * Each area's own bindings load with its pages (area-modules.ts).
 */
export const commonModule = new ContainerModule(({ bind }) => {
  bind(KeyValueStorageToken).toDynamicValue(() => new LocalStorageAdapter()).inSingletonScope();
  bind(SessionStoreToken).toDynamicValue((context) => new StorageSessionStore(context.get(KeyValueStorageToken))).inSingletonScope();
  // The toaster's code loads with the first toast (lazy-toaster.tsx).
  bind(ToastSinkToken).toConstantValue(lazyToastSink);
  bind(PageReloadToken).toConstantValue(() => window.location.reload());
  bind(NoticeDialogStoreToken).toDynamicValue(() => new NoticeDialogStore()).inSingletonScope();
  bind(SessionActorToken)
    .toDynamicValue((context) =>
      startSession({
        session: context.get(SessionStoreToken),
        dialogs: context.get(NoticeDialogStoreToken),
        reload: context.get(PageReloadToken),
        // Looked up at logout time: the accounts adapter itself needs the notifier, which needs the session.
        // (Optional for tests that leave it out.)
        logout: async () => {
          await context.get(AccountsApiToken, { optional: true })?.logout();
        },
        verify: async () => {
          // Wait a tick: the session is still being resolved when the machine starts this.
          await new Promise((resolve) => setTimeout(resolve, 0));
          const answer = await context.get(AccountsApiToken, { optional: true })?.getUserInfo();
          if (answer?.kind === 'profile') context.get(SessionStoreToken).updateUser(answer.user);
        },
      }),
    )
    .inSingletonScope();
  bind(NotifierToken)
    .toDynamicValue(
      (context) =>
        new BrowserNotifier({
          toasts: context.get(ToastSinkToken),
          dialogs: context.get(NoticeDialogStoreToken),
          onLoginExpired: () => context.get(SessionActorToken).send({ type: 'session.expired' }),
        }),
    )
    .inSingletonScope();
  // Refusals made from values, in the page's language (issue 23): the HTTP adapter asks before showing info.
  bind(RefusalTextsToken).toConstantValue(new CatalogueRefusalTexts());
  // The answers a page was painted from on the server (ADR 0026), each taken once by the HTTP adapter.
  bind(PageAnswersToken).toConstantValue(new DomPageAnswers());
  bind(PortalHttpToken).to(KyPortalHttpAdapter).inSingletonScope();
  // File downloads (task-page CSV export, random files): the HTTP port's own class, same token header and dialogs.
  bind(PortalDownloadToken).to(KyPortalHttpAdapter).inSingletonScope();
  // Multipart uploads (documents, the user centre's feedback, the staff pages): the same class again.
  bind(PortalUploadToken).to(KyPortalHttpAdapter).inSingletonScope();
  bind(AccountsApiToken).to(KyAccountsApi).inSingletonScope();
});
