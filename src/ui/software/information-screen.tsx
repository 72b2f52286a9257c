import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { informationFormMachine } from '../../domain/cam/information-form.machine';
import { useOptionalPort } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { selectInformationView } from './information.selectors';
import { InformationView } from './information-view';
import { useSoftwareApi } from './software-api';

/** `/Information`: the CAM customer information form, checked in the browser and saved with SaveCamCustomer. */
export default function InformationScreen() {
  const api = useSoftwareApi();
  const notifier = useOptionalPort('NotifierPort');
  const t = useT();
  const machine = useMemo(
    () => informationFormMachine.provide({ actors: { submit: fromPromise(({ input, signal }) => api.saveCamCustomer(input, signal)) } }),
    [api],
  );
  const actor = useActorRef(machine);
  const model = useSelector(actor, selectInformationView, shallowEqual);

  useEffect(() => {
    if (model.submitted) notifier?.success(t('common.submittedSuccessfully'));
    // Once per success.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model.submitted]);

  return (
    <InformationView
      model={model}
      onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
      onSubmit={() => actor.send({ type: 'form.submit' })}
      onAgain={() => actor.send({ type: 'form.reset' })}
    />
  );
}
