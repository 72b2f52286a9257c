import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { ORDER_NUMBER_MAX_LENGTH } from '../../domain/devices/order-number';
import { useT } from '../i18n/language-context';
import type { BindingViewModel } from './binding.selectors';

export interface BindDialogViewProps {
  model: BindingViewModel;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/** The bind dialog: one order number field, the rule or server message, bind and cancel. */
export function BindDialogView({ model, onChange, onSubmit, onClose }: BindDialogViewProps) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!model.busy) onSubmit();
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !model.busy && onClose()}
      size="md"
      placement="center"
      initialFocusEl={() => document.getElementById('bind-order-number')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl" mx="3" data-testid="bind-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pb="2">
                <Dialog.Title fontSize="xl">{t('devices.bind.title')}</Dialog.Title>
                <Text fontSize="sm" color="gray.600">
                  {t('devices.bind.subtitle')}
                </Text>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={!!model.fieldError} required>
                    <Field.Label fontWeight="medium" color="gray.700">
                      {t('devices.bind.orderNumber')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      id="bind-order-number"
                      name="orderNumber"
                      value={model.orderNumber}
                      onChange={(event) => onChange(event.currentTarget.value)}
                      placeholder={t('devices.bind.placeholder')}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      maxLength={ORDER_NUMBER_MAX_LENGTH + 8}
                      size="lg"
                      fontFamily="mono"
                      disabled={model.busy}
                      data-testid="bind-order-number"
                    />
                    {model.fieldError && <Field.ErrorText data-testid="bind-field-error">{t(model.fieldError)}</Field.ErrorText>}
                  </Field.Root>
                  {model.serverMessage && (
                    <Alert.Root status="error" borderRadius="lg" data-testid="bind-server-message">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="normal">{t(model.serverMessage.id, model.serverMessage.values)}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer gap="3">
                <Button variant="outline" onClick={onClose} disabled={model.busy}>
                  {t('devices.bind.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={model.busy} loadingText={t('devices.bind.busy')} data-testid="bind-submit">
                  {t('devices.bind.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={model.busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
