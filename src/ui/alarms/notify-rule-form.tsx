import { Button, Fieldset, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ALARM_KINDS } from '../../domain/alarms/alarm-episode';
import type { OwnMachine, RuleDraft } from '../../domain/alarms/notify-settings.machine';
import { useT } from '../i18n/language-context';
import { Check, SettingsCard } from './settings-card';

const hhmm = (minute: number | null) => (minute === null ? '' : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
const minuteOf = (value: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** What reaches the caller: machines, kinds, channels, all clear and quiet hours; every change an event. */
export function NotifyRuleForm({ rule, machines, busy, onChange, onSave }: { rule: RuleDraft; machines: OwnMachine[]; busy: boolean; onChange: (patch: Partial<RuleDraft>) => void; onSave: () => void }) {
  const t = useT();
  const chosen = new Set(rule.machineIds ?? []);
  const quiet = rule.quietFrom !== null || rule.quietTo !== null;
  return (
    <SettingsCard title={t('alarms.rule.title')} testId="alarms-rule">
      <Stack gap="5">
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" color="gray.700" mb="2">
            {t('alarms.rule.machines')}
          </Fieldset.Legend>
          <NativeSelect.Root size="sm" maxW="20rem" mb="2">
            <NativeSelect.Field
              aria-label={t('alarms.rule.machines')}
              bg="white"
              value={rule.machineIds === null ? 'all' : 'some'}
              onChange={(e) => onChange({ machineIds: e.currentTarget.value === 'all' ? null : machines.map((m) => m.id) })}
              data-testid="alarms-rule-machines"
            >
              <option value="all">{t('alarms.rule.machines.all')}</option>
              <option value="some">{t('alarms.rule.machines.some')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {rule.machineIds !== null && (
            <Stack gap="2" ps="1">
              {machines.map((m) => (
                <Check key={m.id} checked={chosen.has(m.id)} onChange={(on) => onChange({ machineIds: on ? [...chosen, m.id] : [...chosen].filter((id) => id !== m.id) })} testId="alarms-rule-machine">
                  <span data-lang-neutral="">{t('alarms.rule.machine', { name: m.name || m.orderNumber, orderNumber: m.orderNumber })}</span>
                </Check>
              ))}
            </Stack>
          )}
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" color="gray.700" mb="2">
            {t('alarms.rule.kinds')}
          </Fieldset.Legend>
          <Stack gap="2">
            {ALARM_KINDS.map((kind) => (
              <Check key={kind} checked={rule.kinds.includes(kind)} onChange={(on) => onChange({ kinds: on ? [...rule.kinds, kind] : rule.kinds.filter((k) => k !== kind) })} testId={`alarms-rule-kind-${kind}`}>
                {t(`shell.alarm.${kind}`)}
              </Check>
            ))}
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" color="gray.700" mb="2">
            {t('alarms.rule.channels')}
          </Fieldset.Legend>
          <Stack gap="2">
            <Check checked={rule.bell} onChange={(bell) => onChange({ bell })} testId="alarms-rule-bell">
              {t('alarms.rule.bell')}
            </Check>
            <Check checked={rule.email} onChange={(email) => onChange({ email })} testId="alarms-rule-email">
              {t('alarms.rule.email')}
            </Check>
            <Check checked={rule.allClear} onChange={(allClear) => onChange({ allClear })} testId="alarms-rule-all-clear">
              {t('alarms.rule.allClear')}
            </Check>
            <Check checked={quiet} onChange={(on) => onChange(on ? { quietFrom: 22 * 60, quietTo: 7 * 60 } : { quietFrom: null, quietTo: null })} testId="alarms-rule-quiet">
              {t('alarms.rule.quiet')}
            </Check>
          </Stack>
          {quiet && (
            <Flex gap="3" wrap="wrap" mt="3" ps="7" align="center">
              <label>
                <Text as="span" fontSize="sm" color="gray.700" me="2">
                  {t('alarms.rule.quietFrom')}
                </Text>
                <Input type="time" size="sm" width="8rem" bg="white" value={hhmm(rule.quietFrom)} onChange={(e) => onChange({ quietFrom: minuteOf(e.currentTarget.value) })} data-testid="alarms-rule-quiet-from" />
              </label>
              <label>
                <Text as="span" fontSize="sm" color="gray.700" me="2">
                  {t('alarms.rule.quietTo')}
                </Text>
                <Input type="time" size="sm" width="8rem" bg="white" value={hhmm(rule.quietTo)} onChange={(e) => onChange({ quietTo: minuteOf(e.currentTarget.value) })} data-testid="alarms-rule-quiet-to" />
              </label>
            </Flex>
          )}
          <Text fontSize="sm" color="gray.600" mt="3">
            {t('alarms.rule.zone', { zone: rule.zone })}
          </Text>
        </Fieldset.Root>
        <div>
          <Button onClick={onSave} loading={busy} data-testid="alarms-rule-save">
            {t('alarms.rule.save')}
          </Button>
        </div>
      </Stack>
    </SettingsCard>
  );
}
