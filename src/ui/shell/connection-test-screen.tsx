import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { allPassed, CONNECTION_CHECKS, type CheckResult } from '../../domain/shared/connection-test.machine';
import { PageFrame } from '../common/page-frame';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useConnectionTestMachine } from './connection-test-machine';

const STATUS_PALETTE: Record<CheckResult['status'], string> = { waiting: 'gray', running: 'blue', passed: 'green', failed: 'red' };

/** A zone's name and its offset now, as the browser knows them: "Asia/Shanghai (UTC+8)". */
function zoneText(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `${zone} (UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''})`;
}

/**
 * `/test` (spec 1's "test page"; ADR 0031): a connection test a customer can open when live data
 * or a page does not load, and read out to the service team: the API with the login, the live
 * machine data (`/mqtt`), the sheet data service (`/ws/data`), each with its time, and what this
 * browser reports (language, time zone, width).
 */
export default function ConnectionTestScreen() {
  const t = useT();
  const actor = useFreshActor(useConnectionTestMachine());
  const snapshot = useSelector(actor, (s) => s);
  const running = snapshot.hasTag('running');
  const { results } = snapshot.context;
  const passed = allPassed(snapshot.context);
  const host = window.location.host;

  const statusText = (result: CheckResult) =>
    result.status === 'passed'
      ? t('shell.test.status.passed', { ms: result.ms })
      : result.status === 'failed'
        ? t(`shell.test.status.${result.reason}`)
        : t(`shell.test.status.${result.status}`);

  return (
    <PageFrame backTo="/index" backLabel={t('shell.placeholder.device')} width="3xl">
      <Stack gap="5" data-testid="connection-test" data-status={running ? 'running' : passed ? 'passed' : 'failed'}>
        <Stack gap="2">
          <Heading as="h1" size="xl">
            {t('shell.test.title')}
          </Heading>
          <Text color="gray.700">{t('shell.test.intro')}</Text>
        </Stack>

        <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 5 }}>
          <Heading as="h2" size="md" mb="3">
            {t('shell.test.checks')}
          </Heading>
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-live="polite">
            {CONNECTION_CHECKS.map((check) => {
              const result = results[check];
              return (
                <Box as="li" key={check} data-testid="connection-check" data-check={check} data-status={result.status}>
                  <Flex justify="space-between" align="start" gap="3" wrap="wrap">
                    <Box minW="0" flex="1">
                      <Text fontWeight="medium" color="gray.800">
                        {t(`shell.test.check.${check}`)}
                      </Text>
                      <Text fontSize="sm" color="gray.600">
                        {t(`shell.test.check.${check}.what`)}
                      </Text>
                    </Box>
                    <Badge colorPalette={STATUS_PALETTE[result.status]} variant="subtle" size="lg" data-testid="connection-check-status">
                      {statusText(result)}
                    </Badge>
                  </Flex>
                  {result.status === 'failed' && (
                    <Text fontSize="sm" color="red.700" mt="1">
                      {t(`shell.test.advice.${result.reason}`, { host })}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
          <Flex mt="5" justify="space-between" align="center" gap="3" wrap="wrap">
            <Text fontWeight="medium" color={running ? 'gray.700' : passed ? 'green.700' : 'red.700'} data-testid="connection-summary" role="status">
              {t(running ? 'shell.test.summary.running' : passed ? 'shell.test.summary.passed' : 'shell.test.summary.failed')}
            </Text>
            <Button colorPalette="blue" onClick={() => actor.send({ type: 'check.run' })} disabled={running} data-testid="connection-again">
              {t('shell.test.again')}
            </Button>
          </Flex>
        </Box>

        <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 5 }}>
          <Heading as="h2" size="md" mb="3">
            {t('shell.test.browser')}
          </Heading>
          <Box as="dl" display="grid" gridTemplateColumns="auto minmax(0, 1fr)" columnGap="4" rowGap="2" fontSize="sm" data-testid="connection-browser">
            <Text as="dt" color="gray.600">
              {t('shell.test.browser.language')}
            </Text>
            <Text as="dd" m="0">
              {t('shell.test.browser.languageName')}
            </Text>
            <Text as="dt" color="gray.600">
              {t('shell.test.browser.zone')}
            </Text>
            {/* The zone's IANA name, as the browser names it in every language. */}
            <Text as="dd" m="0" data-lang-neutral="" overflowWrap="anywhere">
              {zoneText()}
            </Text>
            <Text as="dt" color="gray.600">
              {t('shell.test.browser.screen')}
            </Text>
            <Text as="dd" m="0">
              {t('shell.test.browser.screenValue', { width: window.innerWidth })}
            </Text>
          </Box>
        </Box>
      </Stack>
    </PageFrame>
  );
}
