import { Alert, Badge, Box, Button, Flex, Heading, Input, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { Card, EmptyNote, EyeIcon, LoadingRows, SearchIcon } from '../common/content-parts';
import { DataTable } from '../common/data-table';
import { formatDate, formatSize } from '../common/formats';
import { DownloadIcon } from '../common/report-card';
import { paths } from '../shell/paths';
import type { FileItem, FilesPanel, RandomFilesViewModel } from './random-files.selectors';
import { SectionHeading } from '../common/section-heading';

export interface RandomFilesViewProps {
  model: RandomFilesViewModel;
  onSearchChange: (value: string) => void;
  onSearch: () => void;
  onChoose: (orderNumber: string) => void;
  onRetryMachines: () => void;
  onRetryFiles: () => void;
  onView: (id: string) => void;
  onDownload: (id: string) => void;
}

function Refusal({ title, onRetry, retryLabel, testId }: { title: string; onRetry: () => void; retryLabel: string; testId: string }) {
  return (
    <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="normal">{title}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" bg="white" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert.Root>
  );
}

function MachineList({ model, onSearchChange, onSearch, onChoose }: Pick<RandomFilesViewProps, 'model' | 'onSearchChange' | 'onSearch' | 'onChoose'>) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Card as="aside" w={{ base: 'full', md: '17rem', lg: '19rem' }} flexShrink={0} alignSelf="flex-start" aria-label={t('randomFiles.machines.title')} testId="random-machines">
      <Stack gap="3">
        <Flex align="baseline" justify="space-between" gap="2">
          <Heading as="h2" fontSize="md" color="gray.900">
            {t('randomFiles.machines.title')}
          </Heading>
          <Text fontSize="xs" color="gray.500">
            {t('randomFiles.machines.count', { count: model.total })}
          </Text>
        </Flex>
        <Flex as="form" gap="2" onSubmit={submit} role="search" data-testid="random-search">
          <Input
            size="sm"
            flex="1"
            minW="0"
            value={model.search}
            onChange={(event) => onSearchChange(event.currentTarget.value)}
            placeholder={t('randomFiles.search.placeholder')}
            aria-label={t('randomFiles.search.label')}
            bg="white"
            inputMode="search"
            autoComplete="off"
            data-testid="random-search-input"
          />
          <Button type="submit" size="sm" colorPalette="blue" aria-label={t('randomFiles.search.submit')} data-testid="random-search-submit">
            <SearchIcon />
          </Button>
        </Flex>
        <Box as="ul" m="0" p="0" maxH={{ base: '13rem', md: '65vh' }} overflowY="auto" mx="-1" px="1">
          {model.machines.map((m) => (
            <Box as="li" key={m.orderNumber} listStyleType="none" mb="1">
              <Button
                variant={m.selected ? 'subtle' : 'ghost'}
                colorPalette={m.selected ? 'blue' : 'gray'}
                w="full"
                h="auto"
                py="2"
                px="3"
                justifyContent="flex-start"
                textAlign="start"
                aria-current={m.selected ? 'true' : undefined}
                onClick={() => onChoose(m.orderNumber)}
                data-testid="random-machine"
                data-order-number={m.orderNumber}
                data-selected={m.selected}
              >
                <Stack gap="0" minW="0" align="flex-start">
                  <Text fontFamily="mono" fontSize="sm" fontWeight="semibold" color={m.selected ? 'blue.800' : 'gray.800'} truncate maxW="full">
                    {m.orderNumber}
                  </Text>
                  {m.name && (
                    <Text fontSize="xs" color="gray.600" fontWeight="normal" truncate maxW="full" data-lang-neutral="">
                      {m.name}
                    </Text>
                  )}
                </Stack>
              </Button>
            </Box>
          ))}
        </Box>
        {model.machines.length === 0 && (
          <Text fontSize="sm" color="gray.600" data-testid="random-no-match">
            {t('randomFiles.machines.none', { search: model.search.trim() })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function FileActions({ row, disabled, onView, onDownload }: { row: FileItem; disabled: boolean; onView: (id: string) => void; onDownload: (id: string) => void }) {
  const t = useT();
  return (
    // Stacked on a phone, so both actions stay in view beside the file's name.
    <Flex gap="1.5" justify="flex-end" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
      <Button
        size="xs"
        variant="outline"
        colorPalette="blue"
        bg="white"
        disabled={disabled}
        loading={row.busy === 'view'}
        onClick={() => onView(row.id)}
        aria-label={t('randomFiles.action.viewFile', { title: row.title })}
        data-lang-neutral=""
        data-testid="random-file-view"
      >
        <EyeIcon />
        {t('randomFiles.action.view')}
      </Button>
      <Button
        size="xs"
        colorPalette="blue"
        disabled={disabled}
        loading={row.busy === 'download'}
        onClick={() => onDownload(row.id)}
        aria-label={t('randomFiles.action.downloadFile', { title: row.title })}
        data-lang-neutral=""
        data-testid="random-file-download"
      >
        <DownloadIcon />
        {t('randomFiles.action.download')}
      </Button>
    </Flex>
  );
}

const SECONDARY = { color: 'gray.700' } as const;

function FileTable({ panel, transferring, onView, onDownload }: { panel: FilesPanel; transferring: boolean; onView: (id: string) => void; onDownload: (id: string) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  // On a phone the table keeps the file and its actions; type, size and date come in on wider screens.
  return (
    <DataTable
      header="strong"
      testId="random-files-table"
      rows={panel.rows}
      rowKey={(row) => row.id}
      rowTestId="random-file-row"
      rowData={(row) => ({ 'data-id': row.id, 'data-file-name': row.fileName })}
      columns={[
        {
          header: t('randomFiles.col.title'),
          minWidth: { base: '8rem', md: '12rem' },
          wrap: true,
          cell: (row) => (
            <>
              {/* Document titles are the documents' own (shipped in both languages at once). */}
              <Text fontWeight="medium" color="gray.900" data-testid="random-file-title" data-lang-neutral="">
                {row.title}
              </Text>
              <Text fontSize="xs" color="gray.500" wordBreak="break-all">
                {row.fileName}
              </Text>
            </>
          ),
        },
        {
          header: t('randomFiles.col.classify'),
          hideOnPhone: true,
          cell: (row) =>
            (row.classifyKey || row.classify) && (
              <Badge variant="subtle" colorPalette="blue" borderRadius="full" px="2">
                {row.classifyKey ? t(row.classifyKey) : row.classify}
              </Badge>
            ),
        },
        { header: t('randomFiles.col.size'), hideOnPhone: true, align: 'end', cellStyle: SECONDARY, cell: (row) => formatSize(row.size) },
        { header: t('randomFiles.col.created'), hideOnPhone: true, cellStyle: SECONDARY, cell: (row) => formatDate(row.created, locale) },
        { header: t('randomFiles.col.actions'), align: 'end', cell: (row) => <FileActions row={row} disabled={transferring} onView={onView} onDownload={onDownload} /> },
      ]}
    />
  );
}

function FilesCard({ panel, transferring, onRetryFiles, onView, onDownload }: { panel: FilesPanel } & Pick<RandomFilesViewProps, 'onRetryFiles' | 'onView' | 'onDownload'> & { transferring: boolean }) {
  const t = useT();
  const title = t('randomFiles.files.title', { orderNumber: panel.orderNumber });
  return (
    <Card as="section" flex="1" aria-label={title} testId="random-files" data-status={panel.status} data-order-number={panel.orderNumber}>
      <Stack gap="0.5" mb="3">
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h2" fontSize="md" color="gray.900" data-testid="random-files-title">
            {title}
          </Heading>
          {panel.status === 'loading' && <Spinner size="xs" color="blue.500" />}
        </Flex>
        {panel.name && (
          <Text fontSize="sm" color="gray.600" data-lang-neutral="">
            {t('randomFiles.files.hint', { name: panel.name })}
          </Text>
        )}
      </Stack>
      {panel.status === 'loading' && <LoadingRows label={t('randomFiles.files.loading')} />}
      {panel.status === 'failed' && (
        <Refusal
          title={panel.error ? t('randomFiles.files.failedInfo', { info: panel.error }) : t('randomFiles.files.failed')}
          retryLabel={t('randomFiles.files.retry')}
          onRetry={onRetryFiles}
          testId="random-files-failed"
        />
      )}
      {panel.status === 'empty' && <EmptyNote title={t('common.noData')} body={t('randomFiles.files.emptyBody')} testId="random-files-empty" />}
      {panel.status === 'ready' && <FileTable panel={panel} transferring={transferring} onView={onView} onDownload={onDownload} />}
    </Card>
  );
}

/** The random-file page: the caller's machines with an order-number search on the left, the chosen machine's files on the right. */
export function RandomFilesView(props: RandomFilesViewProps) {
  const { model, onRetryMachines } = props;
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 6 }} data-testid="random-page" data-status={model.status}>
      <SectionHeading title={t('randomFiles.title')} intro={t('randomFiles.intro')} />

      {model.status === 'loading' && (
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 3, md: 5 }} aria-busy="true" aria-label={t('randomFiles.machines.loading')}>
          <Skeleton h={{ base: '8rem', md: '20rem' }} w={{ base: 'full', md: '17rem', lg: '19rem' }} borderRadius="2xl" />
          <Skeleton h="20rem" flex="1" borderRadius="2xl" />
        </Flex>
      )}

      {model.status === 'failed' && (
        <Refusal
          title={model.error ? `${t('randomFiles.machines.failed')}: ${model.error}` : t('randomFiles.machines.failed')}
          retryLabel={t('randomFiles.machines.retry')}
          onRetry={onRetryMachines}
          testId="random-machines-failed"
        />
      )}

      {model.status === 'empty' && (
        <Card testId="random-no-machines">
          <EmptyNote title={t('randomFiles.empty.title')} body={t('randomFiles.empty.body')}>
            <Button asChild colorPalette="blue" mt="2">
              <RouterLink to={paths.section('device')}>{t('randomFiles.empty.link')}</RouterLink>
            </Button>
          </EmptyNote>
        </Card>
      )}

      {model.status === 'ready' && (
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 3, md: 5 }} align="stretch">
          <MachineList {...props} />
          {model.files && <FilesCard panel={model.files} transferring={model.transferring} {...props} />}
        </Flex>
      )}
    </Stack>
  );
}
