import { Badge, Box, Button, Flex, Heading, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { FEEDBACK_PRODUCTS } from '../../domain/feedback/feedback-rules';
import { questionTag } from '../../domain/feedback/question-rules';
import type { Question } from '../../domain/feedback/questions.machine';
import { NotifierToken } from '../../ports/tokens';
import { UserCentreApiToken } from '../../ports/api-tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { serverText } from './server-text';

type Filter = 'open' | 'done' | 'all';
const STATUS: Record<Filter, 0 | 1 | null> = { open: 0, done: 1, all: null };

/**
 * `/staff/questions`: staff list the support questions by state, answer one (the customer is
 * mailed and sees it in the drawer) and close it. Reached by address; the server refuses anyone
 * but staff (403) and the page then says it is for staff only.
 */
export default function StaffQuestionsScreen() {
  const t = useT();
  const api = useService(UserCentreApiToken);
  const notifier = useService(NotifierToken);
  const [filter, setFilter] = useState<Filter>('open');
  const [rows, setRows] = useState<Question[]>([]);
  const [forbidden, setForbidden] = useState(false);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    const answer = await api.staffQuestions(STATUS[filter]).catch(() => null);
    if (!answer) return;
    if (answer.kind === 'list') setRows(answer.questions);
    else if (answer.forbidden) setForbidden(true);
  }, [api, filter]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (q: Question, what: 'answer' | 'answerClose' | 'close') => {
    setBusy(q.id);
    const text = drafts[q.id] ?? '';
    const answer = what === 'close' ? await api.closeQuestion(q.id).catch(() => null) : await api.answerQuestion(q.id, text, what === 'answerClose').catch(() => null);
    setBusy(null);
    if (answer?.kind === 'accepted') {
      notifier.success(t(what === 'close' ? 'sq.closed' : 'sq.answered'));
      setDrafts((d) => ({ ...d, [q.id]: '' }));
      void load();
    } else if (answer) notifier.error(serverText(t, answer.message));
  };

  return (
    <PageFrame backTo="/" backLabel={t('uc.back')} width="5xl">
      <Heading as="h1" size="xl" mb="4">
        {t('sq.title')}
      </Heading>
      {forbidden ? (
        <Text data-testid="sq-staff-only">{t('sq.staffOnly')}</Text>
      ) : (
        <>
          <Tabs.Root value={filter} onValueChange={(d) => setFilter(d.value as Filter)}>
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
                    {FEEDBACK_PRODUCTS.find((p) => p.id === q.product)?.name} {q.version} · {q.userName} · {q.phone} · {q.createTime.slice(0, 16).replace('T', ' ')}
                  </Text>
                  {q.answer && (
                    <Text fontSize="sm" mt="2" whiteSpace="pre-wrap" bg="blue.50" p="2" borderRadius="md" data-lang-neutral="">
                      {q.answer}
                    </Text>
                  )}
                  {q.processingStatus === 0 && (
                    <Stack mt="3" gap="2">
                      <Textarea value={drafts[q.id] ?? ''} onChange={(e) => { const value = e.currentTarget.value; setDrafts((d) => ({ ...d, [q.id]: value })); }} placeholder={t('sq.answerPlaceholder')} data-testid="sq-answer-text" />
                      <Flex gap="2" wrap="wrap">
                        <Button size="sm" colorPalette="blue" loading={busy === q.id} disabled={!(drafts[q.id] ?? '').trim()} onClick={() => void act(q, 'answer')} data-testid="sq-answer">
                          {t('sq.answer')}
                        </Button>
                        <Button size="sm" variant="outline" loading={busy === q.id} disabled={!(drafts[q.id] ?? '').trim()} onClick={() => void act(q, 'answerClose')} data-testid="sq-answer-close">
                          {t('sq.answerClose')}
                        </Button>
                        <Button size="sm" variant="ghost" loading={busy === q.id} onClick={() => void act(q, 'close')} data-testid="sq-close">
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
