import { Alert, Button, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { LabelRequestField, LabelRequestProblem } from '../../domain/devices/label-request.machine';
import { CodeButton, TextField } from '../common/form-controls';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useDevicesMachines } from './devices-machines';

/** Which field a problem belongs under; the rest show above the button. */
const FIELD_OF: Partial<Record<LabelRequestProblem, LabelRequestField>> = {
  nameRequired: 'name',
  contactRequired: 'contact',
  contactFormat: 'contact',
  contactBusy: 'contact',
  codeRequired: 'code',
  codeWrong: 'code',
  codeLocked: 'code',
  codeExpired: 'code',
  codeMissing: 'code',
  contentRequired: 'content',
};

/**
 * The repair request a scanned label offers a stranger (issue 39, item 3): the request machine's
 * state, rendered; every change and click is an event to it.
 */
export function LabelRequestForm({ label }: { label: string }) {
  const t = useT();
  const actor = useFreshActor(useDevicesMachines().labelRequest, { input: { label } });
  const state = useSelector(
    actor,
    (s) => ({
      form: s.value.form,
      counting: s.value.countdown === 'counting',
      name: s.context.name,
      contact: s.context.contact,
      code: s.context.code,
      content: s.context.content,
      remaining: s.context.remaining,
      problem: s.context.problem,
      serverError: s.context.serverError,
      eventNum: s.context.eventNum,
    }),
    shallowEqual,
  );
  const change = (field: LabelRequestField) => (value: string) => actor.send({ type: 'field.change', field, value });
  const errorOf = (field: LabelRequestField) => (state.problem && FIELD_OF[state.problem] === field ? t(`devices.request.${state.problem}`) : undefined);
  const formProblem = state.problem && !FIELD_OF[state.problem] ? t(`devices.request.${state.problem}`) : state.serverError;
  const busy = state.form === 'requesting' || state.form === 'submitting';

  if (state.form === 'submitted') {
    return (
      <Alert.Root status="success" data-testid="label-request-sent">
        <Alert.Indicator />
        <Alert.Title>{t('devices.request.submitted', { eventNum: state.eventNum })}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack asChild gap="4" width="full" textAlign="start">
      <form
        aria-labelledby="label-request-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Heading as="h2" size="md" color="gray.800" id="label-request-title">
          {t('devices.request.title')}
        </Heading>
        <Text color="gray.600" fontSize="sm">
          {t('devices.request.intro')}
        </Text>
        <TextField name="name" label={t('devices.request.name')} value={state.name} onChange={change('name')} error={errorOf('name')} autoComplete="name" required />
        <TextField
          name="contact"
          label={t('devices.request.contact')}
          value={state.contact}
          onChange={change('contact')}
          error={errorOf('contact')}
          disabled={state.counting}
          autoComplete="email"
          inputMode="email"
          required
        />
        <TextField
          name="code"
          label={t('devices.request.code')}
          value={state.code}
          onChange={change('code')}
          error={errorOf('code')}
          helper={state.counting ? t('devices.request.codeSent') : undefined}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          addon={
            <CodeButton remaining={state.remaining} sending={state.form === 'requesting'} sentBefore={state.counting} disabled={busy} onClick={() => actor.send({ type: 'code.request' })} />
          }
        />
        <Field.Root invalid={!!errorOf('content')} required>
          <Field.Label fontWeight="medium" color="gray.700">
            {t('devices.request.content')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea name="content" rows={4} fontSize="md" value={state.content} onChange={(e) => change('content')(e.currentTarget.value)} />
          {errorOf('content') ? <Field.ErrorText>{errorOf('content')}</Field.ErrorText> : <Field.HelperText>{t('devices.request.contentHint')}</Field.HelperText>}
        </Field.Root>
        {formProblem && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formProblem}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" size="lg" loading={state.form === 'submitting'} disabled={busy}>
          {t('devices.request.submit')}
        </Button>
      </form>
    </Stack>
  );
}
