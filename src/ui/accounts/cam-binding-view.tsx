import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import { CodeButton, TextField } from '../common/form-controls';
import { useMessageText } from './form-message';
import type { CamBindingView } from './registration.selectors';

export interface CamBindingViewProps {
  step: 'camPrompt' | 'camBind' | 'other';
  cam: CamBindingView;
  onAccept: () => void;
  onDecline: () => void;
  onChange: (field: 'email' | 'code', value: string) => void;
  onRequestCode: () => void;
  onSubmit: () => void;
  onSkip: () => void;
}

/** After a Chinese registration: "do you use the CAM software?", then binding an e-mail for it. */
export function CamBindingDialogs({ step, cam, onAccept, onDecline, onChange, onRequestCode, onSubmit, onSkip }: CamBindingViewProps) {
  const t = useT();
  const text = useMessageText();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <Dialog.Root
        open={step === 'camPrompt'}
        onOpenChange={(d) => !d.open && onDecline()}
        role="alertdialog"
        placement="center"
        size={{ base: 'xs', sm: 'sm' }}
        closeOnInteractOutside={false}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content borderRadius="2xl" mx="4" data-testid="cam-prompt">
              <Dialog.Header>
                <Dialog.Title>{t('accounts.cam.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="gray.700">{t('accounts.cam.body', { brand: brand.name })}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onDecline} data-testid="cam-decline">
                  {t('accounts.cam.decline')}
                </Button>
                <Button colorPalette="blue" onClick={onAccept} data-testid="cam-accept">
                  {t('accounts.cam.accept')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <Dialog.Root
        open={step === 'camBind'}
        onOpenChange={(d) => !d.open && onSkip()}
        placement="center"
        size={{ base: 'full', sm: 'md' }}
        closeOnInteractOutside={false}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content borderRadius={{ base: '0', sm: '2xl' }} data-testid="cam-bind">
              <form onSubmit={submit} noValidate>
                <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                  <Dialog.Title>{t('accounts.cam.bindTitle')}</Dialog.Title>
                  <Text fontSize="sm" color="gray.600">
                    {t('accounts.cam.bindBody')}
                  </Text>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {cam.formError && (
                      <Alert.Root status="error" borderRadius="lg">
                        <Alert.Indicator />
                        <Alert.Title fontWeight="normal">{text(cam.formError)}</Alert.Title>
                      </Alert.Root>
                    )}
                    <TextField
                      name="cam-email"
                      type="email"
                      inputMode="email"
                      label={t('accounts.cam.email')}
                      placeholder={t('accounts.register.emailPlaceholder')}
                      value={cam.email}
                      onChange={(v) => onChange('email', v)}
                      error={text(cam.emailError)}
                      disabled={cam.emailLocked}
                      autoComplete="email"
                      required
                    />
                    <TextField
                      name="cam-code"
                      label={t('accounts.cam.code')}
                      placeholder={t('accounts.register.codePlaceholder')}
                      value={cam.code}
                      onChange={(v) => onChange('code', v)}
                      error={text(cam.codeError)}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      required
                      addon={<CodeButton remaining={cam.remaining} sending={cam.sending} sentBefore={cam.sentBefore} onClick={onRequestCode} />}
                    />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="ghost" onClick={onSkip}>
                    {t('accounts.cam.skip')}
                  </Button>
                  <Button type="submit" colorPalette="blue" loading={cam.binding} data-testid="cam-submit">
                    {t('accounts.cam.submit')}
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
