import { Badge, Button, Flex, Input, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { DataTable } from '../common/data-table';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useUserCentreMachines } from './user-centre-machines';
import { Card, day } from './user-centre-card';

export function WarrantyCard() {
  const t = useT();
  const { warranty } = useUserCentreMachines();
  const actor = useFreshActor(warranty);
  const { rows, search } = useSelector(actor, (s) => s.context);
  return (
    <Card title={t('uc.warranty.title')} testId="uc-warranty">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <Flex gap="2" mb="3" maxW="md">
          <Input placeholder={t('uc.warranty.search')} value={search} onChange={(e) => actor.send({ type: 'search.change', text: e.currentTarget.value })} data-testid="uc-warranty-search" />
          <Button type="submit" variant="outline">
            {t('uc.questions.searchButton')}
          </Button>
        </Flex>
      </form>
      <DataTable
        label={t('uc.warranty.title')}
        framed={false}
        header="plain"
        testId="uc-warranty-table"
        rows={rows}
        rowKey={(r) => r.orderNumber}
        empty={<Text color="gray.600">{t('uc.warranty.empty')}</Text>}
        columns={[
          { header: t('uc.warranty.col.order'), cell: (r) => r.orderNumber },
          { header: t('uc.warranty.col.delivery'), cell: (r) => day(r.deliveryTime) },
          { header: t('uc.warranty.col.guarantee'), cell: (r) => day(r.guaranteeTime) },
          { header: t('uc.warranty.col.extended'), cell: (r) => day(r.extendedTime) },
          // The laser source's maker (Raycus, IPG, Max): a product name, the same in both languages.
          { header: t('uc.warranty.col.brand'), cell: (r) => r.laserBrand || '—', langNeutral: true },
          { header: t('uc.warranty.col.state'), cell: (r) => <Badge colorPalette={r.underWarranty ? 'green' : 'gray'}>{t(r.underWarranty ? 'uc.warranty.in' : 'uc.warranty.out')}</Badge> },
        ]}
      />
    </Card>
  );
}
