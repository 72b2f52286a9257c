import { Button, CloseButton, Dialog, Field, Flex, Heading, Input, Portal, Skeleton, Stack, Text, Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { thresholdProblem } from '../../domain/repair/stock-threshold';
import { STOCK_PAGE_SIZE, type StockPageEvent, type StockRow } from '../../domain/repair/stock-page.machine';
import { NotifierToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { TablePager } from '../common/table-pager';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useRepairMachines } from './repair-machines';
import { DataTable } from '../common/data-table';
import { dateTimeFormat } from '../common/intl-formats';
import { useLatest } from '../common/use-latest';

/** A part whose count since the last reset reached its threshold: the count in red. */
const REACHED = { '& tr[data-reached=true] > td[data-field=submit]': { color: 'red.600', fontWeight: 'bold' } } as const;

/** The threshold modal (spec 3 section 5): required, a whole number, not negative; save disabled otherwise. */
function ThresholdDialog({ row, draft, busy, send }: { row: StockRow; draft: string; busy: boolean; send: (event: StockPageEvent) => void }) {
  const t = useT();
  const problem = thresholdProblem(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'edit.save' });
  };
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && !busy && send({ type: 'edit.close' })} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" borderRadius="2xl" data-testid="threshold-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('repair.stock.modal.title', { name: row.name })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root invalid={!!draft && !!problem} required>
                  <Field.Label>
                    {t('repair.stock.modal.threshold')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input inputMode="numeric" value={draft} onChange={(e) => send({ type: 'edit.change', value: e.currentTarget.value })} data-testid="threshold-input" autoFocus />
                  {draft && problem && <Field.ErrorText>{t('repair.stock.modal.invalid')}</Field.ErrorText>}
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer gap="3">
                <Button variant="outline" onClick={() => send({ type: 'edit.close' })} disabled={busy}>
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
  const notifier = useService(NotifierToken);
  const machines = useRepairMachines();
  const [params, setParams] = useSearchParams();
  const partId = params.get('Id') ?? params.get('id') ?? '';
  // The machine keeps the actions of its first render; they read the current texts here.
  const translate = useLatest(t);
  const definition = useMemo(
    () =>
      machines.stockPage.provide({
        actions: {
          notifyLoadFailed: () => notifier.error(translate.current('repair.stock.loadFailed')),
          notifySaved: () => notifier.success(translate.current('repair.stock.saveDone')),
          notifySaveFailed: (_, { message }) =>
            notifier.error(message ? `${translate.current('repair.stock.saveFailed')}: ${message}` : translate.current('repair.stock.saveFailed')),
          notifyResetDone: () => notifier.success(translate.current('repair.stock.resetDone')),
          notifyResetFailed: () => notifier.error(translate.current('repair.stock.resetFailed')),
        },
      }),
    [machines.stockPage, notifier],
  );
  const page = useFreshActor(definition, { input: { language, partId } });
  const context = useSelector(page, (s) => s.context);
  const loading = useSelector(page, (s) => s.hasTag('loading'));
  const saving = useSelector(page, (s) => s.matches({ edit: 'saving' }));
  const state = { status: loading ? 'loading' : context.failed ? 'failed' : 'ready', rows: context.rows, total: context.total };
  useEffect(() => page.send({ type: 'language.change', language }), [page, language]);
  useEffect(() => page.send({ type: 'part.show', partId }), [page, partId]);

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
              <DataTable
                framed={false}
                rows={state.rows}
                rowKey={(row) => row.id}
                rowTestId="stock-row"
                rowData={(row) => ({ 'data-part': row.id, 'data-reached': row.threshold !== null && row.submitNumber >= row.threshold })}
                css={REACHED}
                columns={[
                  { header: t('repair.stock.col.code'), cell: (row) => row.code, cellStyle: { fontFamily: 'mono' } },
                  { header: t('repair.stock.col.name'), cell: (row) => row.name },
                  // The catalogue answers its specifications and sizes in the page's language (the language check reads them).
                  { header: t('repair.stock.col.spec'), cell: (row) => row.specifications },
                  { header: t('repair.stock.col.size'), cell: (row) => row.size },
                  { header: t('repair.stock.col.sum'), align: 'end', cell: (row) => row.sumNumber, cellData: { 'data-field': 'sum' } },
                  { header: t('repair.stock.col.submit'), align: 'end', cell: (row) => row.submitNumber, cellData: { 'data-field': 'submit' } },
                  {
                    header: t('repair.stock.col.threshold'),
                    align: 'end',
                    cell: (row) => (
                      <>
                        {row.threshold === null ? (
                          <Text as="span" color="gray.500" data-part="value">
                            {t('repair.stock.none')}
                          </Text>
                        ) : (
                          <span data-part="value">{row.threshold}</span>
                        )}
                        {/* Who last set the threshold or reset the count (issue 37 item 4), under it rather than a column of its own: the table is full at desktop widths. */}
                        {row.changedByName ? (
                          <Text fontSize="xs" color="gray.600" whiteSpace="nowrap" data-testid="stock-changed-by">
                            {t('repair.stock.changedBy')}{' '}
                            <Text as="span" data-lang-neutral="">
                              {row.changedByName}
                            </Text>
                          </Text>
                        ) : null}
                      </>
                    ),
                    cellData: { 'data-field': 'threshold' },
                  },
                  { header: t('repair.stock.col.created'), cell: (row) => dateTimeFormat(LOCALES[language], { year: 'numeric', month: 'numeric', day: 'numeric' }).format(new Date(row.createTime)) },
                  {
                    header: t('repair.stock.col.actions'),
                    cell: (row) => (
                      <>
                        <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => page.send({ type: 'edit.open', row })} data-testid="stock-edit">
                          {t('repair.stock.edit')}
                        </Button>
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => page.send({ type: 'count.reset', row })} data-testid="stock-reset">
                          {t('repair.stock.reset')}
                        </Button>
                      </>
                    ),
                  },
                ]}
              />
              <TablePager mt="3" page={context.page} size={STOCK_PAGE_SIZE} total={state.total} busy={loading} onPage={(p) => page.send({ type: 'page.choose', page: p })} testId="stock-pager" />
            </>
          )}
        </Box>
      </Stack>
      {context.editing && <ThresholdDialog row={context.editing} draft={context.draft} busy={saving} send={page.send} />}
    </PageFrame>
  );
}
