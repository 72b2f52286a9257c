import { Badge, Button, Text } from '@chakra-ui/react';
import { removable, rolesFor, type CompanyView, type Member } from '../../domain/companies/company-page.machine';
import { SectionCard } from '../common/section-card';
import { DataTable } from '../common/data-table';
import { localDateTime } from '../common/local-time';
import { useT } from '../i18n/language-context';
import { RoleSelect } from './role-select';

/** The company's members: each with their role, which the caller may change where the rules allow, and a removal. */
export function MembersCard({ view, busy, onRole, onRemove }: { view: CompanyView; busy: boolean; onRole: (member: Member, role: Member['role']) => void; onRemove: (member: Member) => void }) {
  const t = useT();
  const named = (m: Member) => m.name || m.account;
  return (
    <SectionCard title={t('company.members.title', { count: view.members.length })} testId="company-members">
      <DataTable
        testId="company-members-table"
        rowTestId="company-member"
        rows={view.members}
        rowKey={(m) => m.memberId}
        rowData={(m) => ({ 'data-role': m.role, 'data-me': m.isMe || undefined })}
        columns={[
          {
            header: t('company.members.name'),
            wrap: true,
            cell: (m) => (
              <>
                <Text as="span" fontWeight="medium" data-lang-neutral="">
                  {named(m)}
                </Text>
                {m.isMe && (
                  <Badge ml="2" colorPalette="blue" variant="subtle">
                    {t('company.members.you')}
                  </Badge>
                )}
                {m.name && (
                  <Text fontSize="sm" color="gray.600" data-lang-neutral="">
                    {m.account}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: t('company.members.role'),
            cell: (m) => {
              const roles = rolesFor(view, m);
              if (roles.length < 2) return <Text as="span">{t(`company.role.${m.role}`)}</Text>;
              return (
                <RoleSelect roles={roles} value={m.role} onChange={(role) => onRole(m, role)} label={t('company.members.roleOf', { name: named(m) })} disabled={busy} width="10rem" testId="company-member-role" />
              );
            },
          },
          { header: t('company.members.joined'), hideOnPhone: true, cell: (m) => localDateTime(m.joinedAt), langNeutral: true },
          {
            header: <Text srOnly>{t('company.members.actions')}</Text>,
            align: 'end',
            cell: (m) =>
              removable(view, m) ? (
                <Button size="xs" variant="outline" colorPalette="red" disabled={busy} aria-label={t('company.members.removeOf', { name: named(m) })} onClick={() => onRemove(m)} data-testid="company-member-remove">
                  {t('company.members.remove')}
                </Button>
              ) : null,
          },
        ]}
      />
    </SectionCard>
  );
}
