import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { useAccountsMachines } from './accounts-machines';
import { selectPasswordResetView } from './password-reset.selectors';
import { PasswordResetView } from './password-reset-view';

export interface PasswordResetDialogProps {
  open: boolean;
  onClose: () => void;
}

function ConnectedPasswordReset({ onClose }: { onClose: () => void }) {
  const notifier = useService(NotifierToken);
  const t = useT();
  // Starts idle (nothing loads on start), so useActorRef is safe here.
  const actor = useActorRef(useAccountsMachines().passwordReset);
  const model = useSelector(actor, selectPasswordResetView, shallowEqual);

  useEffect(() => {
    if (!model.done) return;
    notifier.success(t('accounts.reset.success'));
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
