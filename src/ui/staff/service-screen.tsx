import { Box, Button, CloseButton, Dialog, Field, Flex, Input, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSearchParams } from 'react-router';
import type { RandomFileRow } from '../../domain/files/random-files.machine';
import { SERVICE_DRAWER_FIELDS, type ServiceMachine } from '../../domain/staff/staff-records';
import { isStaffUser, serviceModeOf } from '../../domain/staff/staff-role';
import { SessionStoreToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { LoadFailed, StaffCard, StaffFormDialog, StaffPager } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines, type StaffMachines } from './staff-machines';

type GateActor = ActorRefFrom<StaffMachines['serviceLogin']>;

/** The login modal of the service page: it has no close button and ignores Escape and outside clicks until a staff login succeeds (spec 3). */
function LoginGate({ actor }: { actor: GateActor }) {
  const t = useT();
  const state = useSelector(actor, (s) => ({ open: s.matches('open'), busy: s.matches('checking'), context: s.context }));
  if (state.open) return null;
  const error = state.context.error;
  const errorText =
    error === null
      ? null
      : error.kind === 'server'
        ? error.message.startsWith('accounts.')
          ? t(error.message)
          : error.message || t('staff.login.failed')
        : t(error.kind === 'required' ? 'staff.login.required' : 'staff.login.notAllowed');
  return (
    <StaffFormDialog
      size="sm"
      testId="service-login"
      title={t('staff.login.title')}
      intro={t('staff.login.body')}
      onSubmit={() => actor.send({ type: 'submit' })}
      footer={
        <Button type="submit" colorPalette="blue" loading={state.busy} width="full" data-testid="service-login-submit">
          {t('staff.login.submit')}
        </Button>
      }
    >
      <Stack gap="3">
        <Field.Root>
          <Field.Label>{t('staff.login.account')}</Field.Label>
          <Input value={state.context.account} onChange={(e) => actor.send({ type: 'account.change', value: e.currentTarget.value })} autoComplete="username" data-testid="service-account" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('staff.login.password')}</Field.Label>
          <Input type="password" value={state.context.password} onChange={(e) => actor.send({ type: 'password.change', value: e.currentTarget.value })} autoComplete="current-password" data-testid="service-password" />
        </Field.Root>
        {errorText && (
          <Text color="red.600" fontSize="sm" role="alert" data-testid="service-login-error">
            {errorText}
          </Text>
        )}
      </Stack>
    </StaffFormDialog>
  );
}

/** A machine's random files (RandomCenter/GetPLMRandomFile with the staff token), with downloads. */
function RandomFilesTable({ orderNumber, empty }: { orderNumber: string; empty?: ReactNode }) {
  const t = useT();
  const { machineFiles } = useStaffMachines();
  const definition = useMemo(() => machineFiles.provide({ actions: { saveFile: (_, { blob, fileName }) => saveFile(blob, fileName) } }), [machineFiles]);
  const list = useFreshActor(definition, { input: { orderNumber } });
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const { files: loaded, message } = useSelector(list, (s) => s.context);
  const files = loading ? null : loaded;
  const download = (file: RandomFileRow) => list.send({ type: 'file.download', file });
  if (files === null) return <Skeleton height="5rem" data-testid="service-files-loading" />;
  if (files.length === 0)
    return (
      empty ?? <Text color="gray.600" fontSize="sm" data-testid="service-files-empty">
        {message || t('staff.drawer.noFiles')}
      </Text>
    );
  return (
    <StaffTable
      label={t('staff.tab.machines')}
      testId="service-files"
      rows={files}
      rowKey={(file) => file.Id}
      rowTestId="service-file-row"
      columns={[
        { header: t('staff.files.col.title'), cell: (file) => file.Title || file.FileName },
        { header: t('staff.files.col.classify'), cell: (file) => file.FileClassify },
        { header: t('staff.files.col.created'), cell: (file) => file.CreateTime.slice(0, 10) },
        {
          header: null,
          cell: (file) => (
            <Button size="xs" variant="outline" onClick={() => download(file)}>
              {t('staff.drawer.download')}
            </Button>
          ),
        },
      ]}
    />
  );
}

/**
 * The device-information drawer: the machine fields of spec 3 and its random files. A Chakra
 * dialog (full screen on phones) rather than Drawer, whose recipe the portal's trimmed Chakra
 * system leaves out to keep the first load small (ui/common/chakra-system.ts).
 */
