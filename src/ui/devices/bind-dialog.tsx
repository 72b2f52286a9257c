import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { BindDialogView } from './bind-dialog-view';
import { selectBindingView } from './binding.selectors';
import { useDevicesMachines } from './devices-machines';

export interface BindDialogProps {
  open: boolean;
  onClose: () => void;
  /** After "Binding successful!": the fleet reloads. */
  onBound: () => void;
}

function ConnectedBindDialog({ onClose, onBound }: Omit<BindDialogProps, 'open'>) {
  const notifier = useService(NotifierToken);
  const t = useT();
  // Starts idle (nothing loads on start), so useActorRef is safe here.
  const actor = useActorRef(useDevicesMachines().binding);
  const model = useSelector(actor, selectBindingView, shallowEqual);

  useEffect(() => {
    if (!model.bound) return;
    notifier.success(t('devices.bind.success'));
    onBound();
    onClose();
    // Runs once, when the binding succeeds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model.bound]);

  return (
    <BindDialogView
      model={model}
      onChange={(value) => actor.send({ type: 'form.change', value })}
      onSubmit={() => actor.send({ type: 'form.submit' })}
      onClose={onClose}
    />
  );
}

/** The bind dialog of the fleet page; a fresh flow each time it opens. */
export function BindDialog({ open, ...props }: BindDialogProps) {
  return open ? <ConnectedBindDialog {...props} /> : null;
}
