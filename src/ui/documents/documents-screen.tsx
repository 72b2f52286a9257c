import { Alert, Box, Button, chakra, Dialog, Flex, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { DOCUMENT_PAGE_SIZES } from '../../domain/documents/documents-screen.machine';
import { NotifierToken } from '../../ports/tokens';
import { saveFile } from '../common/save-file';
import { SearchableSelect } from '../common/searchable-select';
import { SectionHeading } from '../common/section-heading';
import { useService } from '../common/services-context';
import { TablePager } from '../common/table-pager';
import { useFreshActor } from '../common/use-fresh-actor';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { useDocumentsMachines } from './documents-machines';
import { useLatest } from '../common/use-latest';
import { DocumentTable } from './document-table';
import { UploadDrawer } from './upload-drawer';
import { ReportDrawer } from './report-drawer';

/**
 * `/index/file` (spec 3 "File screen"): the caller's machines in a searchable order-number select,
 * a file-name search, the documents table paged on the server (CAM report, work report, download,
 * delete behind a confirmation), the upload drawer (720) and the two report drawers (1000). The
 * table, its filters and what is open over it are the domain's documents-screen machine.
 */
export function FileSection() {
  const notifier = useService(NotifierToken);
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  const { screen, download } = useDocumentsMachines();
  const current = useLatest({ t, notifier });
  const definition = useMemo(
    () =>
      screen.provide({
        actions: {
          listFailed: (_, { message }) => {
            if (message !== '') current.current.notifier.error(current.current.t('documents.fail3'));
          },
          deleted: () => current.current.notifier.success(current.current.t('documents.deleted')),
          deleteFailed: (_, { message }) => {
            if (message !== '') current.current.notifier.error(current.current.t('documents.fail4'));
          },
          reportAnswered: (_, { answer }) => {
            if (answer.kind === 'refused' && answer.message !== '') current.current.notifier.error(current.current.t('documents.fail5'));
          },
          warnEmptyName: () => current.current.notifier.warning(current.current.t('documents.searchError')),
        },
      }),
    [screen],
  );
  const actor = useFreshActor(definition);
  const downloader = useFreshActor(
    useMemo(
      () =>
        download.provide({
          actions: {
            started: () => current.current.notifier.success(current.current.t('documents.downloading')),
            save: (_, { blob, fileName }) => saveFile(blob, fileName),
            refused: () => current.current.notifier.warning(current.current.t('documents.downloadMissing')),
          },
        }),
      [download],
    ),
  );
  const downloading = useSelector(downloader, (s) => s.context.pending?.input.id ?? null);
  const view = useSelector(actor, (s) => ({ ...s.context, loading: s.matches({ list: 'loading' }), deleting: s.hasTag('deleting') }));

  const [nameInput, setNameInput] = useState('');
  const { machines } = view;

  const machineOptions = useMemo(() => (machines ?? []).map((m) => ({ value: m.ordernumber, label: m.name ? `${m.ordernumber} · ${m.name}` : m.ordernumber })), [machines]);

  const hasMachines = (machines?.length ?? 0) > 0;
  const { panel } = view;

  return (
    <Stack gap="5" data-testid="documents-page">
      <SectionHeading title={t('documents.title')} intro={t('documents.intro')} />
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box w={{ base: 'full', md: '280px' }}>
          <SearchableSelect
            name="orderNumber"
            label={t('documents.machine.label')}
            items={machineOptions}
            value={view.query.orderNumber || null}
            loading={machines === null}
            placeholder={t('documents.machine.all')}
            emptyText={t('documents.machine.none')}
            loadingText={t('documents.loading')}
            onChange={(value) => actor.send({ type: 'filter.order', orderNumber: value ?? '' })}
            size="sm"
            testId="documents-machine"
          />
        </Box>
        <Stack gap="1" flex="1" minW={{ base: 'full', md: '16rem' }}>
          <Text fontSize="sm" color="gray.700" fontWeight="medium">
            {t('documents.name.label')}
          </Text>
          <chakra.form
            display="flex"
            gap="2"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'filter.name', fileName: nameInput });
            }}
          >
            <Input size="sm" placeholder={t('documents.name.placeholder')} value={nameInput} onChange={(e) => setNameInput(e.currentTarget.value)} data-testid="documents-name" maxLength={180} />
            <Button size="sm" type="submit" colorPalette="blue" data-testid="documents-search">
              {t('documents.search')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setNameInput('');
                actor.send({ type: 'filter.reset' });
              }}
            >
              {t('documents.reset')}
            </Button>
          </chakra.form>
        </Stack>
        <Button size="sm" colorPalette="blue" onClick={() => actor.send({ type: 'upload.open' })} disabled={!hasMachines} data-testid="documents-upload-open">
          {t('documents.uploadButton')}
        </Button>
      </Flex>

      {machines !== null && !hasMachines && (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('documents.noMachines')}</Alert.Title>
        </Alert.Root>
      )}

      <DocumentTable
        documents={view.documents}
        failed={view.failed}
        locale={locale}
        onCam={(doc) => actor.send({ type: 'report.open', report: 'cam', doc })}
        onWork={(doc) => actor.send({ type: 'report.open', report: 'work', doc })}
        downloading={downloading}
        onDownload={(doc) => downloader.send({ type: 'download', input: { id: doc.Id }, name: doc.FileName })}
        onDelete={(doc) => actor.send({ type: 'delete.ask', doc })}
      />
      {view.total > 0 && (
        <TablePager
          page={view.page}
          size={view.size}
          total={view.total}
          sizes={DOCUMENT_PAGE_SIZES}
          busy={view.loading}
          onPage={(page) => actor.send({ type: 'page', page })}
          onSize={(size) => actor.send({ type: 'size', size })}
          testId="documents-pager"
        />
      )}

      <UploadDrawer
        open={panel.kind === 'upload'}
        machines={machines ?? []}
        defaultOrder={view.query.orderNumber || machines?.[0]?.ordernumber || ''}
        onClose={() => actor.send({ type: 'panel.close' })}
        onUploaded={() => actor.send({ type: 'upload.done' })}
      />

      {panel.kind === 'confirm' && (
        <Dialog.Root open role="alertdialog" placement="center" onOpenChange={(d) => !d.open && !view.deleting && actor.send({ type: 'panel.close' })}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content mx="3" data-testid="documents-delete-dialog">
                <Dialog.Header>
                  <Dialog.Title>{t('documents.delete.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text wordBreak="break-all">{t('documents.delete.body', { name: panel.doc.FileName })}</Text>
                </Dialog.Body>
                <Dialog.Footer gap="3">
                  <Button variant="outline" onClick={() => actor.send({ type: 'panel.close' })} disabled={view.deleting}>
                    {t('documents.delete.cancel')}
                  </Button>
                  <Button colorPalette="red" loading={view.deleting} onClick={() => actor.send({ type: 'delete.confirm' })} data-testid="documents-delete-confirm">
                    {t('documents.delete.confirm')}
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}

      {panel.kind === 'report' && <ReportDrawer kind={panel.report} doc={panel.doc} answer={panel.answer} locale={locale} onClose={() => actor.send({ type: 'panel.close' })} />}
    </Stack>
  );
}
