import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { registrationMachine } from '../../domain/accounts/registration.machine';
import { RETURN_PARAM, safeReturnPath } from '../../domain/accounts/route-guard';
import { registrationSetup, type RegistrationSetup } from '../../domain/accounts/validation';
import { NotifierToken } from '../../ports/tokens';
import { CodeButton, type CodeButtonProps } from '../common/form-controls';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useAccountsMachines } from './accounts-machines';
import { CamBindingDialogs } from './cam-binding-view';
import { sameRegistrationView, selectAreaCascadeView, selectCamBindingView, selectCodeRemaining, selectRegistrationView } from './registration.selectors';
import { RegisterView } from './register-view';

/** The code button with its own subscription: a countdown's tick renders it, not the whole form. */
function CountdownCodeButton({ actor, ...button }: Omit<CodeButtonProps, 'remaining'> & { actor: ActorRefFrom<typeof registrationMachine> }) {
  return <CodeButton remaining={useSelector(actor, selectCodeRemaining)} {...button} />;
}

function ConnectedRegistration(setup: RegistrationSetup) {
  const notifier = useService(NotifierToken);
  const navigate = useNavigate();
  const t = useT();
  const actor = useFreshActor(useAccountsMachines().registration, { input: setup });
  const model = useSelector(actor, selectRegistrationView, sameRegistrationView);
  // The area cascade and the CAM binding are child machines: their views follow their own snapshots.
  const areas = useSelector(useSelector(actor, (s) => s.context.areas), selectAreaCascadeView);
  const cam = useSelector(useSelector(actor, (s) => s.children.camBinding), selectCamBindingView);
  const output = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  // Registered from a link that leads somewhere (an invitation): the login goes on there.
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM)) ?? undefined;

  useEffect(() => {
    if (!output) return;
    if (output.manualReview) notifier.success(t('accounts.register.reviewSubmitted'));
    else notifier.success(t(output.camBound ? 'accounts.cam.success' : 'accounts.register.success'));
    navigate(paths.login(returnTo), { replace: true });
    // Runs once, when the flow ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [output]);

  return (
    <>
      <RegisterView
        model={model}
        areas={areas}
        onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
        onAreaSelect={(level, id) => actor.send({ type: 'area.select', level, id })}
        codeButton={
          <CountdownCodeButton
            actor={actor}
            sending={model.sending}
            sentBefore={model.codeSentTo !== null}
            disabled={model.submitting}
            onClick={() => actor.send({ type: 'code.request' })}
          />
        }
        onNotReceived={(checked) => actor.send({ type: 'notReceived.toggle', checked })}
        onSubmit={() => actor.send({ type: 'form.submit' })}
      />
      <CamBindingDialogs
        step={model.step === 'camPrompt' || model.step === 'camBind' ? model.step : 'other'}
        cam={cam}
        onAccept={() => actor.send({ type: 'cam.accept' })}
        onDecline={() => actor.send({ type: 'cam.decline' })}
        onChange={(field, value) => actor.send({ type: 'cam.change', field, value })}
        onRequestCode={() => actor.send({ type: 'cam.requestCode' })}
        onSubmit={() => actor.send({ type: 'cam.submit' })}
        onSkip={() => actor.send({ type: 'cam.skip' })}
      />
    </>
  );
}

/**
 * Route /Register. `l=zh_cn` forces Chinese and e-mail registration; any other `l` forces
 * English; without `l` the page language decides (Chinese registers by phone).
 */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  const l = params.get('l');
  const { language, setLanguage } = useLanguage();
  const setupValue = registrationSetup(l, language);

  useEffect(() => {
    if (l !== null && language !== setupValue.language) setLanguage(setupValue.language);
    // Forced once per `l`; the user may still switch the language afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [l]);

  return (
    <ConnectedRegistration
      key={`${setupValue.language}-${setupValue.mode}`}
      language={setupValue.language}
      mode={setupValue.mode}
    />
  );
}
