import { Button, CloseButton, Dialog, Field, Flex, Heading, Input, Portal, Skeleton, Stack, Table, Text, Box } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { thresholdProblem } from '../../domain/repair/stock-threshold';
import type { StockRow } from '../../ports/repair-api.port';
import { NotifierToken, RepairApiToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { Pager } from './pager';
import { dateTimeFormat } from '../common/intl-formats';

const PAGE_SIZE = 10;

/** The threshold modal (spec 3 section 5): required, a whole number, not negative; submit disabled otherwise. */
function ThresholdDialog({ row, onClose, onSaved }: { row: StockRow; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const api = useService(RepairApiToken);
  const notifier = useService(NotifierToken);
  const [value, setValue] = useState(row.threshold === null ? '' : String(row.threshold));
  const [busy, setBusy] = useState(false);
  const problem = thresholdProblem(value);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy) return;
    setBusy(true);
    try {
      const answer = await api.saveThreshold(row.id, value.trim());
      if (answer.kind === 'saved') {
        notifier.success(t('repair.stock.saveDone'));
        onSaved();
      } else notifier.error(answer.message ? `${t('repair.stock.saveFailed')}: ${answer.message}` : t('repair.stock.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && !busy && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" borderRadius="2xl" data-testid="threshold-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('repair.stock.modal.title', { name: row.name })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root invalid={!!value && !!problem} required>
                  <Field.Label>
                    {t('repair.stock.modal.threshold')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input inputMode="numeric" value={value} onChange={(e) => setValue(e.currentTarget.value)} data-testid="threshold-input" autoFocus />
                  {value && problem && <Field.ErrorText>{t('repair.stock.modal.invalid')}</Field.ErrorText>}
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer gap="3">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {t('repair.stock.modal.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy} disabled={!!problem} data-testid="threshold-save">
                  {t('repair.stock.modal.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** `/Stock` (and `/stock`), optional query `Id`: the caller's spare parts with counts and thresholds; edit and reset. */
export default function StockScreen() {
  const t = useT();
  const { language } = useLanguage();
  const api = useService(RepairApiToken);
  const notifier = useService(NotifierToken);
  const [params, setParams] = useSearchParams();
  const partId = params.get('Id') ?? params.get('id') ?? '';
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; rows: StockRow[]; total: number }>({ status: 'loading', rows: [], total: 0 });
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<StockRow | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, status: 'loading' }));
    api
      .stock({ page, size: PAGE_SIZE, ...(partId ? { partId } : {}) }, language, abort.signal)
      .then((answer) => {
        if (answer.kind === 'page') setState({ status: 'ready', rows: answer.rows, total: answer.total });
        else {
          setState({ status: 'failed', rows: [], total: 0 });
          notifier.error(t('repair.stock.loadFailed'));
        }
      })
      .catch(() => !abort.signal.aborted && setState({ status: 'failed', rows: [], total: 0 }));
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, page, partId, language, reload]);

  const reset = async (row: StockRow) => {
    const answer = await api.resetCount(row.id);
    if (answer.kind === 'done') {
      notifier.success(t('repair.stock.resetDone'));
      setReload((n) => n + 1);
    } else notifier.error(t('repair.stock.resetFailed'));
  };

  const headers = ['code', 'name', 'spec', 'size', 'sum', 'submit', 'threshold', 'created', 'actions'] as const;
  return (
    <PageFrame backTo={paths.click()} backLabel={t('repair.click.title')} width="6xl">
      <Stack gap="5" data-testid="stock-page" data-status={state.status}>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading size="xl">{t('repair.stock.title')}</Heading>
          {partId && (
            <Button variant="outline" bg="white" size="sm" onClick={() => setParams({})} data-testid="stock-all">
              {t('repair.stock.showAll')}
            </Button>
          )}
        </Flex>
        <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 4 }}>
          {state.status === 'loading' && !state.rows.length ? (
            <Stack gap="2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h="8" />
              ))}
            </Stack>
          ) : state.status === 'failed' ? (
            <Text color="red.600">{t('repair.stock.loadFailed')}</Text>
          ) : (
            <>
              <Table.ScrollArea>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row bg="gray.50">
                      {headers.map((h) => (
                        <Table.ColumnHeader key={h} whiteSpace="nowrap" textAlign={['sum', 'submit', 'threshold'].includes(h) ? 'end' : 'start'}>
                          {t(`repair.stock.col.${h}`)}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {state.rows.map((row) => {
                      const reached = row.threshold !== null && row.submitNumber >= row.threshold;
                      return (
                        <Table.Row key={row.id} data-testid="stock-row" data-part={row.id} data-reached={reached}>
                          <Table.Cell whiteSpace="nowrap" fontFamily="mono">
                            {row.code}
                          </Table.Cell>
                          <Table.Cell whiteSpace="nowrap">{row.name}</Table.Cell>
                          {/* The part catalogue's own words (data, like machine names). */}
                          <Table.Cell data-lang-neutral="">{row.specifications}</Table.Cell>
                          <Table.Cell whiteSpace="nowrap" data-lang-neutral="">
                            {row.size}
                          </Table.Cell>
                          <Table.Cell textAlign="end" data-field="sum">
                            {row.sumNumber}
                          </Table.Cell>
                          <Table.Cell textAlign="end" data-field="submit" color={reached ? 'red.600' : undefined} fontWeight={reached ? 'bold' : undefined}>
                            {row.submitNumber}
                          </Table.Cell>
                          <Table.Cell textAlign="end" data-field="threshold">
                            {row.threshold === null ? <Text as="span" color="gray.500">{t('repair.stock.none')}</Text> : row.threshold}
                          </Table.Cell>
                          <Table.Cell whiteSpace="nowrap">{dateTimeFormat(LOCALES[language], { year: 'numeric', month: 'numeric', day: 'numeric' }).format(new Date(row.createTime))}</Table.Cell>
                          <Table.Cell whiteSpace="nowrap">
                            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => setEditing(row)} data-testid="stock-edit">
                              {t('repair.stock.edit')}
                            </Button>
                            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void reset(row)} data-testid="stock-reset">
                              {t('repair.stock.reset')}
                            </Button>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Pager page={page} size={PAGE_SIZE} total={state.total} onPage={setPage} testId="stock-pager" />
            </>
          )}
        </Box>
      </Stack>
      {editing && (
        <ThresholdDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReload((n) => n + 1);
          }}
        />
      )}
    </PageFrame>
  );
}
