import { Alert, Box, Button, Heading, Link, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { WARRANTY_MACHINE_TYPES, type WarrantyMachineType, type WarrantyRule } from '../../domain/cam/warranty-policy.machine';
import { SessionStoreToken } from '../../ports/tokens';
import { brand } from '../common/brand';
import { useService } from '../common/services-context';
import { useLanguage, useT } from '../i18n/language-context';
import { PageFrame } from '../common/page-frame';
import { plainTextLines } from './rich-text';
import { useServicePagesMachines } from './service-pages-machines';

const SECTIONS: ReadonlyArray<{ field: keyof Pick<WarrantyRule, 'WarrantyScope' | 'NotWarrantyScope' | 'ServiceProcess'>; label: string; tone: string }> = [
  { field: 'WarrantyScope', label: 'service.policy.scope', tone: 'green' },
  { field: 'NotWarrantyScope', label: 'service.policy.notScope', tone: 'orange' },
  { field: 'ServiceProcess', label: 'service.policy.process', tone: 'blue' },
];

function RuleView({ rule }: { rule: WarrantyRule }) {
  const t = useT();
  return (
    <Stack gap="5" data-testid="policy-rule">
      <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900" data-testid="policy-title">
        {rule.Title}
      </Heading>
      {SECTIONS.map(({ field, label, tone }) => {
        const lines = plainTextLines(rule[field]);
        return (
          <Box as="section" key={field} borderLeftWidth="4px" borderColor={`${tone}.400`} bg="white" borderRadius="lg" px={{ base: 4, md: 6 }} py="4" data-section={field}>
            <Heading as="h3" fontSize="md" color="gray.900" mb="2">
              {t(label)}
            </Heading>
            <Stack gap="1.5" color="gray.700" lineHeight="tall" fontSize={{ base: 'sm', md: 'md' }}>
              {lines.length > 0 ? lines.map((line, i) => <Text key={i}>{line}</Text>) : <Text color="gray.500">{t('common.noData')}</Text>}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** `/policy`: the warranty policy from WarrantyRule/GetList, a tab per machine type, three sections each. */
export default function PolicyScreen() {
  const signedIn = useService(SessionStoreToken).signedIn();
  const t = useT();
  const { language } = useLanguage();
  const actor = useFreshActor(useServicePagesMachines().warrantyPolicy, { input: { lang: language } });
  const machineType = useSelector(actor, (s) => s.context.machineType);
  const current = useSelector(actor, (s) => s.context.rules[s.context.machineType]);

  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    actor.send({ type: 'language.change', lang: language });
  }, [actor, language]);

  // Reached from the user centre (logged in) or from public links.
  const backTo = signedIn ? '/usercenter' : '/';
  return (
    <PageFrame backTo={backTo} backLabel={t('common.back')} width="3xl">
      <Stack gap="6" data-testid="policy-page">
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
            {t('service.policy.title')}
          </Heading>
          <Text color="gray.600">{t('service.policy.intro')}</Text>
        </Stack>
        <Tabs.Root
          value={machineType}
          onValueChange={(details) => actor.send({ type: 'tab.select', machineType: details.value as WarrantyMachineType })}
          variant="enclosed"
          colorPalette="blue"
          fitted
        >
          <Tabs.List aria-label={t('service.policy.tabs')} w="full">
            {WARRANTY_MACHINE_TYPES.map((type) => (
              <Tabs.Trigger key={type} value={type} data-testid={`policy-tab-${type}`}>
                {t(`service.policy.type${type}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {WARRANTY_MACHINE_TYPES.map((type) => (
            <Tabs.Content key={type} value={type} pt="5">
              {type === machineType && (
                <>
                  {(!current || current.status === 'loading') && (
                    <Stack gap="3" data-testid="policy-loading">
                      <Skeleton h="7" w="70%" />
                      <Skeleton h="24" />
                      <Skeleton h="24" />
                    </Stack>
                  )}
                  {current?.status === 'ready' && <RuleView rule={current.rule} />}
                  {current?.status === 'empty' && (
                    <Alert.Root status="info" borderRadius="lg" data-testid="policy-empty">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{t('service.policy.empty')}</Alert.Title>
                        {current.message && <Alert.Description>{current.message}</Alert.Description>}
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  {current?.status === 'failed' && (
                    <Alert.Root status="warning" borderRadius="lg" data-testid="policy-failed">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="normal">{t('service.policy.failed')}</Alert.Title>
                      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'tab.select', machineType })}>
                        {t('service.policy.retry')}
                      </Button>
                    </Alert.Root>
                  )}
                </>
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Stack gap="2" bg="blue.50" borderRadius="xl" p={{ base: 4, md: 6 }} fontSize="sm" color="gray.700">
          <Text>{t('service.policy.contact', { hotline: brand.hotline, mailbox: brand.mailbox })}</Text>
          <Link asChild color="blue.700" fontWeight="medium">
            <RouterLink to="/standards">{t('service.policy.standards')}</RouterLink>
          </Link>
        </Stack>
      </Stack>
    </PageFrame>
  );
}
