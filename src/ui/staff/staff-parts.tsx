import { Alert, Box, Button, chakra, Dialog, Field, Flex, Heading, Input, NativeSelect, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { TablePager } from '../common/table-pager';
import { useT } from '../i18n/language-context';

/** The staff lists' pager: 10 a page with a quick jumper (spec 3), the size fixed. */
export function StaffPager({ page, size, total, onPage, testId }: { page: number; size: number; total: number; onPage: (page: number) => void; testId: string }) {
  return <TablePager mt="3" page={page} size={size} total={total} onPage={onPage} testId={`${testId}-pager`} />;
}

/**
 * A staff list's search: a text field and its button, sent together (Enter or the button).
 * `before` holds the list's other filters, on the same line.
 */
export function StaffSearch({ label, value, onChange, onSearch, testId, before }: { label: string; value: string; onChange: (value: string) => void; onSearch: () => void; testId: string; before?: ReactNode }) {
  const t = useT();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <Flex gap="2" mb="3" wrap="wrap">
        {before}
        <Input size="sm" bg="white" maxW="20rem" flex="1" minW="12rem" placeholder={label} aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} />
        <Button size="sm" type="submit" data-testid={`${testId}-go`}>
          {t('staff.registry.searchGo')}
        </Button>
      </Flex>
    </form>
  );
}

/** What a caller who is not staff sees (the server answered 403). */
export function StaffOnlyNote() {
  const t = useT();
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="staff-only">
      <Alert.Indicator />
      <Box>
        <Alert.Title>{t('staff.staffOnly.title')}</Alert.Title>
        <Alert.Description>{t('staff.staffOnly.body')}</Alert.Description>
      </Box>
    </Alert.Root>
  );
}

/** Under a loaded table that has no rows: says so in the table's words. */
export function NoRows({ text }: { text: string }) {
  return (
    <Text color="gray.600" py="3" textAlign="center">
      {text}
    </Text>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert.Root status="error" borderRadius="lg" alignItems="center" data-testid="staff-load-failed">
      <Alert.Indicator />
      <Alert.Title flex="1">{message || t('staff.loadFailed')}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('staff.retry')}
      </Button>
    </Alert.Root>
  );
}

export function StaffCard({ title, intro, children, actions }: { title: ReactNode; intro?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 5 }}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="3">
        <Box>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {intro && (
            <Text fontSize="sm" color="gray.600" mt="1">
              {intro}
            </Text>
          )}
        </Box>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}

/**
 * The staff pages' dialog around one form: title (and a line under it), body and footer inside a
 * `<form>`, so Enter submits. Without `onClose` it cannot be dismissed (the service page's login:
 * no Escape, no outside click, spec 3); with it, it closes unless `busy`.
 */
export function StaffFormDialog({
  open = true,
  onClose,
  busy = false,
  size,
  testId,
  title,
  intro,
  onSubmit,
  footer,
  children,
}: {
  open?: boolean;
  onClose?: () => void;
  busy?: boolean;
  size: 'sm' | 'lg';
  testId: string;
  title: ReactNode;
  intro?: ReactNode;
  onSubmit: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const dismissable = onClose !== undefined;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose?.()}
      closeOnEscape={dismissable}
      closeOnInteractOutside={dismissable}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" borderRadius="2xl" data-testid={testId}>
            <form onSubmit={submit} style={{ display: 'contents' }}>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                {intro && (
                  <Text fontSize="sm" color="gray.600">
                    {intro}
                  </Text>
                )}
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The file field of a staff upload (a release, a video): a plain input that names itself, and is
 * emptied whenever `clearedBy` changes (the machine cleared its file after a success).
 */
export function StaffFileInput({ label, accept, clearedBy, onFile, testId }: { label: string; accept?: string; clearedBy: unknown; onFile: (file: File | null) => void; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (clearedBy && input.current) input.current.value = '';
  }, [clearedBy]);
  return (
    <chakra.input
      ref={input}
      type="file"
      // A plain input is not tied to the Field's label: it names itself.
      aria-label={label}
      accept={accept}
      fontSize="sm"
      maxW="full"
      onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
      data-testid={testId}
    />
  );
}

/** A staff upload's progress: the share of the file's bytes sent. */
export function UploadProgress({ loaded, size, testId }: { loaded: number; size: number; testId: string }) {
  const t = useT();
  const percent = size > 0 ? Math.round((loaded / size) * 100) : 0;
  return (
    <Stack gap="1">
      <Progress.Root size="sm" value={percent} data-testid={testId} data-value={percent}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="gray.600">
        {t('staff.upload.progress', { percent })}
      </Text>
    </Stack>
  );
}

/**
 * A staff upload's form (a release, a video): its fields fixed while `busy`, then the refusal in
 * words (`error`), the success note (`done`) and the submit button. `testId` names its parts:
 * `<testId>-error`, the note's and the button's given apart as the tests know them.
 */
export function StaffUploadForm({
  busy,
  onSubmit,
  error,
  done,
  submitLabel,
  testIds,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  error: string;
  /** The success note's text, shown while not busy ('' or null for none). */
  done: string | null;
  submitLabel: string;
  testIds: { error: string; done: string; submit: string };
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={busy} style={{ display: 'contents' }}>
        <Stack gap="3" maxW="40rem">
          {children}
          {error && (
            <Text color="red.600" fontSize="sm" role="alert" data-testid={testIds.error}>
              {error}
            </Text>
          )}
          {done && !busy && (
            <Alert.Root status="success" borderRadius="lg" data-testid={testIds.done}>
              <Alert.Indicator />
              <Alert.Title>{done}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={busy} data-testid={testIds.submit}>
            {submitLabel}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

/** A labelled choice of a staff form (a release's product, the video to replace). */
export function StaffSelect({ label, value, options, onChange, testId }: { label: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void; testId: string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field bg="white" value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
