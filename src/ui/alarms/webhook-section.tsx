import { Badge, Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { HookDraft, Webhook, WebhookFormat } from '../../domain/alarms/notify-settings.machine';
import { DataTable } from '../common/data-table';
import { useT } from '../i18n/language-context';
import { Check, SettingsCard } from './settings-card';

const FORMATS: readonly WebhookFormat[] = ['wecom', 'dingtalk', 'feishu', 'json'];

/** The owner's webhooks: the list (the secret never shown, only whether one is set) and the form that adds one. */
export function WebhookSection({ hooks, draft, busy, onChange, onAdd, onRemove }: { hooks: Webhook[]; draft: HookDraft; busy: boolean; onChange: (patch: Partial<HookDraft>) => void; onAdd: () => void; onRemove: (id: number) => void }) {
  const t = useT();
  return (
    <SettingsCard title={t('alarms.hooks.title')} testId="alarms-hooks">
      <Text color="gray.600" fontSize="sm" mb="4">
        {t('alarms.hooks.intro')}
      </Text>
      {hooks.length === 0 ? (
        <Text color="gray.600" mb="4" data-testid="alarms-hooks-empty">
          {t('alarms.hooks.empty')}
        </Text>
      ) : (
        <DataTable
          label={t('alarms.hooks.list')}
          testId="alarms-hooks-table"
          rowTestId="alarms-hook"
          rows={hooks}
          rowKey={(h) => h.id}
          columns={[
            { header: t('alarms.hooks.format'), cell: (h) => t(`alarms.hooks.format.${h.format}`) },
            { header: t('alarms.hooks.url'), cell: (h) => h.url, langNeutral: true, maxWidth: '22rem', cellStyle: { overflow: 'hidden', textOverflow: 'ellipsis' } },
            { header: t('alarms.hooks.secret'), cell: (h) => <Badge colorPalette={h.hasSecret ? 'green' : 'gray'}>{t(h.hasSecret ? 'alarms.hooks.hasSecret' : 'alarms.hooks.noSecret')}</Badge> },
            {
              header: null,
              align: 'end',
              cell: (h) => (
                <Button size="xs" variant="outline" colorPalette="red" disabled={busy} aria-label={t('alarms.hooks.removeNamed', { format: t(`alarms.hooks.format.${h.format}`) })} onClick={() => onRemove(h.id)} data-testid="alarms-hook-remove">
                  {t('alarms.hooks.remove')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Stack asChild gap="3" mt="4">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onAdd();
          }}
        >
          <Flex gap="3" wrap="wrap">
            <Field.Root width={{ base: 'full', md: '14rem' }}>
              <Field.Label color="gray.700">{t('alarms.hooks.format')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field bg="white" value={draft.format} onChange={(e) => onChange({ format: e.currentTarget.value as WebhookFormat })} data-testid="alarms-hook-format">
                  {FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {t(`alarms.hooks.format.${f}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root flex="1" minW={{ base: 'full', md: '18rem' }}>
              <Field.Label color="gray.700">{t('alarms.hooks.url')}</Field.Label>
              <Input size="sm" bg="white" type="url" inputMode="url" value={draft.url} onChange={(e) => onChange({ url: e.currentTarget.value })} data-testid="alarms-hook-url" />
            </Field.Root>
          </Flex>
          <Field.Root maxW="24rem">
            <Field.Label color="gray.700">{t('alarms.hooks.secret')}</Field.Label>
            <Input size="sm" bg="white" type="password" autoComplete="off" value={draft.secret} onChange={(e) => onChange({ secret: e.currentTarget.value })} data-testid="alarms-hook-secret" />
            <Field.HelperText>{t('alarms.hooks.secretHint')}</Field.HelperText>
          </Field.Root>
          <Check checked={draft.allClear} onChange={(allClear) => onChange({ allClear })} testId="alarms-hook-all-clear">
            {t('alarms.hooks.allClear')}
          </Check>
          <div>
            <Button type="submit" variant="outline" loading={busy} data-testid="alarms-hook-add">
              {t('alarms.hooks.add')}
            </Button>
          </div>
        </form>
      </Stack>
    </SettingsCard>
  );
}
