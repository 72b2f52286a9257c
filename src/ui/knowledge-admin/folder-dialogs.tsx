import { Alert, Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { NODE_NAME_MAX, validateNodeNames } from '../../domain/knowledge-admin/node-names';
import { useT } from '../i18n/language-context';

interface DialogShellProps {
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  danger?: boolean;
  /** The server's reason for refusing the last try. */
  refusal?: string;
  testId: string;
  initialFocus?: string;
  children?: ReactNode;
}

/** The frame of the page's small dialogs: title, body, the server's refusal, cancel and one action. */
function DialogShell(props: DialogShellProps) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !props.busy && props.onClose()}
      size="md"
      placement="center"
      role={props.danger ? 'alertdialog' : 'dialog'}
      initialFocusEl={props.initialFocus ? () => document.getElementById(props.initialFocus!) : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl" mx="3" data-testid={props.testId}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header pb="2">
                <Dialog.Title fontSize="lg" pe="6">
                  {props.title}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {props.children}
                  {props.refusal && (
                    <Alert.Root status="error" borderRadius="lg" data-testid="admin-dialog-refusal">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="normal">{t('knowledgeAdmin.folder.refused', { info: props.refusal })}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer gap="3">
                <Button variant="outline" onClick={props.onClose} disabled={props.busy}>
                  {t('knowledgeAdmin.folder.cancel')}
                </Button>
                <Button type="submit" colorPalette={props.danger ? 'red' : 'blue'} loading={props.busy} data-testid="admin-dialog-submit">
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={props.busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface FolderNamesDialogProps {
  title: string;
  hint?: string;
  initial: { name: string; nameEn: string };
  busy: boolean;
  refusal?: string;
  onSubmit: (names: { name: string; nameEn: string }) => void;
  onClose: () => void;
}

/** Asks for a classification's Chinese and English names (new folder, new top classification, rename). */
export function FolderNamesDialog(props: FolderNamesDialogProps) {
  const t = useT();
  const [names, setNames] = useState(props.initial);
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? validateNodeNames(names) : { name: null, nameEn: null };
  const submit = () => {
    setAttempted(true);
    const found = validateNodeNames(names);
    if (!found.name && !found.nameEn) props.onSubmit({ name: names.name.trim(), nameEn: names.nameEn.trim() });
  };
  const field = (key: 'name' | 'nameEn', label: string, id: string) => (
    <Field.Root invalid={!!errors[key]} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        id={id}
        value={names[key]}
        onChange={(event) => setNames({ ...names, [key]: event.currentTarget.value })}
        maxLength={NODE_NAME_MAX + 20}
        autoComplete="off"
        disabled={props.busy}
        data-testid={`admin-folder-${key}`}
      />
      {errors[key] && <Field.ErrorText>{t(errors[key]!)}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <DialogShell
      title={props.title}
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel={t('knowledgeAdmin.folder.save')}
      refusal={props.refusal}
      testId="admin-folder-dialog"
      initialFocus="admin-folder-name"
    >
      {props.hint && (
        <Text fontSize="sm" color="gray.600">
          {props.hint}
        </Text>
      )}
      {field('name', t('knowledgeAdmin.folder.nameZh'), 'admin-folder-name')}
      {field('nameEn', t('knowledgeAdmin.folder.nameEn'), 'admin-folder-name-en')}
    </DialogShell>
  );
}

export interface MoveFolderDialogProps {
  title: string;
  targets: Array<{ id: number; label: string }>;
  busy: boolean;
  refusal?: string;
  onSubmit: (parentId: number) => void;
  onClose: () => void;
}

/** Picks a folder's new parent among the places it may go. */
export function MoveFolderDialog(props: MoveFolderDialogProps) {
  const t = useT();
  const [target, setTarget] = useState<number | null>(props.targets[0]?.id ?? null);
  return (
    <DialogShell
      title={props.title}
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={() => target !== null && props.onSubmit(target)}
      submitLabel={t('knowledgeAdmin.folder.move')}
      refusal={props.refusal}
      testId="admin-move-dialog"
      initialFocus="admin-move-target"
    >
      {props.targets.length === 0 ? (
        <Text color="gray.600">{t('knowledgeAdmin.folder.moveNone')}</Text>
      ) : (
        <Field.Root>
          <Field.Label>{t('knowledgeAdmin.folder.moveTo')}</Field.Label>
          <NativeSelect.Root disabled={props.busy}>
            <NativeSelect.Field id="admin-move-target" value={target ?? ''} onChange={(event) => setTarget(Number(event.currentTarget.value))} data-testid="admin-move-target">
              {props.targets.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
    </DialogShell>
  );
}

export interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  refusal?: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** Asks before something that cannot be undone (deleting a folder or an article). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <DialogShell
      title={props.title}
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={props.onConfirm}
      submitLabel={props.confirmLabel}
      refusal={props.refusal}
      danger
      testId={props.testId}
    >
      <Text color="gray.700">{props.body}</Text>
    </DialogShell>
  );
}
