import { Badge, Box, Button, Checkbox, Flex, Heading, Image, Progress, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef } from 'react';
import { MESSAGE_FILE_TYPES } from '../../domain/repair/work-order-message.policy';
import type { DraftFile } from '../../domain/repair/work-order-conversation.machine';
import { formatBytes } from '../../domain/shared/byte-size';
import { dateTimeFormat } from './intl-formats';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import type { ConversationViewModel } from './work-order-conversation.selectors';

const ACCEPT = [...new Set(Object.values(MESSAGE_FILE_TYPES))].join(',');
const TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' };

export interface ConversationHandlers {
  onContent(content: string): void;
  onFiles(files: DraftFile[]): void;
  onRemove(index: number): void;
  onToggleInternal(): void;
  onSend(): void;
  onRetry(): void;
}

/**
 * A work order's conversation, in the customer's drawer and the staff console alike (its texts are
 * the repair area's: both pages load them): the messages oldest first, their photos' thumbnails, and the draft with its files and progress.
 */
export function ConversationView({ view, ...on }: { view: ConversationViewModel } & ConversationHandlers) {
  const t = useT();
  const { language } = useLanguage();
  const picker = useRef<HTMLInputElement>(null);
  const time = dateTimeFormat(LOCALES[language], TIME);
  return (
    <Stack gap="3" data-testid="order-conversation" data-phase={view.phase}>
      <Heading size="sm">{t('repair.conversation.title')}</Heading>
      {view.phase === 'loading' && <Text color="gray.600" fontSize="sm">{t('repair.conversation.loading')}</Text>}
      {view.phase === 'failed' && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text color="red.700" fontSize="sm">{t('repair.conversation.failed')}</Text>
          <Button size="xs" variant="outline" onClick={on.onRetry}>{t('repair.conversation.retry')}</Button>
        </Flex>
      )}
      {view.phase === 'ready' && !view.messages.length && <Text color="gray.600" fontSize="sm" data-testid="conversation-none">{t('repair.conversation.none')}</Text>}
      <Stack gap="2" as="ol" listStyleType="none" m="0" p="0">
        {view.messages.map((m) => (
          <Box
            as="li"
            key={m.id}
            data-testid="conversation-message"
            data-author={m.author}
            data-internal={m.internal || undefined}
            borderWidth="1px"
            borderColor={m.internal ? 'orange.300' : 'gray.200'}
            bg={m.internal ? 'orange.50' : m.author === 'staff' ? 'blue.50' : 'white'}
            borderRadius="md"
            p="2.5"
          >
            <Flex gap="2" align="center" wrap="wrap" mb="1">
              <Text fontWeight="semibold" fontSize="sm">{m.authorName || t(`repair.conversation.author.${m.author}`)}</Text>
              <Badge size="sm" variant="subtle" colorPalette={m.author === 'staff' ? 'blue' : 'gray'}>{t(`repair.conversation.author.${m.author}`)}</Badge>
              {m.internal && <Badge size="sm" colorPalette="orange">{t('repair.conversation.internal')}</Badge>}
              <Text fontSize="xs" color="gray.600" ms="auto">{time.format(new Date(m.createdAt))}</Text>
            </Flex>
            {m.content && <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">{m.content}</Text>}
            {m.files.length > 0 && (
              <Flex gap="2" wrap="wrap" mt="2">
                {m.files.map((f) =>
                  f.thumbnailUrl ? (
                    <Image key={f.id} src={f.thumbnailUrl} alt={f.name} title={f.name} maxW="calc(50% - 0.25rem)" maxH="40" borderRadius="sm" objectFit="cover" data-testid="conversation-thumb" />
                  ) : (
                    <Badge key={f.id} variant="outline" maxW="full" truncate title={f.name} data-testid="conversation-file">
                      {f.name} · {formatBytes(f.size)}
                    </Badge>
                  ),
                )}
              </Flex>
            )}
          </Box>
        ))}
      </Stack>
      {view.phase === 'ready' && (
        <Stack gap="2" data-testid="conversation-draft">
          <Textarea
            aria-label={t('repair.conversation.label')}
            placeholder={t('repair.conversation.placeholder')}
            value={view.content}
            onChange={(e) => on.onContent(e.currentTarget.value)}
            disabled={view.sending}
            rows={3}
            data-testid="conversation-content"
          />
          {view.files.length > 0 && (
            <Flex gap="2" wrap="wrap">
              {view.files.map((f, i) => (
                <Badge key={`${f.name}-${i}`} variant="subtle" maxW="full" data-testid="conversation-draft-file">
                  <Text as="span" truncate>{f.name} · {formatBytes(f.size)}</Text>
                  <Button size="2xs" variant="ghost" aria-label={t('repair.conversation.remove', { name: f.name })} onClick={() => on.onRemove(i)} disabled={view.sending}>
                    ×
                  </Button>
                </Badge>
              ))}
            </Flex>
          )}
          <Text fontSize="xs" color="gray.600">{t('repair.conversation.hint')}</Text>
          {view.problem && <Text fontSize="sm" color="red.700" role="alert" data-testid="conversation-problem">{t(`repair.conversation.problem.${view.problem}`)}</Text>}
          {view.refusal !== null && !view.sending && (
            <Text fontSize="sm" color="red.700" role="alert" data-testid="conversation-refusal">{view.refusal || t('repair.conversation.lost')}</Text>
          )}
          {view.percent !== null && (
            <Progress.Root value={view.percent} size="xs" colorPalette="blue" aria-label={t('repair.conversation.sending', { percent: view.percent })} data-testid="conversation-progress" data-value={view.percent}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <Flex gap="2" wrap="wrap" align="center">
            <Button size="sm" variant="outline" onClick={() => picker.current?.click()} disabled={view.sending} data-testid="conversation-add-files">
              {t('repair.conversation.addFiles')}
            </Button>
            {view.staff && (
              <Checkbox.Root checked={view.internal} onCheckedChange={on.onToggleInternal} disabled={view.sending} size="sm" data-testid="conversation-internal">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('repair.conversation.internalNote')}</Checkbox.Label>
              </Checkbox.Root>
            )}
            <Button size="sm" colorPalette="blue" ms="auto" onClick={on.onSend} disabled={!view.canSend} loading={view.sending} loadingText={t('repair.conversation.sending', { percent: view.percent ?? 0 })} data-testid="conversation-send">
              {t('repair.conversation.send')}
            </Button>
          </Flex>
          <input
            ref={picker}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            data-testid="conversation-file-input"
            onChange={(e) => {
              const chosen = Array.from(e.currentTarget.files ?? []);
              // The same photo may be chosen again after its removal.
              e.currentTarget.value = '';
              if (chosen.length) on.onFiles(chosen);
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
