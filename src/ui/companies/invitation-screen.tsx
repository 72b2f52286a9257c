import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RETURN_PARAM } from '../../domain/accounts/route-guard';
import { SessionStoreToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useCompaniesMachines } from './companies-machines';
import { companyName } from './company-name';
import { restartApp } from './restart-app';

/**
 * `/invitation?code=` (issue 37 item 3), where the invitation e-mail's link leads: a visitor is
 * asked to log in or register and comes back here; a signed-in person accepts with a press and
 * then works in the company. The page is public so that the link survives the login.
 */
export default function InvitationScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const signedIn = useService(SessionStoreToken).signedIn();
  const code = params.get('code');
  const actor = useFreshActor(useCompaniesMachines().invitation, { input: { code } });
  const state = useSelector(actor, (s) => ({ value: String(s.value), joined: s.context.joined, problem: s.context.problem, error: s.context.error }), shallowEqual);
  const here = `/invitation?code=${encodeURIComponent(code ?? '')}`;

  return (
    <PageFrame backTo={paths.home()} backLabel={t('company.invitation.home')} width="3xl">
      <Box maxW="lg" mx="auto" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="sm" px={{ base: 5, md: 8 }} py="8" data-testid="invitation" data-state={state.value}>
        <Stack gap="4">
          <Heading as="h1" size="xl" color="gray.800">
            {t('company.invitation.title')}
          </Heading>
          {state.value === 'joined' && state.joined ? (
            <>
              <Alert.Root status="success" borderRadius="lg">
                <Alert.Indicator />
                <Alert.Title fontWeight="normal" data-testid="invitation-joined">
                  {t('company.invitation.joined', { company: companyName(state.joined, t, 'company.ofOwner'), role: t(`company.role.${state.joined.role}`) })}
                </Alert.Title>
              </Alert.Root>
              <Button colorPalette="blue" alignSelf="start" onClick={restartApp} data-testid="invitation-open">
                {t('company.invitation.open')}
              </Button>
            </>
          ) : state.value === 'refused' && state.problem ? (
            <Alert.Root status="warning" borderRadius="lg" data-testid="invitation-refused" data-problem={state.problem}>
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{t(`company.invitation.${state.problem}`)}</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              <Text color="gray.700">{t('company.invitation.intro')}</Text>
              {state.error && (
                <Alert.Root status="error" borderRadius="lg" aria-live="polite">
                  <Alert.Indicator />
                  <Alert.Title fontWeight="normal">{state.error}</Alert.Title>
                </Alert.Root>
              )}
              {signedIn ? (
                <Button colorPalette="blue" alignSelf="start" loading={state.value === 'accepting'} onClick={() => actor.send({ type: 'invitation.accept' })} data-testid="invitation-accept">
                  {t('company.invitation.accept')}
                </Button>
              ) : (
                <>
                  <Text color="gray.700">{t('company.invitation.signIn')}</Text>
                  <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                    <Button asChild colorPalette="blue">
                      <RouterLink to={paths.login(here)} data-testid="invitation-login">
                        {t('company.invitation.login')}
                      </RouterLink>
                    </Button>
                    <Button asChild variant="outline" colorPalette="blue">
                      <RouterLink to={`${paths.register()}?${RETURN_PARAM}=${encodeURIComponent(here)}`} data-testid="invitation-register">
                        {t('company.invitation.register')}
                      </RouterLink>
                    </Button>
                  </Stack>
                </>
              )}
            </>
          )}
        </Stack>
      </Box>
    </PageFrame>
  );
}
