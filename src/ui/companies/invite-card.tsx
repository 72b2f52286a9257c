import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { Invitation, InviteDraft } from '../../domain/companies/company-page.machine';
import type { CompanyRole } from '../../domain/companies/company-roles';
import { DataTable } from '../common/data-table';
import { localDateTime } from '../common/local-time';
import { SectionCard } from '../common/section-card';
import { useT } from '../i18n/language-context';
import { RoleSelect } from './role-select';

/** The invitation form (the roles the caller may give, each explained) and the invitations not yet accepted. */
export function InviteCard({ draft, roles, invitations, busy, onChange, onSend, onRevoke }: { draft: InviteDraft; roles: CompanyRole[]; invitations: Invitation[]; busy: boolean; onChange: (patch: Partial<InviteDraft>) => void; onSend: () => void; onRevoke: (id: string) => void }) {
  const t = useT();
  return (
    <SectionCard title={t('company.invite.title')} testId="company-invite">
      <Stack asChild gap="3">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSend();
          }}
        >
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Field.Root flex="1" minW={{ base: 'full', md: '18rem' }}>
              <Field.Label color="gray.700">{t('company.invite.email')}</Field.Label>
              <Input size="sm" bg="white" type="email" inputMode="email" autoComplete="off" value={draft.email} onChange={(e) => onChange({ email: e.currentTarget.value })} data-testid="company-invite-email" />
            </Field.Root>
            <Field.Root width={{ base: 'full', md: '14rem' }}>
              <Field.Label color="gray.700">{t('company.invite.role')}</Field.Label>
              <RoleSelect roles={roles} value={draft.role} onChange={(role) => onChange({ role })} testId="company-invite-role" />
            </Field.Root>
            <Button type="submit" colorPalette="blue" size="sm" loading={busy} width={{ base: 'full', md: 'auto' }} data-testid="company-invite-send">
              {t('company.invite.send')}
            </Button>
          </Flex>
          <Text fontSize="sm" color="gray.600">
            {t(`company.role.${draft.role}`)}: {t(`company.roleHelp.${draft.role}`)}. {t('company.invite.help')}
          </Text>
        </form>
      </Stack>
      <Text fontWeight="semibold" color="gray.800" mt="6" mb="2">
        {t('company.invitations.title', { count: invitations.length })}
      </Text>
      <DataTable
        testId="company-invitations"
        rowTestId="company-invitation"
        rows={invitations}
        rowKey={(i) => i.id}
        empty={
          <Text color="gray.600" data-testid="company-invitations-empty">
            {t('company.invitations.none')}
          </Text>
        }
        columns={[
          { header: t('company.invitations.email'), cell: (i) => i.email, langNeutral: true, maxWidth: '18rem', cellStyle: { overflow: 'hidden', textOverflow: 'ellipsis' } },
          { header: t('company.invite.role'), cell: (i) => t(`company.role.${i.role}`) },
          { header: t('company.invitations.expires'), hideOnPhone: true, cell: (i) => localDateTime(i.expiresAt), langNeutral: true },
          {
            header: null,
            align: 'end',
            cell: (i) => (
              <Button size="xs" variant="outline" disabled={busy} aria-label={t('company.invitations.revokeOf', { email: i.email })} onClick={() => onRevoke(i.id)} data-testid="company-invitation-revoke">
                {t('company.invitations.revoke')}
              </Button>
            ),
          },
        ]}
      />
    </SectionCard>
  );
}