function MachineDrawer({ machine, onClose }: { machine: ServiceMachine | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog.Root open={machine !== null} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'lg' }} placement="top" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="service-drawer">
            <Dialog.Header>
              <Dialog.Title>{machine ? t('staff.drawer.title', { orderNumber: machine.orderNumber }) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {machine && (
                <Stack gap="5">
                  <Box as="dl" display="grid" gridTemplateColumns="minmax(8rem, auto) 1fr" columnGap="4" rowGap="1.5" fontSize="sm" data-testid="service-fields">
                    {SERVICE_DRAWER_FIELDS.map((field) => (
                      <Box key={field} display="contents">
                        <Box as="dt" color="gray.600">
                          {t(`staff.field.${field}`)}
                        </Box>
                        <Box as="dd" data-field={field}>
                          {machine.fields[field] || '—'}
                        </Box>
                      </Box>
                    ))}
                  </Box>
                  <Box>
                    <Text fontWeight="semibold" mb="2">
                      {t('staff.drawer.files')}
                    </Text>
                    <RandomFilesTable orderNumber={machine.orderNumber} />
                  </Box>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('staff.drawer.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const PAGE_SIZE = 10;

/** The machine table of all machines (GetMachineTables as staff): search, page size 10, quick jumper, the drawer. */
function MachineTable({ onForbidden }: { onForbidden: () => void }) {
  const t = useT();
  const { machines } = useStaffMachines();
  const actor = useFreshActor(machines, { input: { filter: '', size: PAGE_SIZE } });
  const snapshot = useSelector(actor, (s) => s);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ServiceMachine | null>(null);
  const forbidden = snapshot.matches('forbidden');
  // The server said the caller is not staff: the login modal comes back with that message (issue 35, item 8).
  useEffect(() => {
    if (forbidden) onForbidden();
  }, [forbidden, onForbidden]);
  if (forbidden) return null;
  const { rows, total, page, message } = snapshot.context;
  return (
    <StaffCard
      title={t('staff.machines.title')}
      actions={
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'filter', filter: search });
          }}
        >
          <Flex gap="2">
            <Input size="sm" bg="white" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder={t('staff.machines.search')} aria-label={t('staff.machines.search')} data-testid="service-search" />
            <Button size="sm" type="submit" data-testid="service-search-submit">
              {t('staff.machines.searchSubmit')}
            </Button>
          </Flex>
        </form>
      }
    >
      {snapshot.matches('failed') && <LoadFailed message={message} onRetry={() => actor.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.tab.machines')}
        area={{ 'data-status': snapshot.value as string, 'data-testid': 'service-machines' }}
        interactive
        rows={rows}
        rowKey={(m) => m.equipmentId}
        rowTestId="service-machine-row"
        rowData={(m) => ({ 'data-order-number': m.orderNumber })}
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.machines.empty') }}
        columns={[
          { header: t('staff.machines.col.orderNumber'), cell: (m) => m.orderNumber },
          { header: t('staff.machines.col.name'), cell: (m) => m.name, langNeutral: true },
          { header: t('staff.machines.col.series'), cell: (m) => m.seriesName },
          { header: t('staff.machines.col.owner'), cell: (m) => m.fields.Owner || '—' },
          {
            header: t('staff.machines.col.actions'),
            cell: (m) => (
              <Button size="xs" variant="outline" onClick={() => setOpen(m)} data-testid="service-open-drawer">
                {t('staff.machines.details')}
              </Button>
            ),
          },
        ]}
      />
      <StaffPager page={page} size={PAGE_SIZE} total={total} onPage={(p) => actor.send({ type: 'page', page: p })} testId="service-machines" />
      <MachineDrawer machine={open} onClose={() => setOpen(null)} />
    </StaffCard>
  );
}

/** The lifecycle query mode (`lang` other than zh or en): a machine's files by order number only; none is the no-data rejection. */
function LifecycleLookup() {
  const t = useT();
  const [orderNumber, setOrderNumber] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  return (
    <StaffCard title={t('staff.lifecycle.title')} intro={t('staff.lifecycle.intro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (orderNumber.trim()) setAsked(orderNumber.trim());
        }}
      >
        <Flex gap="2" mb="4" maxW="md">
          <Input bg="white" value={orderNumber} onChange={(e) => setOrderNumber(e.currentTarget.value)} placeholder={t('staff.lifecycle.orderNumber')} aria-label={t('staff.lifecycle.orderNumber')} data-testid="lifecycle-order-number" />
          <Button type="submit" data-testid="lifecycle-submit">
            {t('staff.lifecycle.submit')}
          </Button>
        </Flex>
      </form>
      {asked && <LifecycleFiles key={asked} orderNumber={asked} />}
    </StaffCard>
  );
}

/** The lifecycle query's answer: the machine's files, or that it has none (one load, the table's). */
function LifecycleFiles({ orderNumber }: { orderNumber: string }) {
  const t = useT();
  return (
    <RandomFilesTable
      orderNumber={orderNumber}
      empty={
        <Text color="red.600" role="alert" data-testid="lifecycle-no-data">
          {t('staff.lifecycle.noData')}
        </Text>
      }
    />
  );
}

/**
 * `/service`: the internal service page (spec 3). A login modal that cannot be dismissed until a
 * staff login succeeds, in every language (the login result's Is{product}User; the server refuses
 * non-staff either way, and a 403 brings the modal back), then the machine table with its drawer,
 * or in the lifecycle query mode the lookup by order number.
 */
export default function ServiceScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const mode = serviceModeOf(params.get('lang'));
  const { serviceLogin } = useStaffMachines();
  const session = useService(SessionStoreToken);
  const gate = useFreshActor(serviceLogin, { input: { alreadyStaff: session.signedIn() && isStaffUser(session.user()) } });
  const unlocked = useSelector(gate, (s) => s.matches('open'));
  const relock = useCallback(() => gate.send({ type: 'forbidden' }), [gate]);
  return (
    <PageFrame backTo="/staff" backLabel={t('staff.console.title')} width="6xl">
      <Stack gap="4" data-testid="service-page" data-mode={mode}>
        <Box>
          <Text as="h1" fontSize="2xl" fontWeight="bold">
            {t('staff.service.title')}
          </Text>
          <Text color="gray.600">{t('staff.service.intro')}</Text>
        </Box>
        <LoginGate actor={gate} />
        {unlocked && (mode === 'lifecycle' ? <LifecycleLookup /> : <MachineTable onForbidden={relock} />)}
      </Stack>
    </PageFrame>
  );
}
