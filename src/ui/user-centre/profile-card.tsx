import { Box, Button, Fieldset, Grid, GridItem, SimpleGrid, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ProfileValues } from '../../domain/accounts/profile-form.machine';
import type { areaCascadeMachine } from '../../domain/accounts/area-cascade.machine';
import { AREA_LEVELS, type AreaLevel } from '../../domain/accounts/area-levels';
import type { ActorRefFrom } from 'xstate';
import { SearchableSelect } from '../common/searchable-select';
import { NotifierToken } from '../../ports/tokens';
import type { CentreProfile } from '../../domain/accounts/user-centre-page.machine';
import { TextField } from '../common/form-controls';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLatest } from '../common/use-latest';
import { useLanguage, useT } from '../i18n/language-context';
import { serverText } from './server-text';
import { useUserCentreMachines } from './user-centre-machines';
import { Card } from './user-centre-card';

export function ProfileCard({ profile, onSaved }: { profile: CentreProfile; onSaved: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const notifier = useService(NotifierToken);
  const { profileEditor } = useUserCentreMachines();
  const current = useLatest({ t, notifier, onSaved });
  const definition = useMemo(
    () =>
      profileEditor.provide({
        actions: {
          saved: () => {
            current.current.notifier.success(current.current.t('uc.profile.saved'));
            current.current.onSaved();
          },
        },
      }),
    [profileEditor],
  );
  const { realName, mobile, fullPathId, fullPathName, address } = profile;
  const actor = useFreshActor(definition, { input: { language, profile: { realName, mobile, fullPathId, fullPathName, address } } });
  const form = useSelector(actor, (s) => s.context.form);
  const areas = useSelector(actor, (s) => s.context.areas);
  const snapshot = useSelector(form, (s) => s);
  const { values, errors, serverError } = snapshot.context;
  const field = (name: keyof ProfileValues, type: 'text' | 'password' | 'tel' = 'text', required = false) => (
    <TextField
      name={name}
      label={t(`uc.profile.${name}`)}
      type={type}
      required={required}
      value={values[name]}
      error={errors[name] ? t(`user.${errors[name]}`) : undefined}
      onChange={(value) => actor.send({ type: 'form.change', field: name, value })}
    />
  );
  return (
    <Card title={t('uc.profile.title')} testId="uc-profile">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit', lang: language });
        }}
      >
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          {field('realName', 'text', true)}
          {field('mobile', 'tel')}
          <GridItem colSpan={{ base: 1, md: 2 }}>
            <ProfileArea areas={areas} saved={values.fullPathName} onSelect={(level, id) => actor.send({ type: 'area.select', level, id })} />
          </GridItem>
          {field('address')}
          <Box display={{ base: 'none', md: 'block' }} />
          {field('oldPassword', 'password')}
          {field('password', 'password')}
          {field('confirmation', 'password')}
        </Grid>
        <Text fontSize="xs" color="gray.500" mt="2">
          {t('uc.profile.passwordHint')}
        </Text>
        {serverError && (
          <Text color="red.600" mt="3" data-testid="uc-profile-error">
            {serverText(t, serverError)}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" mt="4" loading={snapshot.hasTag('busy')} data-testid="uc-profile-save">
          {t('uc.profile.save')}
        </Button>
      </form>
    </Card>
  );
}

/** The saved region, and registration's four searchable levels to choose a new one (spec 2 section 5: "as in registration"). */
function ProfileArea({ areas, saved, onSelect }: { areas: ActorRefFrom<typeof areaCascadeMachine>; saved: string; onSelect: (level: AreaLevel, id: number | null) => void }) {
  const t = useT();
  const cascade = useSelector(areas, (s) => s);
  const loading = cascade.matches('loading');
  const c = cascade.context;
  return (
    <Fieldset.Root data-testid="uc-profile-area">
      <Fieldset.Legend fontWeight="medium" color="gray.700" fontSize="sm">
        {t('uc.profile.area')}
      </Fieldset.Legend>
      <Text fontSize="sm" color="gray.700" data-testid="uc-profile-area-current">
        {/* The region comes named in the page's language from the catalogue (GetUsers' lang), so the language check reads it. */}
        {saved ? t('uc.profile.areaCurrent', { area: '' }) : t('uc.profile.areaCurrent', { area: t('uc.profile.areaNone') })}
        {saved && <span>{saved}</span>}
      </Text>
      <Text fontSize="xs" color="gray.500">
        {t('uc.profile.areaHint')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" mt="1">
        {AREA_LEVELS.map((level, index) => {
          const parent = index === 0 ? null : AREA_LEVELS[index - 1]!;
          const disabled = parent !== null && c.selected[parent] === null;
          return (
            <SearchableSelect
              key={level}
              name={`profile-${level}`}
              label={t(`uc.profile.level.${level}`)}
              items={c.options[level].map((a) => ({ value: String(a.countryid), label: a.countryname }))}
              value={c.selected[level] ? String(c.selected[level].countryid) : null}
              disabled={disabled}
              loading={loading && c.loadingLevel === level}
              placeholder={disabled ? t('uc.profile.areaNeedsParent') : t('uc.profile.areaSearch')}
              emptyText={t('uc.profile.areaEmpty')}
              loadingText={t('uc.profile.areaLoading')}
              onChange={(value) => onSelect(level, value === null ? null : Number(value))}
              size="md"
              testId={`uc-area-${level}`}
            />
          );
        })}
      </SimpleGrid>
    </Fieldset.Root>
  );
}
