import { Grid, Heading, Link, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { NotifierToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLatest } from '../common/use-latest';
import { useLanguage, useT } from '../i18n/language-context';
import { serverText } from './server-text';
import { useUserCentreMachines } from './user-centre-machines';
import { Card } from './user-centre-card';
import { AboutMe } from './about-me-card';
import { LoyaltyCard } from './loyalty-card';
import { ProfileCard } from './profile-card';
import { EmailDialog } from './email-dialog';
import { QuestionsCard } from './questions-card';
import { WarrantyCard } from './warranty-card';

/**
 * `/usercenter` (spec 2): about me with the avatar, the loyalty level, the service centre links,
 * the profile form, the change-email dialog, the question list with its drawer and the warranty table.
 */
export default function UserCentreScreen() {
  const t = useT();
  const notifier = useService(NotifierToken);
  const { page } = useUserCentreMachines();
  const current = useLatest({ t, notifier });
  const definition = useMemo(
    () =>
      page.provide({
        actions: {
          emailChanged: () => current.current.notifier.success(current.current.t('uc.email.done')),
          avatarRefused: () => current.current.notifier.error(current.current.t('uc.about.avatarType')),
          avatarDone: () => current.current.notifier.success(current.current.t('uc.about.avatarDone')),
          avatarFailed: (_, { message }) => current.current.notifier.error(current.current.t('uc.about.avatarFailed', { info: serverText(current.current.t, message) })),
        },
      }),
    [page],
  );
  const { language } = useLanguage();
  const actor = useFreshActor(definition, { input: { language } });
  useEffect(() => actor.send({ type: 'language.change', language }), [actor, language]);
  const profile = useSelector(actor, (s) => s.context.profile);
  const avatar = useSelector(actor, (s) => (s.hasTag('uploading') ? s.context.avatarSent : null));
  const emailChange = useSelector(actor, (s) => s.children.emailChange);

  return (
    <PageFrame backTo="/index" backLabel={t('uc.back')} width="6xl">
      <Heading as="h1" size="xl" mb="5">
        {t('uc.title')}
      </Heading>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }} gap="5" mb="5">
        <AboutMe
          profile={profile}
          avatarSent={avatar}
          onAvatar={(file) => actor.send({ type: 'avatar.pick', file })}
          onChangeEmail={() => actor.send({ type: 'email.open' })}
        />
        <LoyaltyCard />
        <Card title={t('uc.service.title')} testId="uc-service">
          <Stack gap="2">
            <Link asChild color="blue.600">
              <RouterLink to="/company" data-testid="uc-company">
                {t('uc.service.company')}
              </RouterLink>
            </Link>
            <Link asChild color="blue.600">
              <RouterLink to="/policy">{t('uc.service.policy')}</RouterLink>
            </Link>
            <Link asChild color="blue.600">
              <RouterLink to="/standards">{t('uc.service.standards')}</RouterLink>
            </Link>
            <Link href={`${import.meta.env.BASE_URL.replace(/\/$/, '')}/userReport`} target="_blank" rel="noopener" color="blue.600" data-testid="uc-new-question">
              {t('uc.service.newQuestion')}
            </Link>
          </Stack>
        </Card>
      </Grid>
      <Stack gap="5">
        {/* A new language or the region named in it (the profile loaded again) starts the form from them, its cascade in that language. */}
        {profile && (
          <ProfileCard
            key={[profile.userId, profile.realName, profile.fullPathName, language].join('|')}
            profile={profile}
            onSaved={() => actor.send({ type: 'profile.reload' })}
          />
        )}
        <QuestionsCard />
        <WarrantyCard />
      </Stack>
      {emailChange && <EmailDialog actor={emailChange} onClose={() => actor.send({ type: 'email.close' })} />}
    </PageFrame>
  );
}
