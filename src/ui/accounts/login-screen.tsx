import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath } from '../../domain/accounts/route-guard';
import { NotifierToken, SessionStoreToken } from '../../ports/tokens';
import { useFirstScreenHandover } from '../common/first-screen';
import { useService, useSession } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { useAccountsMachines } from './accounts-machines';
import { selectLoginView } from './login.selectors';
import { LoginView } from './login-view';
import { PasswordResetDialog } from './password-reset-dialog';

/** Route /login and /Login: signs in, stores the session and opens the device section, or the app's page `?redirect=` names (a scanned label). */
export default function LoginScreen() {
  const sessionStore = useService(SessionStoreToken);
  const notifier = useService(NotifierToken);
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = useT();
  const [resetOpen, setResetOpen] = useState(false);
  // Starts idle (nothing loads on start), so useActorRef is safe here.
  const actor = useActorRef(useAccountsMachines().login);
  const model = useSelector(actor, selectLoginView, shallowEqual);
  const user = useSelector(actor, (s) => (s.status === 'done' ? s.output?.user : undefined));
  // The page's first screen from the build (ADR 0023): what was typed there goes on here.
  useFirstScreenHandover(({ values, submitted }) => {
    for (const field of ['account', 'password'] as const) {
      if (values[field]) actor.send({ type: 'form.change', field, value: values[field] });
    }
    if (submitted) actor.send({ type: 'form.submit' });
  });

  useEffect(() => {
    if (!user) return;
    sessionStore.saveLogin(user);
    session.send({ type: 'session.login' });
    notifier.success(t('accounts.login.success'));
    navigate(safeReturnPath(params.get(RETURN_PARAM)) ?? '/index/device', { replace: true });
    // Runs once, when the login succeeds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  return (
    <>
      <LoginView
        model={model}
        onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
        onSubmit={() => actor.send({ type: 'form.submit' })}
        onForgotPassword={() => setResetOpen(true)}
        onSendCode={() => actor.send({ type: 'code.send' })}
        onVisitor={() => {
          sessionStore.enterAsVisitor();
          navigate('/visitor/software');
        }}
      />
      <PasswordResetDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
