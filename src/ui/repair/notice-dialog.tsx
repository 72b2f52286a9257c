import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

/** A dialog that only its buttons close: the success of a submission and the stock warning (spec 3 section 4). */
export function Notice(props: { title: string; body: string; testId: string; actions: Array<{ label: string; onClick: () => void; primary?: boolean; testId: string }> }) {
  return (
    // Only its buttons close it: the form dialog closing under it must not count as an outside click.
    <Dialog.Root open closeOnInteractOutside={false} closeOnEscape={false} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" borderRadius="2xl" data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-line">{props.body}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              {props.actions.map((a) => (
                <Button key={a.testId} variant={a.primary ? 'solid' : 'outline'} colorPalette="blue" onClick={a.onClick} data-testid={a.testId}>
                  {a.label}
                </Button>
              ))}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

