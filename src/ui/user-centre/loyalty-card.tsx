import { Badge, chakra, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { numberFormat } from '../common/intl-formats';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { useUserCentreMachines } from './user-centre-machines';
import { Card, day } from './user-centre-card';

const LEVEL_KEYS = ['regular', 'silver', 'gold', 'platinum', 'diamond'] as const;

/** The loyalty level from the points ledger (spec 2 section 9): level, balance, progress to the next threshold, the latest changes. */
export function LoyaltyCard() {
  const t = useT();
  const { language } = useLanguage();
  const count = (n: number) => numberFormat(LOCALES[language]).format(n);
  const { loyalty: machine } = useUserCentreMachines();
  const actor = useFreshActor(machine);
  const view = useSelector(actor, (s) => ({ shown: s.matches('shown'), failed: s.matches('failed'), ...s.context }));
  const { loyalty, latest } = view;
  const points = view.shown ? { points: loyalty.points, history: latest } : null;
  return (
    <Card title={t('uc.loyalty.title')} testId="uc-loyalty">
      {points ? (
        <Stack gap="3">
          <Flex align="baseline" gap="3" wrap="wrap">
            <Badge colorPalette="orange" size="lg" data-testid="uc-loyalty-level" data-level={loyalty.level}>
              {t(`uc.loyalty.level.${LEVEL_KEYS[loyalty.level - 1]}`)}
            </Badge>
            <Text fontSize="2xl" fontWeight="bold" data-testid="uc-loyalty-points">
              {points.points}
            </Text>
            <Text color="gray.600">{t('uc.loyalty.points')}</Text>
          </Flex>
          <Progress.Root value={loyalty.progress} size="sm" colorPalette="orange">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="gray.600" data-testid="uc-loyalty-next">
            {/* "Up to" a threshold includes it (spec 2 section 9): the next level starts above it. */}
            {loyalty.next === null ? t('uc.loyalty.top') : t(loyalty.toNext === 1 ? 'uc.loyalty.toNextOne' : 'uc.loyalty.toNext', { points: count(loyalty.toNext), next: count(loyalty.next) })}
          </Text>
          {points.history.length > 0 && (
            <Stack gap="1" fontSize="xs" color="gray.600" data-testid="uc-loyalty-history">
              {points.history.map((row, i) => (
                <Flex key={i} justify="space-between" gap="2">
                  <Text truncate>
                    {/* The source in the page's language; the reason is what staff wrote, or the licence a CAM exchange extended. */}
                    {day(row.time)} · {t(`uc.loyalty.source.${row.source}`)}
                    {row.reason ? (
                      <>
                        {' · '}
                        <chakra.span data-lang-neutral="">{row.reason}</chakra.span>
                      </>
                    ) : null}
                    {row.actorName ? (
                      <>
                        {' · '}
                        <chakra.span data-lang-neutral="" data-testid="uc-loyalty-actor">
                          {row.actorName}
                        </chakra.span>
                      </>
                    ) : null}
                  </Text>
                  <Text color={row.delta > 0 ? 'green.700' : 'red.600'} flexShrink={0}>
                    {row.delta > 0 ? `+${row.delta}` : row.delta}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Stack>
      ) : (
        <Text color="gray.600">{t(view.failed ? 'uc.loyalty.failed' : 'uc.loyalty.loading')}</Text>
      )}
    </Card>
  );
}
