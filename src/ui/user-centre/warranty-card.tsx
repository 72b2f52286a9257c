import { ScrollRegion } from '../common/scroll-region';
import { Badge, Button, Flex, Input, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
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
      {rows.length === 0 ? (
        <Text color="gray.600">{t('uc.warranty.empty')}</Text>
      ) : (
        <ScrollRegion label={t('uc.warranty.title')}>
          <Table.Root size="sm" data-testid="uc-warranty-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.order')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.delivery')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.guarantee')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.extended')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.brand')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.state')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.orderNumber}>
                  <Table.Cell whiteSpace="nowrap">{r.orderNumber}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(r.deliveryTime)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(r.guaranteeTime)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(r.extendedTime)}</Table.Cell>
                  <Table.Cell>{r.laserBrand || '—'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={r.underWarranty ? 'green' : 'gray'}>{t(r.underWarranty ? 'uc.warranty.in' : 'uc.warranty.out')}</Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
    </Card>
  );
}
