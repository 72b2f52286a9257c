import { Alert, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { PageFrame } from '../common/page-frame';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { useAlarmsMachines } from './alarms-machines';
import { DeliveryLog } from './delivery-log';
import { NotifyRuleForm } from './notify-rule-form';
import { WebhookSection } from './webhook-section';

/**
 * `/notifications` (issue 39 item 1): which troubles of the caller's machines reach them and how,
 * their webhooks and the delivery log. The settings machine's state, rendered; every change is an
 * event. Messages are written in the page's language when the rule is saved.
 */
export default function NotificationsScreen() {
  const t = useT();
  const { language } = useLanguage();
  const actor = useFreshActor(useAlarmsMachines().settings);
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      savingRule: s.matches({ ready: 'savingRule' }),
      hookBusy: s.matches({ ready: 'addingHook' }) || s.matches({ ready: 'removingHook' }) || s.matches({ ready: 'refreshing' }),
      rule: s.context.rule,
      machines: s.context.machines,
      webhooks: s.context.webhooks,
      deliveries: s.context.deliveries,
      hook: s.context.hook,
      notice: s.context.notice,
      problem: s.context.problem,
      error: s.context.error,
    }),
    shallowEqual,
  );
  const message = view.problem ? t(`alarms.problem.${view.problem}`) : view.error;
  return (
    <PageFrame backTo="/usercenter" backInHistory backLabel={t('shell.userCenter')} width="5xl">
      <Heading as="h1" size="xl" mb="2">
        {t('alarms.title')}
      </Heading>
      <Text color="gray.600" mb="5">
        {t('alarms.intro')}
      </Text>
      {view.loading ? (
        <Stack gap="5" aria-busy="true" aria-label={t('alarms.loading')}>
          <Skeleton h="26rem" borderRadius="xl" />
          <Skeleton h="18rem" borderRadius="xl" />
        </Stack>
      ) : view.failed ? (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid="alarms-failed">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" flex="1">
            {view.error || t('alarms.failed')}
          </Alert.Title>
          <Button size="sm" variant="outline" bg="white" onClick={() => actor.send({ type: 'settings.retry' })}>
            {t('alarms.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <Stack gap="5">
          <div aria-live="polite">
            {view.notice && (
              <Alert.Root status="success" borderRadius="lg" data-testid="alarms-notice">
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">{t(`alarms.notice.${view.notice}`)}</Alert.Title>
              </Alert.Root>
            )}
            {message && (
              <Alert.Root status="error" borderRadius="lg" data-testid="alarms-problem" data-problem={view.problem ?? ''}>
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">{message}</Alert.Title>
              </Alert.Root>
            )}
          </div>
          <NotifyRuleForm
            rule={view.rule}
            machines={view.machines}
            busy={view.savingRule}
            onChange={(patch) => actor.send({ type: 'rule.change', patch })}
            onSave={() => actor.send({ type: 'rule.save', language, zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
          />
          <WebhookSection
            hooks={view.webhooks}
            draft={view.hook}
            busy={view.hookBusy}
            onChange={(patch) => actor.send({ type: 'hook.change', patch })}
            onAdd={() => actor.send({ type: 'hook.add', language })}
            onRemove={(id) => actor.send({ type: 'hook.remove', id })}
          />
          <DeliveryLog rows={view.deliveries} />
        </Stack>
      )}
    </PageFrame>
  );
}
