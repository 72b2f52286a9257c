import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { bindingMachine } from '../../domain/devices/binding.machine';
import { useOptionalPort } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { BindDialogView } from './bind-dialog-view';
import { selectBindingView } from './binding.selectors';
import { useDevicesApi } from './devices-ports';

export interface BindDialogProps {
  open: boolean;
  onClose: () => void;
  /** After "Binding successful!": the fleet reloads. */
  onBound: () => void;
}

function ConnectedBindDialog({ onClose, onBound }: Omit<BindDialogProps, 'open'>) {
  const api = useDevicesApi();
  const notifier = useOptionalPort('NotifierPort');
  const t = useT();
  const machine = useMemo(
    () =>
      bindingMachine.provide({
        actors: {
          bind: fromPromise(({ input, signal }) => api.bind(input.orderNumber, signal)),
          getBpmMachine: fromPromise(({ input, signal }) => api.getBpmMachine(input.orderNumber, signal)),
          saveMachineData: fromPromise(({ input, signal }) => api.saveMachineData(input, signal)),
        },
      }),
    [api],
  );
  // Starts idle (nothing loads on start), so useActorRef is safe here.
  const actor = useActorRef(machine);
  const model = useSelector(actor, selectBindingView, shallowEqual);

  useEffect(() => {
    if (!model.bound) return;
    notifier?.success(t('devices.bind.success'));
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
