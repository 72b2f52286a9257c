import { localDateTime } from '../common/local-time';
import { Badge, Box, Button, Flex, Heading, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FEEDBACK_PRODUCTS } from '../../domain/feedback/feedback-rules';
import { questionTag } from '../../domain/feedback/question-rules';
import { canAct, type QuestionAct, type QuestionFilter } from '../../domain/feedback/staff-questions.machine';
import type { Question } from '../../domain/feedback/questions.machine';
import { NotifierToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { serverText } from './server-text';
import { useUserCentreMachines } from './user-centre-machines';
import { useLatest } from '../common/use-latest';

/**
 * `/staff/questions`: staff list the support questions by state, answer one (the customer is
 * mailed and sees it in the drawer) and close it. Reached by address; the server refuses anyone
 * but staff (403) and the page then says it is for staff only.
 */
export default function StaffQuestionsScreen() {
  const t = useT();
  const notifier = useService(NotifierToken);
  const { staffQuestions } = useUserCentreMachines();
  // The machine keeps the actions of its first render; they read the current texts here.
  const translate = useLatest(t);
  const definition = useMemo(
    () =>
      staffQuestions.provide({
        actions: {
          notifyDone: (_, { act }) => notifier.success(translate.current(act === 'close' ? 'sq.closed' : 'sq.answered')),
          notifyRefused: (_, { message }) => notifier.error(serverText(translate.current, message)),
        },
      }),
    [staffQuestions, notifier],
  );
  const page = useFreshActor(definition);
  const { filter, rows, drafts, busy } = useSelector(page, (s) => s.context);
  const forbidden = useSelector(page, (s) => s.matches({ list: 'forbidden' }));
  const act = (q: Question, what: QuestionAct) => page.send({ type: 'question.act', id: q.id, act: what });

  return (
    <PageFrame backTo="/" backLabel={t('uc.back')} width="5xl">
      <Heading as="h1" size="xl" mb="4">
        {t('sq.title')}
      </Heading>
      {forbidden ? (
        <Text data-testid="sq-staff-only">{t('sq.staffOnly')}</Text>
      ) : (
        <>
          <Tabs.Root value={filter} onValueChange={(d) => page.send({ type: 'filter.choose', filter: d.value as QuestionFilter })}>
            <Tabs.List>
              {(['open', 'done', 'all'] as const).map((f) => (
                <Tabs.Trigger key={f} value={f} data-testid={`sq-tab-${f}`}>
                  {t(`sq.tab.${f}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          {/* The list is the selected filter's panel: the selected tab's aria-controls names it. */}
          <Tabs.Content value={filter} p="0" pt="4">
          {rows.length === 0 && <Text color="gray.600">{t('sq.empty')}</Text>}
          <Stack gap="4">
            {rows.map((q) => {
              const tag = questionTag(q);
              return (
                <Box key={q.id} bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="lg" p="4" data-testid={`sq-question-${q.id}`}>
                  <Flex justify="space-between" gap="3" wrap="wrap">
                    <Text fontWeight="semibold" data-lang-neutral="">
                      #{q.id} {q.title}
                    </Text>
                    <Badge colorPalette={tag === 'ended' ? 'gray' : tag === 'urgented' ? 'red' : 'blue'}>{t(tag === 'ended' ? 'uc.questions.ended' : tag === 'urgented' ? 'uc.questions.urgented' : 'uc.questions.open')}</Badge>
                  </Flex>
                  <Text fontSize="sm" color="gray.600" data-lang-neutral="">
                    {FEEDBACK_PRODUCTS.find((p) => p.id === q.product)?.name} {q.version} · {q.userName} · {q.phone} · {localDateTime(q.createTime)}
                  </Text>
                  {q.answer && (
                    <Text fontSize="sm" mt="2" whiteSpace="pre-wrap" bg="blue.50" p="2" borderRadius="md" data-lang-neutral="">
                      {q.answer}
                    </Text>
                  )}
                  {q.processingStatus === 0 && (
                    <Stack mt="3" gap="2">
                      <Textarea value={drafts[q.id] ?? ''} onChange={(e) => page.send({ type: 'draft.change', id: q.id, text: e.currentTarget.value })} placeholder={t('sq.answerPlaceholder')} data-testid="sq-answer-text" />
                      <Flex gap="2" wrap="wrap">
                        <Button size="sm" colorPalette="blue" loading={busy?.id === q.id} disabled={!canAct({ drafts }, q.id, 'answer')} onClick={() => act(q, 'answer')} data-testid="sq-answer">
                          {t('sq.answer')}
                        </Button>
                        <Button size="sm" variant="outline" loading={busy?.id === q.id} disabled={!canAct({ drafts }, q.id, 'answerClose')} onClick={() => act(q, 'answerClose')} data-testid="sq-answer-close">
                          {t('sq.answerClose')}
                        </Button>
                        <Button size="sm" variant="ghost" loading={busy?.id === q.id} onClick={() => act(q, 'close')} data-testid="sq-close">
                          {t('sq.close')}
                        </Button>
                      </Flex>
                    </Stack>
                  )}
                </Box>
              );
            })}
          </Stack>
          </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </PageFrame>
  );
}
