import { Button, Flex, Input, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { canUrge } from '../../domain/feedback/question-rules';
import { DataTable } from '../common/data-table';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { serverText } from './server-text';
import { useUserCentreMachines } from './user-centre-machines';
import { Card, day } from './user-centre-card';
import { productName, QuestionDrawer, StateTag } from './question-drawer';

export function QuestionsCard() {
  const t = useT();
  const { questions } = useUserCentreMachines();
  const actor = useFreshActor(questions);
  const snapshot = useSelector(actor, (s) => s);
  const { questions: rows, search, openId } = snapshot.context;
  const open = rows.find((q) => q.id === openId) ?? null;
  return (
    <Card title={t('uc.questions.title')} testId="uc-questions">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <Flex gap="2" mb="3" maxW="md">
          <Input placeholder={t('uc.questions.search')} value={search} onChange={(e) => actor.send({ type: 'search.change', value: e.currentTarget.value })} data-testid="uc-questions-search" />
          <Button type="submit" variant="outline">
            {t('uc.questions.searchButton')}
          </Button>
        </Flex>
      </form>
      {snapshot.context.error && (
        <Text color="red.600" mb="2" data-testid="uc-questions-error">
          {serverText(t, snapshot.context.error)}
        </Text>
      )}
      <DataTable
        label={t('uc.questions.title')}
        framed={false}
        header="plain"
        testId="uc-questions-table"
        rows={rows}
        rowKey={(q) => q.id}
        rowData={(q) => ({ 'data-testid': `uc-question-${q.id}` })}
        empty={<Text color="gray.600">{t('uc.questions.empty')}</Text>}
        columns={[
          // The customer's own words, and the product's name: the same in both languages.
          { header: t('uc.questions.col.title'), cell: (q) => q.title, maxWidth: 'xs', cellStyle: { truncate: true }, langNeutral: true },
          { header: t('uc.questions.col.product'), cell: (q) => productName(q.product), langNeutral: true },
          { header: t('uc.questions.col.created'), cell: (q) => day(q.createTime) },
          { header: t('uc.questions.col.state'), cell: (q) => <StateTag q={q} /> },
          {
            header: t('uc.questions.col.actions'),
            cell: (q) => (
              <Flex gap="2">
                <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'question.open', id: q.id })} data-testid="uc-question-view">
                  {t('uc.questions.view')}
                </Button>
                {canUrge(q) && (
                  <Button size="xs" colorPalette="red" variant="outline" disabled={snapshot.hasTag('busy')} onClick={() => actor.send({ type: 'question.urge', id: q.id })} data-testid="uc-question-urge">
                    {t('uc.questions.urge')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <QuestionDrawer question={open} onClose={() => actor.send({ type: 'drawer.close' })} />
    </Card>
  );
}
