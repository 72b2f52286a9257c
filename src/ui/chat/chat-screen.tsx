import { Avatar, Box, Button, Flex, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../domain/chat/chat.machine';
import { QUESTION_MAX_CHARS } from '../../domain/chat/chat-rules';
import { timeLabel } from '../../domain/chat/time-label';
import type { ConversationSummary } from '../../domain/chat/conversations.machine';
import { NotifierToken, SessionStoreToken } from '../../ports/tokens';
import { SectionHeading } from '../common/section-heading';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import type { Translate } from '../i18n/intl';
import { AssistantMark } from '../shell/assistant-mark';
import { useChatMachines } from './chat-machines';
import { renderMarkdown } from './markdown';
import { useLatest } from '../common/use-latest';

/** A message time as spec 3 shows it: HH:mm today, 昨天 / Yesterday, the weekday within 7 days, else the date. */
function timeText(t: Translate, time: number, now: Date): string {
  const label = timeLabel(new Date(time), now);
  switch (label.kind) {
    case 'yesterday':
      return t('chat.yesterday');
    case 'weekday':
      return t(`chat.weekday.${label.weekday}`);
    default:
      return label.text;
  }
}

// Answers' typography: Markdown with headings, lists, quotes (the passages) and links.
const ANSWER_STYLE = {
  lineHeight: '1.7',
  wordBreak: 'break-word',
  '& > * + *': { mt: '2' },
  '& h3': { fontWeight: 'semibold', fontSize: 'md', mt: '3' },
  '& ul, & ol': { ps: '5' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& a': { color: 'blue.700', textDecoration: 'underline' },
  '& blockquote': { borderStartWidth: '3px', borderColor: 'blue.200', bg: 'blue.50', px: '3', py: '1', borderRadius: 'md', color: 'gray.700' },
  '& table': { display: 'block', overflowX: 'auto', fontSize: 'sm' },
  '& th, & td': { borderWidth: '1px', borderColor: 'gray.200', px: '2', py: '1' },
  '& code': { fontFamily: 'mono', bg: 'gray.100', px: '1', borderRadius: 'sm' },
} as const;

function Bubble({ message, streaming, userName, now }: { message: ChatMessage; streaming: boolean; userName: string; now: Date }) {
  const t = useT();
  const self = message.side === 'self';
  const html = useMemo(() => (self ? '' : renderMarkdown(message.text)), [self, message.text]);
  return (
    <Flex gap="3" direction={self ? 'row-reverse' : 'row'} align="flex-start" data-testid={self ? 'chat-question' : 'chat-answer'} data-ending={message.ending ?? ''}>
      {self ? (
        <Avatar.Root size="sm" colorPalette="blue" flexShrink={0}>
          <Avatar.Fallback name={userName || t('chat.me')} />
        </Avatar.Root>
      ) : (
        <Box flexShrink={0} aria-label={t('chat.assistant')} role="img">
          <AssistantMark size={36} />
        </Box>
      )}
      <Stack gap="1" maxW={{ base: '85%', md: '75%' }} align={self ? 'flex-end' : 'flex-start'}>
        <Box bg={self ? 'blue.600' : 'white'} color={self ? 'white' : 'gray.800'} borderWidth={self ? '0' : '1px'} borderColor="gray.200" borderRadius="xl" px="4" py="3" minW="12">
          {self ? (
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {message.text}
            </Text>
          ) : (
            <Stack gap="2">
              {message.reasoning ? (
                <Box as="blockquote" borderStartWidth="3px" borderColor="gray.300" ps="3" color="gray.600" fontSize="sm" data-testid="chat-reasoning">
                  <Text fontWeight="semibold" mb="1">
                    {t('chat.reasoning')}
                  </Text>
                  <Text whiteSpace="pre-wrap">{message.reasoning}</Text>
                </Box>
              ) : null}
              {message.text ? <Box css={ANSWER_STYLE} data-testid="chat-answer-body" dangerouslySetInnerHTML={{ __html: html }} /> : null}
              {streaming && !message.text && !message.reasoning ? <Text color="gray.600">{t('chat.waiting')}</Text> : null}
              {message.ending === 'stopped' ? <Text fontSize="xs" color="gray.600">{t('chat.stopped')}</Text> : null}
              {message.ending === 'failed' ? <Text fontSize="xs" color="orange.700">{t('chat.failed')}</Text> : null}
            </Stack>
          )}
        </Box>
        <Text fontSize="xs" color="gray.600">
          {timeText(t, message.time, now)}
        </Text>
      </Stack>
    </Flex>
  );
}

function ConversationList(props: {
  rows: ConversationSummary[] | null;
  failed: boolean;
  current: string | null;
  busy: boolean;
  now: Date;
  onOpen: (id: string) => void;
  onNew: () => void;
  onDelete: (id: string) => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Stack as="nav" aria-label={t('chat.history')} gap="2" w={{ base: 'full', md: '64' }} flexShrink={0}>
      <Button size="sm" variant="outline" colorPalette="blue" onClick={props.onNew} disabled={props.busy} data-testid="chat-new">
        {t('chat.new')}
      </Button>
      <Text fontSize="sm" fontWeight="semibold" color="gray.600">
        {t('chat.history')}
      </Text>
      {props.failed ? <Text fontSize="sm" color="orange.700">{t('chat.history.failed')}</Text> : null}
      {props.rows && props.rows.length === 0 ? <Text fontSize="sm" color="gray.600">{t('chat.history.empty')}</Text> : null}
      <Stack as="ul" gap="1" m="0" p="0" listStyleType="none" maxH={{ base: '40', md: '96' }} overflowY="auto" data-testid="chat-history">
        {(props.rows ?? []).map((c) => (
          <Box as="li" key={c.id} borderRadius="md" bg={c.id === props.current ? 'blue.50' : 'transparent'} px="2" py="1">
            {confirming === c.id ? (
              <HStack justify="space-between" gap="1">
                <Text fontSize="sm">{t('chat.delete.confirm')}</Text>
                <HStack gap="1">
                  <Button size="xs" colorPalette="red" onClick={() => (setConfirming(null), props.onDelete(c.id))} data-testid="chat-delete-yes">
                    {t('chat.delete.yes')}
                  </Button>
                  <Button size="xs" variant="ghost" onClick={() => setConfirming(null)}>
                    {t('chat.delete.no')}
                  </Button>
                </HStack>
              </HStack>
            ) : (
              <HStack justify="space-between" gap="1">
                <Button variant="plain" size="sm" flex="1" minW="0" justifyContent="flex-start" px="0" onClick={() => props.onOpen(c.id)} disabled={props.busy} data-testid="chat-history-item">
                  <Text truncate>{c.title}</Text>
                </Button>
                <Text fontSize="xs" color="gray.600" flexShrink={0}>
                  {timeText(t, c.updatedAt, props.now)}
                </Text>
                <IconButton size="xs" variant="ghost" aria-label={t('chat.delete')} onClick={() => setConfirming(c.id)} disabled={props.busy} data-testid="chat-delete">
                  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                  </svg>
                </IconButton>
              </HStack>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * `/index/{brand}Gpt` and `/index/gpt` (spec 3 section 2, issue 20): the conversations on the
 * side (list, continue, delete), the chat panel with user and assistant bubbles, the 4-row text
 * box, and send → waiting label → stop while the answer streams. Errors are only logged.
 */
export function ChatSection() {
  const t = useT();
  const { language } = useLanguage();
  const { chat, conversations } = useChatMachines();
  const notifier = useService(NotifierToken);
  const session = useService(SessionStoreToken);
  const definition = useMemo(() => chat.provide({ actions: { logFailure: (_, { message }) => console.warn('chat answer failed:', message) } }), [chat]);
  const actor = useActorRef(definition);
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches({ asking: 'waiting' }) ? 'waiting' : 'streaming'));
  const messages = useSelector(actor, (s) => s.context.messages);
  const warning = useSelector(actor, (s) => s.context.warning);
  const conversationId = useSelector(actor, (s) => s.context.conversationId);
  // The history's machine hands an opened conversation to the chat, and a removal of the open one starts a new chat.
  const live = useLatest({ t, conversationId });
  const historyDefinition = useMemo(
    () =>
      conversations.provide({
        actions: {
          openConversation: (_, { id, messages: held }) => actor.send({ type: 'chat.open', conversationId: id, messages: held }),
          notifyRemoved: (_, { id }) => {
            notifier.success(live.current.t('chat.deleted'));
            if (id === live.current.conversationId) actor.send({ type: 'chat.new' });
          },
        },
      }),
    [conversations, actor, notifier],
  );
  const history = useFreshActor(historyDefinition);
  const rows = useSelector(history, (s) => s.context.rows);
  const listFailed = useSelector(history, (s) => s.context.failed);
  const [text, setText] = useState('');
  const [now, setNow] = useState(() => new Date());
  const log = useRef<HTMLDivElement>(null);
  const userName = (session.user() as { RealName?: string } | null)?.RealName ?? '';

  useEffect(() => actor.send({ type: 'chat.language', lang: language }), [actor, language]);

  // The list follows each answer (a new conversation, a later update time); the labels follow the clock.
  const asked = useRef(false);
  useEffect(() => {
    if (state !== 'ready') asked.current = true;
    else if (asked.current) {
      asked.current = false;
      setNow(new Date());
      history.send({ type: 'list.reload' });
    }
  }, [state, history]);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const send = () => {
    actor.send({ type: 'chat.send', text, at: Date.now() });
    if (actor.getSnapshot().context.warning === null) setText('');
  };
  // One rule in both languages: Ctrl+Enter (⌘+Enter) sends, plain Enter is a new line, and an
  // Enter that ends an input method's composition (pinyin) is the IME's, never a send.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (state === 'ready') send();
    }
  };
  const remove = (id: string) => history.send({ type: 'conversation.remove', id });
  const open = (id: string) => history.send({ type: 'conversation.open', id });
  const busy = state !== 'ready';
  const last = messages[messages.length - 1];

  return (
    <Stack gap={{ base: 3, md: 5 }} py={{ base: 1, md: 2 }} data-testid="chat-page">
      <SectionHeading title={t('chat.title')} intro={t('chat.intro')} />
      <Flex gap={{ base: 3, md: 5 }} direction={{ base: 'column', md: 'row' }} align="stretch">
        <ConversationList
          rows={rows}
          failed={listFailed}
          current={conversationId}
          busy={busy}
          now={now}
          onOpen={open}
          onNew={() => actor.send({ type: 'chat.new' })}
          onDelete={remove}
        />
        <Flex direction="column" flex="1" minW="0" bg="gray.50" borderWidth="1px" borderColor="gray.200" borderRadius="2xl" overflow="hidden">
          <Stack ref={log} role="log" aria-live="polite" aria-label={t('chat.title')} gap="4" p={{ base: 3, md: 5 }} overflowY="auto" h={{ base: '60vh', md: '62vh' }} data-testid="chat-log">
            {messages.length === 0 ? (
              <Flex gap="3" align="flex-start">
                <AssistantMark size={36} />
                <Box bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="xl" px="4" py="3">
                  <Text>{t('chat.welcome')}</Text>
                </Box>
              </Flex>
            ) : null}
            {messages.map((m) => (
              <Bubble key={m.id} message={m} streaming={busy && m === last} userName={userName} now={now} />
            ))}
          </Stack>
          <Stack gap="2" p={{ base: 3, md: 4 }} borderTopWidth="1px" borderColor="gray.200" bg="white">
            <Textarea
              rows={4}
              resize="none"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (warning) actor.send({ type: 'warning.dismiss' });
              }}
              onKeyDown={onKeyDown}
              aria-label={t('chat.input.label')}
              placeholder={t('chat.input.placeholder')}
              aria-invalid={warning ? true : undefined}
              data-testid="chat-input"
            />
            <Flex justify="space-between" align="center" gap="3">
              <Text fontSize="sm" color="orange.700" role={warning ? 'alert' : undefined} data-testid="chat-warning">
                {warning === 'empty' ? t('chat.warning.empty') : warning === 'tooLong' ? t('chat.warning.tooLong', { max: QUESTION_MAX_CHARS }) : ''}
              </Text>
              {state === 'ready' ? (
                <Button colorPalette="blue" onClick={send} data-testid="chat-send">
                  {t('chat.send')}
                </Button>
              ) : state === 'waiting' ? (
                <Button variant="subtle" disabled data-testid="chat-waiting">
                  {t('chat.waiting')}
                </Button>
              ) : (
                <Button colorPalette="red" variant="outline" onClick={() => actor.send({ type: 'chat.stop' })} data-testid="chat-stop">
                  {t('chat.stop')}
                </Button>
              )}
            </Flex>
          </Stack>
        </Flex>
      </Flex>
    </Stack>
  );
}
