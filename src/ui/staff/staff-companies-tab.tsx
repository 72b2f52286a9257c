import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { localDay } from '../common/local-time';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { companyLabel } from './staff-company-words';
import { LoadFailed, StaffCard, StaffOnlyNote, StaffPager, StaffSearch } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';

const PAGE = 20;

/** `/staff/companies`: every company with its size, found by name or owner account; open one for its members and machines. */
export default function CompaniesTab() {
  const t = useT();
  const { companies } = useStaffMachines();
  const list = useFreshActor(companies, { input: { filter: '', size: PAGE } });
  const snapshot = useSelector(list, (s) => s);
  const [search, setSearch] = useState('');
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const { rows, total, page } = snapshot.context;
  return (
    <StaffCard title={t('staff.companies.title')} intro={t('staff.companies.intro')}>
      <StaffSearch label={t('staff.companies.search')} value={search} onChange={setSearch} onSearch={() => list.send({ type: 'filter', filter: search })} testId="companies-search" />
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => list.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.companies.title')}
        testId="companies"
        rows={rows}
        rowKey={(c) => c.companyId}
        rowTestId="company-row"
        rowData={(c) => ({ 'data-company': c.companyId, 'data-owner': c.ownerAccount })}
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.companies.none') }}
        columns={[
          {
            header: null,
            cell: (c) => (
              <Button asChild size="xs" variant="outline">
                <Link to={`/staff/companies/${c.companyId}`} aria-label={t('staff.companies.openNamed', { name: companyLabel(t, c) })} data-testid="company-open">
                  {t('staff.companies.open')}
                </Link>
              </Button>
            ),
          },
          { header: t('staff.companies.col.name'), cell: (c) => companyLabel(t, c), langNeutral: true, wrap: true, minWidth: '9rem' },
          { header: t('staff.companies.col.owner'), cell: (c) => c.ownerAccount, langNeutral: true },
          { header: t('staff.companies.col.members'), cell: (c) => c.members, align: 'end' },
          { header: t('staff.companies.col.machines'), cell: (c) => c.machines, align: 'end' },
          { header: t('staff.companies.col.created'), cell: (c) => localDay(c.createdAt), hideOnPhone: true },
        ]}
      />
      <StaffPager page={page} size={PAGE} total={total} onPage={(p) => list.send({ type: 'page', page: p })} testId="companies" />
    </StaffCard>
  );
}
