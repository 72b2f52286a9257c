import { Alert, Badge, Box, Button, chakra, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffCompanyDetail } from '../../domain/staff/company-move';
import { localDateTime, localDay } from '../common/local-time';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { companyLabel } from './staff-company-words';
import { LoadFailed, StaffCard, StaffFormDialog, StaffOnlyNote } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';

type T = ReturnType<typeof useT>;

/** `/staff/companies/:companyId`: one company's members and machines; a machine moved to another company from here. */
export default function CompanyScreen() {
  const t = useT();
  const { companyId = '' } = useParams();
  const { company: definition } = useStaffMachines();
  const actor = useFreshActor(definition, { input: { companyId } });
  const state = useSelector(actor, (s) => ({
    value: s.value,
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    notFound: s.matches('notFound'),
    forbidden: s.matches('forbidden'),
    dialog: s.matches({ ready: 'choosing' }) || s.matches({ ready: 'searching' }) || s.matches({ ready: 'sending' }),
    searching: s.matches({ ready: 'searching' }),
    sending: s.matches({ ready: 'sending' }),
    ...s.context,
  }));
  const [search, setSearch] = useState('');
  if (state.forbidden) return <StaffOnlyNote />;
  const back = (
    <Button asChild size="sm" variant="ghost" alignSelf="flex-start">
      <Link to="/staff/companies" data-testid="company-back">
        {t('staff.companies.back')}
      </Link>
    </Button>
  );
  if (state.notFound)
    return (
      <Stack gap="3">
        {back}
        <Alert.Root status="warning" borderRadius="lg" data-testid="company-not-found">
          <Alert.Indicator />
          <Alert.Title>{t('staff.companies.notFound')}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  const company = state.company;
  const move = state.move;
  const error = state.problem ? t(state.problem) : state.message;
  return (
    <Stack gap="4">
      {back}
      {state.failed && <LoadFailed message={state.message} onRetry={() => actor.send({ type: 'details.reload' })} />}
      {state.moved && !state.loading && (
        <Alert.Root status="success" borderRadius="lg" data-testid="company-moved">
          <Alert.Indicator />
          <Alert.Title>{t('staff.companies.moved', { orderNumber: state.moved })}</Alert.Title>
        </Alert.Root>
      )}
      {company && <CompanyView t={t} company={company} onMove={(orderNumber) => actor.send({ type: 'move.open', orderNumber })} />}
      <StaffFormDialog
        open={state.dialog && move !== null}
        onClose={() => actor.send({ type: 'move.cancel' })}
        busy={state.sending}
        size="sm"
        testId="company-move-dialog"
        title={t('staff.companies.moveTitle', { orderNumber: move?.draft.orderNumber ?? '' })}
        intro={company ? t('staff.companies.moveIntro', { from: companyLabel(t, company) }) : undefined}
        onSubmit={() => actor.send({ type: 'move.submit' })}
        footer={
          <>
            <Button variant="outline" disabled={state.sending} onClick={() => actor.send({ type: 'move.cancel' })}>
              {t('staff.companies.cancel')}
            </Button>
            <Button type="submit" colorPalette="blue" loading={state.sending} disabled={state.searching} data-testid="company-move-confirm">
              {t('staff.companies.confirmMove')}
            </Button>
          </>
        }
      >
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{t('staff.companies.findTarget')}</Field.Label>
            <Flex gap="2" width="full">
              <Input
                size="sm"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                // The dialog is a form that moves: Enter here finds instead.
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    actor.send({ type: 'target.search', search });
                  }
                }}
                disabled={state.sending}
                data-testid="company-move-search"
              />
              <Button size="sm" variant="outline" loading={state.searching} disabled={state.sending} onClick={() => actor.send({ type: 'target.search', search })} data-testid="company-move-find">
                {t('staff.companies.find')}
              </Button>
            </Flex>
          </Field.Root>
          {move?.searched &&
            (move.targets.length === 0 ? (
              <Text fontSize="sm" color="gray.600" data-testid="company-move-none">
                {t('staff.companies.noTargets')}
              </Text>
            ) : (
              <chakra.fieldset disabled={state.sending} data-testid="company-move-targets">
                <chakra.legend fontSize="sm" fontWeight="medium">
                  {t('staff.companies.targets')}
                </chakra.legend>
                <Stack gap="1" mt="2">
                  {move.targets.map((c) => (
                    <Flex as="label" key={c.companyId} gap="2" align="center" fontSize="sm" cursor="pointer" py="1">
                      <chakra.input
                        type="radio"
                        name="company-move-target"
                        value={c.companyId}
                        checked={move.draft.toCompanyId === c.companyId}
                        onChange={() => actor.send({ type: 'target.choose', companyId: c.companyId })}
                        accentColor="blue.600"
                        width="4"
                        height="4"
                        flexShrink={0}
                        data-testid="company-move-target"
                        data-company={c.companyId}
                      />
                      <span data-lang-neutral="">
                        {companyLabel(t, c)} · {c.ownerAccount}
                      </span>
                    </Flex>
                  ))}
                </Stack>
              </chakra.fieldset>
            ))}
          {error && (
            <Text color="red.600" fontSize="sm" role="alert" data-testid="company-move-error">
              {error}
            </Text>
          )}
        </Stack>
      </StaffFormDialog>
    </Stack>
  );
}

