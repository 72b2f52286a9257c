import { Badge, Button, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { leadsCsv } from '../../domain/staff/leads-csv';
import type { AuditFilter, LeadKind } from '../../domain/staff/staff-records';
import { NotifierToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { isStaffUser } from '../../domain/staff/staff-role';
import { SessionStoreToken } from '../../ports/tokens';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { LoadFailed, StaffCard, StaffOnlyNote, StaffPager } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';
import { STAFF_TABS } from './staff-tabs';
import { useLatest } from '../common/use-latest';

/** `/staff`: the staff console's frame, its navigation (STAFF_TABS) and the open tab. */
export default function StaffConsoleScreen() {
  const t = useT();
  // A customer's login result says they are no staff: the note at once, and no tab asks the
  // server for what it would refuse (each staff call still checks the caller on the server).
  const staff = isStaffUser(useService(SessionStoreToken).user());
  return (
    <PageFrame backTo="/" backLabel={t('staff.console.back')} width="6xl">
      <Stack gap="4" data-testid="staff-console">
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          {t('staff.console.title')}
        </Text>
        {staff ? <StaffConsoleTabs /> : <StaffOnlyNote />}
      </Stack>
    </PageFrame>
  );
}

/** The console's navigation and the open tab. */
function StaffConsoleTabs() {
  const t = useT();
  return (
    <>
      <HStack as="nav" gap="1" wrap="wrap" borderBottomWidth="1px" borderColor="gray.200" pb="2" data-testid="staff-tabs">
        {STAFF_TABS.map((tab) => (
          <Button key={tab.to} asChild size="sm" variant="ghost">
            <NavLink to={tab.to} style={({ isActive }) => (isActive ? { fontWeight: 700, color: '#1d4ed8' } : undefined)} data-testid={`staff-tab-${tab.to.split('/').pop()}`}>
              {t(tab.label)}
            </NavLink>
          </Button>
        ))}
      </HStack>
      <Outlet />
    </>
  );
}

/** `/staff` itself opens the first tab. */
export function StaffConsoleIndex() {
  return <Navigate to="/staff/registrations" replace />;
}

/** Registrations waiting for manual review: approve or reject (the customer gets a mail). */
export function RegistrationsTab() {
  const t = useT();
  const { registrations, review } = useStaffMachines();
  const notifier = useService(NotifierToken);
  const actor = useFreshActor(registrations, { input: { filter: null, size: 100 } });
  const snapshot = useSelector(actor, (s) => s);
  // The review's outcome is a toast, and the list shows what the server holds after it.
  const live = useLatest({ t, actor });
  const reviewDefinition = useMemo(
    () =>
      review.provide({
        actions: {
          notifyDone: (_, { act }) => notifier.success(live.current.t(act === 'approve' ? 'staff.registrations.approved' : 'staff.registrations.rejected')),
          notifyRefused: (_, { message }) => notifier.error(message),
          reloadList: () => live.current.actor.send({ type: 'reload' }),
        },
      }),
    [review, notifier],
  );
  const reviewer = useFreshActor(reviewDefinition);
  const busy = useSelector(reviewer, (s) => s.context.busy?.key ?? null);
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const decide = (userId: string, approve: boolean) => reviewer.send({ type: 'act', key: userId, act: approve ? 'approve' : 'reject' });
  const rows = snapshot.context.rows;
  return (
    <StaffCard title={t('staff.registrations.title')}>
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => actor.send({ type: 'reload' })} />}
      {snapshot.matches('ready') && rows.length === 0 ? (
        <Text color="gray.600" data-testid="registrations-none">
          {t('staff.registrations.none')}
        </Text>
      ) : (
        <StaffTable
          label={t('staff.registrations.title')}
          testId="registrations"
          rows={rows}
          rowKey={(r) => r.userId}
          rowTestId="registration-row"
          rowData={(r) => ({ 'data-account': r.account })}
          columns={[
            {
              header: null,
              cell: (r) => (
                <Flex gap="2">
                  <Button size="xs" colorPalette="green" loading={busy === r.userId} onClick={() => decide(r.userId, true)} data-testid="registration-approve">
                    {t('staff.registrations.approve')}
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="red" disabled={busy === r.userId} onClick={() => decide(r.userId, false)} data-testid="registration-reject">
                    {t('staff.registrations.reject')}
                  </Button>
                </Flex>
              ),
            },
            { header: t('staff.registrations.col.account'), cell: (r) => r.account, langNeutral: true },
            { header: t('staff.registrations.col.name'), cell: (r) => r.realName, langNeutral: true },
            { header: t('staff.registrations.col.area'), cell: (r) => r.area, langNeutral: true },
            { header: t('staff.registrations.col.created'), cell: (r) => r.createdAt.slice(0, 10) },
          ]}
        />
      )}
    </StaffCard>
  );
}

const AUDIT_PAGE = 20;
const NO_FILTER: AuditFilter = { actor: '', action: '', object: '', kind: '' };
const short = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value).slice(0, 160));

