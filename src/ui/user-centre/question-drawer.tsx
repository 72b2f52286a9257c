import { Badge, Box, Button, CloseButton, Drawer, Flex, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FEEDBACK_PRODUCTS } from '../../domain/feedback/feedback-rules';
import { questionTag } from '../../domain/feedback/question-rules';
import type { Question } from '../../domain/feedback/questions.machine';
import { NotifierToken } from '../../ports/tokens';
import { saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { useDeferredModule } from '../common/deferred-module';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLatest } from '../common/use-latest';
import { useUserCentreMachines } from './user-centre-machines';
import { useT } from '../i18n/language-context';
import { serverText } from './server-text';
import { purifyModule, sanitizeStepsHtml } from './safe-html';
import { dayTime } from './user-centre-card';

export const productName = (id: number) => FEEDBACK_PRODUCTS.find((p) => p.id === id)?.name ?? String(id);

/** A question's state as a tag: open, urgent, or completed. */
export function StateTag({ q }: { q: Question }) {
  const t = useT();
  const tag = questionTag(q);
  if (tag === 'ended') return <Badge colorPalette="gray">{t('uc.questions.ended')}</Badge>;
  if (tag === 'urgented') return <Badge colorPalette="red">{t('uc.questions.urgented')}</Badge>;
  return <Badge colorPalette="blue">{t('uc.questions.open')}</Badge>;
}

/** A question's drawer: its state, steps (sanitised), the customer's files (download only) and the staff answer. */

export function QuestionDrawer({ question, onClose }: { question: Question | null; onClose: () => void }) {
  const t = useT();
  const notifier = useService(NotifierToken);
  const purify = useDeferredModule(purifyModule, question !== null);
  const { questionFile } = useUserCentreMachines();
  const current = useLatest({ t, notifier });
  const downloader = useFreshActor(
    useMemo(
      () =>
        questionFile.provide({
          actions: {
            started: () => current.current.notifier.success(current.current.t('uc.drawer.downloadStarted')),
            save: (_, { blob, fileName }) => saveFile(blob, fileName),
            refused: (_, { message }) => current.current.notifier.error(serverText(current.current.t, message)),
          },
        }),
      [questionFile],
    ),
  );
  const busy = useSelector(downloader, (s) => s.hasTag('busy'));
  const download = (slot: 'main' | 'other', name: string) => question && downloader.send({ type: 'download', input: { id: question.id, slot }, name });
  const files = question ? ([['main', question.mainFile, question.mainFileName], ['other', question.otherFile, question.otherFileName]] as const).filter(([, id]) => id) : [];
  return (
    <Drawer.Root open={question !== null} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="uc-question-drawer">
            <Drawer.Header>
              <Drawer.Title>{question?.title ?? t('uc.drawer.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {question && (
                <Stack gap="4">
                  <Flex gap="2" align="center" wrap="wrap">
                    <StateTag q={question} />
                    <Text fontSize="sm" color="gray.600">
                      {productName(question.product)} · {t('uc.drawer.version')} {question.version}
                    </Text>
                  </Flex>
                  <Text fontSize="sm">
                    {t('uc.drawer.expected')}: {dayTime(question.expectedTime)}
                  </Text>
                  <Box>
                    <Heading as="h3" size="sm" mb="2">
                      {t('uc.drawer.steps')}
                    </Heading>
                    {purify ? (
                      <Box className="uc-steps" fontSize="sm" css={{ '& img': { maxW: '100%' } }} data-testid="uc-question-steps" dangerouslySetInnerHTML={{ __html: sanitizeStepsHtml(purify.default, question.html) }} />
                    ) : null}
                  </Box>
                  <Box>
                    <Heading as="h3" size="sm" mb="2">
                      {t('uc.drawer.files')}
                    </Heading>
                    {files.length === 0 ? (
                      <Text fontSize="sm" color="gray.600">
                        {t('uc.drawer.noFiles')}
                      </Text>
                    ) : (
                      <Stack gap="1">
                        <Text fontSize="xs" color="orange.600">
                          {t('uc.drawer.customerFile')}
                        </Text>
                        {files.map(([slot, , name]) => (
                          <Button key={slot} size="sm" variant="ghost" justifyContent="flex-start" onClick={() => download(slot, name)} disabled={busy} data-testid={`uc-file-${slot}`}>
                            {name}
                          </Button>
                        ))}
                      </Stack>
                    )}
                  </Box>
                  <Box bg="blue.50" borderRadius="md" p="3" data-testid="uc-question-answer">
                    <Heading as="h3" size="sm" mb="1">
                      {t('uc.drawer.answer')}
                    </Heading>
                    {question.answer ? (
                      <>
                        <Text fontSize="sm" whiteSpace="pre-wrap">
                          {question.answer}
                        </Text>
                        <Text fontSize="xs" color="gray.600" mt="1">
                          {t('uc.drawer.answeredAt')}: {dayTime(question.processingTime)}
                        </Text>
                      </>
                    ) : (
                      <Text fontSize="sm" color="gray.600">
                        {t('uc.drawer.noAnswer')}
                      </Text>
                    )}
                  </Box>
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