/** The company, its members and its machines (each machine with its move button). */
function CompanyView({ t, company, onMove }: { t: T; company: StaffCompanyDetail; onMove: (orderNumber: string) => void }) {
  return (
    <StaffCard
      title={<span data-lang-neutral="" data-testid="company-title">{companyLabel(t, company)}</span>}
      intro={`${t('staff.companies.memberCount', { n: company.memberList.length })} · ${t('staff.companies.machineCount', { n: company.machineList.length })}`}
      actions={
        <Button asChild size="sm" variant="outline">
          <Link to={`/staff/deliveries?company=${company.companyId}`} data-testid="company-deliveries">
            {t('staff.companies.deliveries')}
          </Link>
        </Button>
      }
    >
      <Stack gap="5" data-testid="company-page" data-company={company.companyId}>
        <Box>
          <Heading as="h3" size="sm" mb="2">
            {t('staff.companies.members')}
          </Heading>
          <StaffTable
            label={t('staff.companies.members')}
            testId="company-members"
            rows={company.memberList}
            rowKey={(m) => m.memberId}
            rowTestId="company-member-row"
            rowData={(m) => ({ 'data-account': m.account, 'data-role': m.role })}
            columns={[
              { header: t('staff.companies.col.memberName'), cell: (m) => m.name || '—', langNeutral: true },
              { header: t('staff.companies.col.account'), cell: (m) => m.account, langNeutral: true },
              {
                header: t('staff.companies.col.role'),
                cell: (m) => (
                  <Badge colorPalette={m.role === 'owner' ? 'purple' : 'gray'} variant="subtle">
                    {t(`staff.companies.role.${m.role}`)}
                  </Badge>
                ),
              },
              { header: t('staff.companies.col.joined'), cell: (m) => localDay(m.joinedAt), hideOnPhone: true },
            ]}
          />
        </Box>
        <Box>
          <Heading as="h3" size="sm" mb="2">
            {t('staff.companies.machines')}
          </Heading>
          <StaffTable
            label={t('staff.companies.machines')}
            testId="company-machines"
            rows={company.machineList}
            rowKey={(m) => m.orderNumber}
            rowTestId="company-machine-row"
            rowData={(m) => ({ 'data-order': m.orderNumber })}
            empty={{ loaded: true, text: t('staff.companies.noMachines') }}
            columns={[
              {
                header: null,
                cell: (m) => (
                  <Button size="xs" variant="outline" onClick={() => onMove(m.orderNumber)} aria-label={t('staff.companies.moveNamed', { orderNumber: m.orderNumber })} data-testid="company-machine-move">
                    {t('staff.companies.move')}
                  </Button>
                ),
              },
              { header: t('staff.companies.col.orderNumber'), cell: (m) => m.orderNumber, langNeutral: true },
              { header: t('staff.companies.col.machineName'), cell: (m) => m.name, langNeutral: true },
              { header: t('staff.companies.col.kind'), cell: (m) => t(`staff.companies.kind.${m.kind}`), hideOnPhone: true },
              { header: t('staff.companies.col.bound'), cell: (m) => localDateTime(m.boundAt), hideOnPhone: true },
            ]}
          />
        </Box>
      </Stack>
    </StaffCard>
  );
}
