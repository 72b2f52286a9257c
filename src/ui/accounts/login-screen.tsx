import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../domain/accounts/login.machine';
import { useOptionalPort, usePort, useServices } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { selectLoginView } from './login.selectors';
import { LoginView } from './login-view';
import { PasswordResetDialog } from './password-reset-dialog';

/** Route /login and /Login: signs in, stores the session and opens the device section. */
export default function LoginScreen() {
  const api = usePort('AccountsApiPort');
  const storage = usePort('KeyValueStoragePort');
  const notifier = useOptionalPort('NotifierPort');
  const { session } = useServices();
  const navigate = useNavigate();
  const t = useT();
  const [resetOpen, setResetOpen] = useState(false);

  const machine = useMemo(
    () => loginMachine.provide({ actors: { login: fromPromise(({ input, signal }) => api.login(input, signal)) } }),
    [api],
  );
  const actor = useActorRef(machine);
  const model = useSelector(actor, selectLoginView, shallowEqual);
  const user = useSelector(actor, (s) => (s.status === 'done' ? s.output?.user : undefined));

  useEffect(() => {
    if (!user) return;
    storage.set('user', JSON.stringify(user));
    storage.set('userId', String(user.UserId));
    storage.set('token', user.Token);
    storage.remove('isVisitor');
    session.send({ type: 'session.login' });
    notifier?.success(t('accounts.login.success'));
    navigate('/index/device', { replace: true });
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
        onVisitor={() => {
          storage.set('isVisitor', 'true');
          navigate('/visitor/software');
        }}
      />
      <PasswordResetDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
