import { Avatar, Button, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { AVATAR_TYPES } from '../../domain/accounts/profile-rules';
import type { CentreProfile } from '../../domain/accounts/user-centre-page.machine';
import { useT } from '../i18n/language-context';
import { Card } from './user-centre-card';

/** The user centre's first card: the avatar (with its upload's progress), the name and the e-mail with its change button. */
export function AboutMe(props: { profile: CentreProfile | null; avatarSent: number | null; onAvatar: (file: File) => void; onChangeEmail: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const p = props.profile;
  const uploading = props.avatarSent !== null;
  const sent = props.avatarSent ?? 0;
  const pick = (picker: HTMLInputElement) => {
    const file = picker.files?.[0];
    if (file) props.onAvatar(file);
    // The same picture may be picked again after a refusal.
    picker.value = '';
  };
  return (
    <Card title={t('uc.about.title')} testId="uc-about">
      <Flex gap="4" align="center">
        <Avatar.Root size="2xl">
          {p?.avatarUrl ? <Avatar.Image src={p.avatarUrl} alt="" data-testid="uc-avatar-image" /> : null}
          <Avatar.Fallback name={p?.realName || p?.account || '?'} data-lang-neutral="" />
        </Avatar.Root>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold" data-testid="uc-about-name" truncate data-lang-neutral="">
            {p?.realName || p?.account}
          </Text>
          <Text fontSize="sm" color="gray.600" truncate data-testid="uc-about-email">
            {t('uc.about.email')}: {p?.email || t('uc.about.noEmail')}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Button size="xs" variant="outline" loading={uploading} loadingText={t('uc.about.uploading')} onClick={() => input.current?.click()} data-testid="uc-avatar-button">
              {t('uc.about.avatar')}
            </Button>
            <Button size="xs" variant="outline" onClick={props.onChangeEmail} data-testid="uc-change-email">
              {t('uc.about.changeEmail')}
            </Button>
          </Flex>
        </Stack>
      </Flex>
      {uploading && (
        <Progress.Root value={sent} size="xs" colorPalette="blue" mt="3" aria-label={t('uc.about.uploading')} data-testid="uc-avatar-progress" data-value={sent}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <input ref={input} type="file" accept={AVATAR_TYPES.join(',')} hidden data-testid="uc-avatar-input" onChange={(e) => pick(e.currentTarget)} />
    </Card>
  );
}
