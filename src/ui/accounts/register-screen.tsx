import { useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { registrationMachine } from '../../domain/accounts/registration.machine';
import { asList, registrationSetup, type RegistrationLanguage, type RegistrationMode } from '../../domain/accounts/validation';
import { useOptionalPort, usePort } from '../common/services-context';
import { useLanguage, useT } from '../i18n/language-context';
import { CamBindingDialogs } from './cam-binding-view';
import { selectRegistrationView } from './registration.selectors';
import { RegisterView } from './register-view';

function ConnectedRegistration({ language, mode }: { language: RegistrationLanguage; mode: RegistrationMode }) {
  const api = usePort('AccountsApiPort');
  const notifier = useOptionalPort('NotifierPort');
  const navigate = useNavigate();
  const t = useT();

  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          requestCode: fromPromise(({ input, signal }) =>
            input.mode === 'email' ? api.requestEmailCode(input.contact, signal) : api.requestMobileCode(input.contact, signal),
          ),
          loadAreas: fromPromise(async ({ input, signal }) => {
            const answer = await api.getAreaData(input.seltype, input.fid, input.language, signal);
            return answer.code === 200 ? asList(answer.ReturnData) : [];
          }),
          checkEmail: fromPromise(({ input, signal }) => api.getUserEmail(input.email, signal)),
          save: fromPromise(({ input, signal }) =>
            input.manualReview ? api.saveEmailErrorUser(input.payload, signal) : api.saveUser(input.payload, signal),
          ),
          requestCamCode: fromPromise(({ input, signal }) => api.requestEmailCode(input.email, signal)),
          bindCamEmail: fromPromise(({ input, signal }) => api.allowSave(input, signal)),
        },
      }),
    [api],
  );
  const actor = useFreshActor(machine, { input: { language, mode } });
  const model = useSelector(actor, selectRegistrationView);
  const output = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));

  useEffect(() => {
    if (!output) return;
    if (output.manualReview) notifier?.success(t('accounts.register.reviewSubmitted'));
    else notifier?.success(t(output.camBound ? 'accounts.cam.success' : 'accounts.register.success'));
    navigate('/Login', { replace: true });
    // Runs once, when the flow ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [output]);

  return (
    <>
      <RegisterView
        model={model}
        onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
        onAreaSelect={(level, id) => actor.send({ type: 'area.select', level, id })}
        onRequestCode={() => actor.send({ type: 'code.request' })}
        onNotReceived={(checked) => actor.send({ type: 'notReceived.toggle', checked })}
        onSubmit={() => actor.send({ type: 'form.submit' })}
      />
      <CamBindingDialogs
        step={model.step === 'camPrompt' || model.step === 'camBind' ? model.step : 'other'}
        cam={model.cam}
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
