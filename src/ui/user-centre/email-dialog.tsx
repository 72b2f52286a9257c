import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { emailChangeMachine } from '../../domain/accounts/email-change.machine';
import { CodeButton, TextField } from '../common/form-controls';
import { useT } from '../i18n/language-context';
import { serverText } from './server-text';

/** The change-email dialog over the page's e-mail change machine (alive while the dialog is open; a change closes it). */
export function EmailDialog({ actor, onClose }: { actor: ActorRefFrom<typeof emailChangeMachine>; onClose: () => void }) {
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const { email, code, remaining, problem, serverError } = snapshot.context;
  // Closing stops the machine with its countdown.
  const close = onClose;
  const busy = snapshot.hasTag('busy');
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && close()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="uc-email-dialog">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'form.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('uc.email.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    name="email"
                    type="email"
                    label={t('uc.email.email')}
                    value={email}
                    disabled={remaining > 0}
                    error={problem && problem !== 'register.codeEmpty' ? t(problem) : undefined}
                    onChange={(value) => actor.send({ type: 'email.change', value })}
                  />
                  <TextField
                    name="code"
                    label={t('uc.email.code')}
                    value={code}
                    inputMode="numeric"
                    error={problem === 'register.codeEmpty' ? t(problem) : undefined}
                    onChange={(value) => actor.send({ type: 'code.change', value })}
                    addon={<CodeButton remaining={remaining} sending={snapshot.matches({ form: 'requesting' })} sentBefore={false} onClick={() => actor.send({ type: 'code.request' })} />}
                  />
                  {serverError && (
                    <Text color="red.600" data-testid="uc-email-error">
                      {serverText(t, serverError)}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('uc.email.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy && snapshot.matches({ form: 'submitting' })} data-testid="uc-email-submit">
                  {t('uc.email.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
