import { Button, chakra, Flex, Spinner, Text } from '@chakra-ui/react';
import type { DocumentRow } from '../../domain/documents/document-rows';
import { DataTable } from '../common/data-table';
import { formatSize } from '../common/formats';
import { useT } from '../i18n/language-context';
import { formatTime } from './report-drawer';

/** The documents of a page with their actions; loading, failed and empty as the spec words them. On a phone the date and order columns fold under the name. */
export function DocumentTable(props: {
  documents: DocumentRow[] | null;
  failed: boolean;
  locale: string;
  onCam: (d: DocumentRow) => void;
  onWork: (d: DocumentRow) => void;
  /** The row whose file is on its way (its button spins; the others wait). */
  downloading: string | null;
  onDownload: (d: DocumentRow) => void;
  onDelete: (d: DocumentRow) => void;
}) {
  const t = useT();
  if (props.documents === null) {
    return (
      <Flex align="center" gap="2" color="gray.600" py="6" data-testid="documents-loading">
        <Spinner size="sm" /> {t('documents.loading')}
      </Flex>
    );
  }
  if (props.failed) return <Text color="red.600">{t('documents.fail3')}</Text>;
  return (
    <DataTable
      testId="documents-table"
      rows={props.documents}
      rowKey={(d) => d.Id}
      rowTestId="document-row"
      rowData={(d) => ({ 'data-file-name': d.FileName })}
      empty={
        <Text color="gray.600" py="6" data-testid="documents-empty">
          {t('documents.empty')}
        </Text>
      }
      columns={[
        {
          header: t('documents.col.fileName'),
          minWidth: '9rem',
          wrap: true,
          cell: (d) => (
            <>
              <Text fontWeight="medium" color="gray.900" wordBreak="break-all">
                {d.FileName}
              </Text>
              <Text fontSize="xs" color="gray.500">
                {formatSize(d.Size)}
                <chakra.span display={{ base: 'inline', md: 'none' }}> · {d.OrderNumber}</chakra.span>
              </Text>
            </>
          ),
        },
        { header: t('documents.col.created'), hideOnPhone: true, cell: (d) => formatTime(d.CreateTime, props.locale) },
        { header: t('documents.col.order'), hideOnPhone: true, cell: (d) => d.OrderNumber },
        { header: t('documents.col.uploadedBy'), hideOnPhone: true, cell: (d) => d.UploadedByName ?? '', cellData: { 'data-field': 'uploaded-by' }, langNeutral: true },
        {
          header: t('documents.col.actions'),
          align: 'end',
          cell: (d) => (
            <Flex gap="1" justify="flex-end" wrap="wrap">
              <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => props.onCam(d)} data-testid="document-cam">
                {t('documents.action.cam')}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => props.onWork(d)} data-testid="document-work">
                {t('documents.action.work')}
              </Button>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="blue"
                onClick={() => props.onDownload(d)}
                loading={props.downloading === d.Id}
                disabled={props.downloading !== null && props.downloading !== d.Id}
                data-testid="document-download"
              >
                {t('documents.action.download')}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => props.onDelete(d)} data-testid="document-delete">
                {t('documents.action.delete')}
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}
