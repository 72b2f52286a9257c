import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../domain/accounts/password-reset.machine';
import { useOptionalPort, usePort } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { selectPasswordResetView } from './password-reset.selectors';
import { PasswordResetView } from './password-reset-view';

export interface PasswordResetDialogProps {
  open: boolean;
  onClose: () => void;
}

function ConnectedPasswordReset({ onClose }: { onClose: () => void }) {
  const api = usePort('AccountsApiPort');
  const notifier = useOptionalPort('NotifierPort');
  const t = useT();
  const machine = useMemo(
    () =>
      passwordResetMachine.provide({
        actors: {
          requestCode: fromPromise(({ input, signal }) =>
            input.channel === 'email' ? api.requestEmailCode(input.account, signal) : api.requestMobileCode(input.account, signal),
          ),
          resetPassword: fromPromise(({ input, signal }) => api.passwordReset(input, signal)),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine);
  const model = useSelector(actor, selectPasswordResetView, shallowEqual);

  useEffect(() => {
    if (!model.done) return;
    notifier?.success(t('accounts.reset.success'));
    onClose();
  }, [model.done, notifier, onClose, t]);

  return (
    <PasswordResetView
      open
      model={model}
      onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
      onRequestCode={() => actor.send({ type: 'code.request' })}
      onSubmit={() => actor.send({ type: 'form.submit' })}
      onClose={onClose}
    />
  );
}

/** The "forgot password" dialog of the login page; a fresh flow each time it opens. */
export function PasswordResetDialog({ open, onClose }: PasswordResetDialogProps) {
  return open ? <ConnectedPasswordReset onClose={onClose} /> : null;
}
