import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { selectInformationView } from './information.selectors';
import { InformationView } from './information-view';
import { useSoftwareMachines } from './software-machines';

/** `/Information`: the CAM customer information form, checked in the browser and saved as a CAM customer lead. */
export default function InformationScreen() {
  const notifier = useService(NotifierToken);
  const t = useT();
  // Starts idle (nothing loads on start), so useActorRef is safe here.
  const actor = useActorRef(useSoftwareMachines().informationForm);
  const model = useSelector(actor, selectInformationView, shallowEqual);

  useEffect(() => {
    if (model.submitted) notifier.success(t('common.submittedSuccessfully'));
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
