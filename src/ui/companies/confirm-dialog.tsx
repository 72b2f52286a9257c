import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useT } from '../i18n/language-context';

/** A change that cannot be taken back (removing a member, leaving), asked once more. */
export function ConfirmDialog({ title, body, confirm, busy, onConfirm, onCancel, testId }: { title: string; body: string; confirm: string; busy: boolean; onConfirm: () => void; onCancel: () => void; testId: string }) {
  const t = useT();
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onCancel()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl" mx="3" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title fontSize="lg">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="gray.700">{body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {t('company.cancel')}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm} data-testid={`${testId}-confirm`}>
                {confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
