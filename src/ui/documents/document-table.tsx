import { Button, chakra, Flex, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { DocumentRow } from '../../domain/documents/document-rows';
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
  if (!props.documents.length) {
    return (
      <Text color="gray.600" py="6" data-testid="documents-empty">
        {t('documents.empty')}
      </Text>
    );
  }
  const wide = { base: 'none', md: 'table-cell' } as const;
  return (
    <Stack gap="2">
      <Table.ScrollArea borderWidth="1px" borderColor="gray.200" borderRadius="lg" maxW="full">
        <Table.Root size="sm" data-testid="documents-table">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>{t('documents.col.fileName')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('documents.col.created')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('documents.col.order')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('documents.col.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.documents.map((d) => (
              <Table.Row key={d.Id} data-testid="document-row" data-file-name={d.FileName}>
                <Table.Cell minW="9rem" whiteSpace="normal">
                  <Text fontWeight="medium" color="gray.900" wordBreak="break-all">
                    {d.FileName}
                  </Text>
                  <Text fontSize="xs" color="gray.500">
                    {formatSize(d.Size)}
                    <chakra.span display={{ base: 'inline', md: 'none' }}> · {d.OrderNumber}</chakra.span>
                  </Text>
                </Table.Cell>
                <Table.Cell display={wide} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatTime(d.CreateTime, props.locale)}
                </Table.Cell>
                <Table.Cell display={wide} whiteSpace="nowrap">
                  {d.OrderNumber}
                </Table.Cell>
                <Table.Cell textAlign="end">
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
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
