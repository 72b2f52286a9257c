import { Box, Button, chakra, CloseButton, Drawer, Flex, NativeSelect, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { fileProgress } from '../../domain/documents/upload.machine';
import type { MyMachine } from '../../domain/devices/fleet';
import { NotifierToken } from '../../ports/tokens';
import { formatSize } from '../common/formats';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useDocumentsMachines } from './documents-machines';
import { useLatest } from '../common/use-latest';

/** The upload drawer (720): a machine, files by picker or drop (checked before they go), one request with its progress; the upload machine's. */
export function UploadDrawer(props: { open: boolean; machines: MyMachine[]; defaultOrder: string; onClose: () => void; onUploaded: () => void }) {
  const t = useT();
  const orderSelectId = useId();
  const notifier = useService(NotifierToken);
  const { upload } = useDocumentsMachines();
  const current = useLatest({ t, notifier, onUploaded: props.onUploaded });
  const definition = useMemo(
    () =>
      upload.provide({
        actions: {
          notifyPlus: () => current.current.notifier.error(current.current.t('documents.fail1')),
          notifyType: (_, { names }) => {
            if (names.length) current.current.notifier.error(current.current.t('documents.fail2', { names: names.join(', ') }));
          },
          uploaded: () => {
            current.current.notifier.success(current.current.t('documents.upload.success'));
            current.current.onUploaded();
          },
          failed: (_, { message }) =>
            current.current.notifier.error(message ? current.current.t('documents.upload.failInfo', { info: message }) : current.current.t('documents.upload.fail')),
        },
      }),
    [upload],
  );
  const actor = useFreshActor(definition, { input: { orderNumber: props.defaultOrder } });
  const state = useSelector(actor, (s) => ({ context: s.context, busy: s.hasTag('busy') }));
  const { files, orderNumber, loaded } = state.context;
  const progress = fileProgress(
    files.map((f) => f.size),
    loaded,
  );
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (props.open && !state.context.orderNumber && props.defaultOrder) actor.send({ type: 'order.choose', orderNumber: props.defaultOrder });
  }, [props.open, props.defaultOrder, actor, state.context.orderNumber]);

  const add = useCallback((list: FileList | null) => list && actor.send({ type: 'files.add', files: Array.from(list) }), [actor]);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!state.busy) add(e.dataTransfer.files);
  };
  const close = () => {
    if (state.busy) return;
    actor.send({ type: 'drawer.reset' });
    props.onClose();
  };

  return (
    <Drawer.Root open={props.open} onOpenChange={(d) => !d.open && close()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={{ base: '100vw', md: '720px' }} w="full" data-testid="documents-upload-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('documents.upload.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <Stack gap="1">
                  {/* A label of the select's own: the select had no accessible name (issue 35 item 15). */}
                  <chakra.label htmlFor={orderSelectId} fontSize="sm" fontWeight="medium">
                    {t('documents.upload.order')}
                  </chakra.label>
                  <NativeSelect.Root size="sm" disabled={state.busy}>
                    <NativeSelect.Field id={orderSelectId} value={orderNumber} onChange={(e) => actor.send({ type: 'order.choose', orderNumber: e.currentTarget.value })} data-testid="documents-upload-order">
                      <option value="">{t('documents.upload.orderPlaceholder')}</option>
                      {props.machines.map((m) => (
                        <option key={m.ordernumber} value={m.ordernumber}>
                          {m.ordernumber} · {m.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Stack>
                <Box
                  as="label"
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? 'blue.500' : 'gray.300'}
                  bg={dragging ? 'blue.50' : 'gray.50'}
                  borderRadius="lg"
                  p="6"
                  textAlign="center"
                  cursor={state.busy ? 'not-allowed' : 'pointer'}
                  onDragOver={(e: DragEvent) => {
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={drop}
                  data-testid="documents-drop"
                >
                  <Text fontWeight="medium" color="gray.800">
                    {t('documents.upload.drop')}
                  </Text>
                  <Text fontSize="xs" color="gray.600" mt="1">
                    {t('documents.upload.dropHint')}
                  </Text>
                  <input
                    ref={input}
                    type="file"
                    multiple
                    hidden
                    disabled={state.busy}
                    data-testid="documents-file-input"
                    onChange={(e) => {
                      add(e.currentTarget.files);
                      e.currentTarget.value = '';
                    }}
                  />
                </Box>
                <Stack gap="2" data-testid="documents-upload-list">
                  {files.map((f, i) => (
                    <Box key={`${f.name}-${i}`} borderWidth="1px" borderColor="gray.200" borderRadius="md" px="3" py="2" data-testid="documents-upload-item">
                      <Flex justify="space-between" align="center" gap="2">
                        <Text fontSize="sm" wordBreak="break-all">
                          {f.name} <chakra.span color="gray.500">({formatSize(f.size)})</chakra.span>
                        </Text>
                        {!state.busy && (
                          <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'file.remove', index: i })}>
                            {t('documents.upload.remove')}
                          </Button>
                        )}
                      </Flex>
                      {state.busy && (
                        <Progress.Root size="xs" value={Math.round((progress[i] ?? 0) * 100)} mt="2" data-testid="documents-upload-progress" data-index={i} data-value={Math.round((progress[i] ?? 0) * 100)}>
                          <Progress.Track>
                            <Progress.Range />
                          </Progress.Track>
                        </Progress.Root>
                      )}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer gap="3">
              <Button variant="outline" onClick={close} disabled={state.busy}>
                {t('documents.upload.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={state.busy}
                disabled={!files.length || !orderNumber}
                onClick={() => actor.send({ type: 'form.submit' })}
                data-testid="documents-upload-submit"
              >
                {t('documents.upload.submit')}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" disabled={state.busy} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