/** The audit log, newest first, with its filters; nothing here changes a row. */
export function AuditTab() {
  const t = useT();
  const { audit } = useStaffMachines();
  const actor = useFreshActor(audit, { input: { filter: NO_FILTER, size: AUDIT_PAGE } });
  const snapshot = useSelector(actor, (s) => s);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const { rows, total, page } = snapshot.context;
  const field = (key: 'actor' | 'action' | 'object') => (
    <Input size="sm" bg="white" maxW="12rem" placeholder={t(`staff.audit.${key}`)} aria-label={t(`staff.audit.${key}`)} value={filter[key]} onChange={(e) => setFilter({ ...filter, [key]: e.currentTarget.value })} data-testid={`audit-${key}`} />
  );
  return (
    <StaffCard title={t('staff.audit.title')} intro={t('staff.audit.intro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'filter', filter });
        }}
      >
        <Flex gap="2" wrap="wrap" mb="3">
          {field('actor')}
          {field('action')}
          {field('object')}
          <Input size="sm" bg="white" type="date" maxW="10rem" aria-label={t('staff.audit.from')} value={filter.from ?? ''} onChange={(e) => setFilter({ ...filter, from: e.currentTarget.value })} data-testid="audit-from" />
          <Input size="sm" bg="white" type="date" maxW="10rem" aria-label={t('staff.audit.to')} value={filter.to ?? ''} onChange={(e) => setFilter({ ...filter, to: e.currentTarget.value })} data-testid="audit-to" />
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label={t('staff.audit.kind')} value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: e.currentTarget.value as AuditFilter['kind'] })} bg="white" data-testid="audit-kind">
              <option value="">{t('staff.audit.kindAll')}</option>
              <option value="read">{t('staff.audit.kindRead')}</option>
              <option value="write">{t('staff.audit.kindWrite')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" type="submit" data-testid="audit-filter">
            {t('staff.audit.filter')}
          </Button>
        </Flex>
      </form>
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => actor.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.audit.title')}
        testId="audit-rows"
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId="audit-row"
        rowData={(r) => ({ 'data-action': r.action })}
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.audit.none') }}
        columns={[
          { header: t('staff.audit.col.time'), cell: (r) => r.time.replace('T', ' ').slice(0, 19) },
          { header: t('staff.audit.actor'), cell: (r) => r.actor },
          {
            header: t('staff.audit.action'),
            cell: (r) => (
              <>
                <Badge colorPalette={r.kind === 'write' ? 'orange' : 'gray'} mr="1">
                  {t(r.kind === 'write' ? 'staff.audit.kindWrite' : 'staff.audit.kindRead')}
                </Badge>
                <span data-lang-neutral="">{r.action}</span>
              </>
            ),
          },
          { header: t('staff.audit.object'), cell: (r) => r.object || '—', langNeutral: true },
          { header: t('staff.audit.col.result'), cell: (r) => (r.result === 'done' ? t('staff.audit.done') : r.result) },
          {
            header: t('staff.audit.col.change'),
            cell: (r) => (r.kind === 'write' ? `${short(r.before)} → ${short(r.after)}` : short(r.request)),
            maxWidth: '28rem',
            wrap: true,
            langNeutral: true,
            cellStyle: { fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' },
          },
        ]}
      />
      <StaffPager page={page} size={AUDIT_PAGE} total={total} onPage={(p) => actor.send({ type: 'page', page: p })} testId="audit" />
    </StaffCard>
  );
}

const LEADS_PAGE = 20;
const LEAD_COLUMNS = ['createdAt', 'name', 'phone', 'email', 'company', 'message'] as const;

/** Contact messages and CAM-information forms, with the whole list as CSV. */
export function LeadsTab() {
  const t = useT();
  const { leads, leadsExport } = useStaffMachines();
  const actor = useFreshActor(leads, { input: { filter: 'contact' as LeadKind, size: LEADS_PAGE } });
  const snapshot = useSelector(actor, (s) => s);
  // The machine keeps the actions of its first render; they read the current texts here.
  const translate = useLatest(t);
  const exportDefinition = useMemo(
    () =>
      leadsExport.provide({
        actions: {
          saveCsv: (_, { kind, leads: all }) => {
            const header = Object.fromEntries(LEAD_COLUMNS.map((c) => [c, translate.current(`staff.leads.col.${c}`)])) as Parameters<typeof leadsCsv>[1];
            // The BOM lets spreadsheet programs read the Chinese text as UTF-8.
            saveFile(new Blob(['\ufeff' + leadsCsv(all, header)], { type: 'text/csv;charset=utf-8' }), `leads-${kind}.csv`);
          },
        },
      }),
    [leadsExport],
  );
  const exporter = useFreshActor(exportDefinition);
  const exporting = useSelector(exporter, (s) => s.hasTag('busy'));
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const { rows, total, page, filter } = snapshot.context;
  return (
    <StaffCard
      title={t('staff.leads.title')}
      actions={
        <Flex gap="2" wrap="wrap">
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field value={filter} onChange={(e) => actor.send({ type: 'filter', filter: e.currentTarget.value as LeadKind })} bg="white" aria-label={t('staff.leads.title')} data-testid="leads-kind">
              <option value="contact">{t('staff.leads.contact')}</option>
              <option value="cam">{t('staff.leads.cam')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" loading={exporting} disabled={total === 0} onClick={() => exporter.send({ type: 'export', kind: filter })} data-testid="leads-export">
            {t('staff.leads.export')}
          </Button>
        </Flex>
      }
    >
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => actor.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.leads.title')}
        testId="leads"
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId="lead-row"
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.leads.none') }}
        columns={[
          { header: t('staff.leads.col.createdAt'), cell: (r) => r.createdAt.replace('T', ' ').slice(0, 16) },
          { header: t('staff.leads.col.name'), cell: (r) => r.name, langNeutral: true },
          { header: t('staff.leads.col.phone'), cell: (r) => r.phone },
          { header: t('staff.leads.col.email'), cell: (r) => r.email, langNeutral: true },
          { header: t('staff.leads.col.company'), cell: (r) => r.company, langNeutral: true },
          { header: t('staff.leads.col.message'), cell: (r) => r.message, maxWidth: '24rem', wrap: true, langNeutral: true },
        ]}
      />
      <StaffPager page={page} size={LEADS_PAGE} total={total} onPage={(p) => actor.send({ type: 'page', page: p })} testId="leads" />
    </StaffCard>
  );
}
