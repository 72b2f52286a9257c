import { Alert, Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { cityEnabled, canSubmit, formProblems, showsThreshold } from '../../domain/repair/work-order-form.machine';
import type { SparePartOption } from '../../domain/repair/work-order-row';
import type { Choice, WorkOrderFormRef } from '../../domain/repair/work-orders-page.machine';
import { useT } from '../i18n/language-context';

type Option = Choice;

export interface WorkOrderFormDialogProps {
  actor: WorkOrderFormRef;
  machines: Option[];
  provinces: Option[];
  cities: Option[];
  parts: SparePartOption[];
  /** Parts that have a stock threshold already (the optional field stays hidden for them). */
  partsWithThreshold: readonly number[];
  /** The province is the page's to send on: it loads the province's cities and tells the form. */
  onProvince: (id: string, name: string) => void;
  onClose: () => void;
}

const MESSAGE: Record<string, Record<string, string>> = {
  orderNumber: { required: 'repair.form.device.required' },
  phone: { required: 'repair.form.phone.required', invalid: 'repair.form.phone.invalid' },
  email: { required: 'repair.form.email.required', invalid: 'repair.form.email.invalid' },
  company: { required: 'repair.form.company.required' },
  province: { required: 'repair.form.province.required' },
  city: { required: 'repair.form.city.required' },
  sparePartId: { required: 'repair.form.part.required' },
  content: { required: 'repair.form.content.required', invalid: 'repair.form.content.required' },
  threshold: { required: 'repair.form.threshold.invalid', invalid: 'repair.form.threshold.invalid' },
};

function Select(props: { label: string; value: string; placeholder: string; options: Option[]; error?: string; disabled?: boolean; onChange: (id: string, name: string) => void; testId: string }) {
  return (
    <Field.Root invalid={!!props.error} required disabled={props.disabled}>
      <Field.Label>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={props.value}
          data-testid={props.testId}
          onChange={(e) => {
            const id = e.currentTarget.value;
            props.onChange(id, props.options.find((o) => o.id === id)?.name ?? '');
          }}
        >
          <option value="">{props.placeholder}</option>
          {props.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The work-order form modal of `/click` (spec 3 section 5), driven by the form machine. */
export function WorkOrderFormDialog({ actor, machines, provinces, cities, parts, partsWithThreshold, onProvince, onClose }: WorkOrderFormDialogProps) {
  const t = useT();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { values } = context;
  const problems = formProblems(context);
  // A field's problem shows once it holds something, or after a submit was tried.
  const error = (field: keyof typeof MESSAGE) => {
    const problem = (problems as Record<string, string | undefined>)[field];
    if (!problem) return undefined;
    const filled = (values as unknown as Record<string, string>)[field === 'sparePartId' ? 'sparePartId' : field]?.trim();
    if (!context.attempted && (!filled || problem === 'required')) return undefined;
    return t(MESSAGE[field]![problem] ?? MESSAGE[field]!.required!);
  };
  const change = (field: 'phone' | 'email' | 'company' | 'content' | 'userName' | 'threshold') => (value: string) => actor.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && !busy && onClose()} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius={{ base: '0', md: '2xl' }} data-testid="work-order-form">
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{t('repair.form.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Select
                    label={t('repair.form.device')}
                    placeholder={t('repair.form.device.placeholder')}
                    value={values.orderNumber}
                    options={machines}
                    error={error('orderNumber')}
                    onChange={(id) => actor.send({ type: 'field.change', field: 'orderNumber', value: id })}
                    testId="form-device"
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <Field.Root invalid={!!error('phone')} required>
                      <Field.Label>
                        {t('repair.form.phone')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input type="tel" value={values.phone} onChange={(e) => change('phone')(e.currentTarget.value)} data-testid="form-phone" />
                      <Field.ErrorText>{error('phone')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('email')} required>
                      <Field.Label>
                        {t('repair.form.email')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input type="email" value={values.email} onChange={(e) => change('email')(e.currentTarget.value)} data-testid="form-email" />
                      <Field.ErrorText>{error('email')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('company')} required>
                      <Field.Label>
                        {t('repair.form.company')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input value={values.company} onChange={(e) => change('company')(e.currentTarget.value)} data-testid="form-company" />
                      <Field.ErrorText>{error('company')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{t('repair.form.userName')}</Field.Label>
                      <Input value={values.userName} onChange={(e) => change('userName')(e.currentTarget.value)} data-testid="form-user" />
                    </Field.Root>
                    <Select
                      label={t('repair.form.province')}
                      placeholder={t('repair.form.province.placeholder')}
                      value={values.province}
                      options={provinces}
                      error={error('province')}
                      onChange={onProvince}
                      testId="form-province"
                    />
                    <Select
                      label={t('repair.form.city')}
                      placeholder={t('repair.form.city.placeholder')}
                      value={values.city}
                      options={cities}
                      error={error('city')}
                      disabled={!cityEnabled(context)}
                      onChange={(id, name) => actor.send({ type: 'city.choose', id, name })}
                      testId="form-city"
                    />
                  </SimpleGrid>
                  <Select
                    label={t('repair.form.part')}
                    placeholder={t('repair.form.part.placeholder')}
                    value={values.sparePartId}
                    options={parts.map((p) => ({ id: String(p.id), name: p.name }))}
                    error={error('sparePartId')}
                    onChange={(id) => actor.send({ type: 'part.choose', id, hasThreshold: partsWithThreshold.includes(Number(id)) })}
                    testId="form-part"
                  />
                  {showsThreshold(context) && (
                    <Field.Root invalid={!!error('threshold')}>
                      <Field.Label>{t('repair.form.threshold')}</Field.Label>
                      <Input inputMode="numeric" value={values.threshold} onChange={(e) => change('threshold')(e.currentTarget.value)} data-testid="form-threshold" />
                      {error('threshold') ? <Field.ErrorText>{error('threshold')}</Field.ErrorText> : <Field.HelperText>{t('repair.form.threshold.hint')}</Field.HelperText>}
                    </Field.Root>
                  )}
                  <Field.Root invalid={!!error('content')} required>
                    <Field.Label>
                      {t('repair.form.content')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea rows={4} value={values.content} onChange={(e) => change('content')(e.currentTarget.value)} data-testid="form-content" />
                    <Field.ErrorText>{error('content')}</Field.ErrorText>
                  </Field.Root>
                  {context.serverError && (
                    <Alert.Root status="error" borderRadius="lg" data-testid="form-refusal">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="normal">
                        {t('repair.form.failed')}: {context.serverError}
                      </Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer gap="3">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {t('repair.form.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy} disabled={!canSubmit(context)} data-testid="form-submit">
                  {t('repair.form.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
