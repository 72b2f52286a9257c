import { Alert, Box, Button, CloseButton, Collapsible, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { PasswordResetField } from '../../domain/accounts/password-reset.machine';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import { CodeButton, TextField } from '../common/form-controls';
import { useMessageText } from './form-message';
import type { PasswordResetViewModel } from './password-reset.selectors';

export interface PasswordResetViewProps {
  open: boolean;
  model: PasswordResetViewModel;
  onChange: (field: PasswordResetField, value: string) => void;
  onRequestCode: () => void;
  onSubmit: () => void;
  onClose: () => void;
}

/** The password-reset dialog: account, code with countdown, new password twice. */
export function PasswordResetView({ open, model, onChange, onRequestCode, onSubmit, onClose }: PasswordResetViewProps) {
  const t = useT();
  const text = useMessageText();
  const [helpOpen, setHelpOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (model.canSubmit) onSubmit();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'full', sm: 'md' }}
      placement="center"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius={{ base: '0', sm: '2xl' }} data-testid="password-reset-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pb="2">
                <Dialog.Title fontSize="xl">{t('accounts.reset.title')}</Dialog.Title>
                <Text fontSize="sm" color="gray.600">
                  {t('accounts.reset.subtitle')}
                </Text>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {model.formError && (
                    <Alert.Root status="error" borderRadius="lg">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="normal">{text(model.formError)}</Alert.Title>
                    </Alert.Root>
                  )}
                  <TextField
                    name="reset-account"
                    label={t('accounts.reset.account')}
                    placeholder={t('accounts.reset.accountPlaceholder')}
                    value={model.account}
                    onChange={(v) => onChange('account', v)}
                    error={text(model.fieldErrors.account)}
                    autoComplete="username"
                    required
                  />
                  <Box>
                    <TextField
                      name="reset-code"
                      label={t('accounts.reset.code')}
                      placeholder={t('accounts.reset.codePlaceholder')}
                      value={model.code}
                      onChange={(v) => onChange('code', v)}
                      error={text(model.fieldErrors.code)}
                      autoComplete="one-time-code"
                      inputMode="numeric"
                      required
                      addon={
                        <CodeButton
                          remaining={model.remaining}
                          sending={model.sending}
                          sentBefore={model.sentBefore}
                          onClick={onRequestCode}
                        />
                      }
                    />
                    {model.countdownEnded && (
                      <Collapsible.Root open={helpOpen} onOpenChange={(d) => setHelpOpen(d.open)} mt="2">
                        <Collapsible.Trigger asChild>
                          <Button variant="plain" size="sm" px="0" h="auto" color="blue.600" data-testid="reset-no-code">
                            {t('accounts.reset.noCode')}
                          </Button>
                        </Collapsible.Trigger>
                        <Collapsible.Content>
                          <Text fontSize="sm" color="gray.600" mt="1">
                            {t('accounts.reset.noCodeHint', { hotline: brand.hotline })}
                          </Text>
                        </Collapsible.Content>
                      </Collapsible.Root>
                    )}
                  </Box>
                  <TextField
                    name="reset-password"
                    type="password"
                    label={t('accounts.reset.password')}
                    placeholder={t('accounts.reset.passwordPlaceholder')}
                    value={model.password}
                    onChange={(v) => onChange('password', v)}
                    error={text(model.fieldErrors.password)}
                    autoComplete="new-password"
                    required
                  />
                  <TextField
                    name="reset-confirmation"
                    type="password"
                    label={t('accounts.reset.confirmation')}
                    placeholder={t('accounts.reset.confirmationPlaceholder')}
                    value={model.confirmation}
                    onChange={(v) => onChange('confirmation', v)}
                    error={text(model.fieldErrors.confirmation)}
                    autoComplete="new-password"
                    required
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {t('accounts.common.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="blue"
                  disabled={!model.canSubmit}
                  loading={model.submitting}
                  loadingText={t('accounts.reset.submitting')}
                  data-testid="reset-submit"
                >
                  {t('accounts.reset.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('accounts.common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
