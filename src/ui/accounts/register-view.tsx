import { Alert, Box, Button, Checkbox, Fieldset, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AreaLevel } from '../../domain/accounts/area-levels';
import type { RegistrationField } from '../../domain/accounts/registration.machine';
import { useT } from '../i18n/language-context';
import { AreaSelect } from './area-select';
import { AuthLayout } from '../common/auth-layout';
import { TextField } from '../common/form-controls';
import { useMessageText } from './form-message';
import type { AreaLevelView, RegistrationViewModel } from './registration.selectors';

export interface RegisterViewProps {
  model: RegistrationViewModel;
  /** The area cascade's four levels. */
  areas: AreaLevelView[];
  onChange: (field: RegistrationField, value: string) => void;
  onAreaSelect: (level: AreaLevel, id: number | null) => void;
  /** The code button, rendered apart: its countdown ticks without the form (register-screen.tsx). */
  codeButton: ReactNode;
  onNotReceived: (checked: boolean) => void;
  onSubmit: () => void;
}

/** The registration form: contact, area cascade, address, passwords, name, code and "not received". */
export function RegisterView({ model, areas, onChange, onAreaSelect, codeButton, onNotReceived, onSubmit }: RegisterViewProps) {
  const t = useT();
  const text = useMessageText();
  const email = model.mode === 'email';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const contactHelper = model.contactLocked ? t('accounts.register.contactLocked') : undefined;
  const codeHelper =
    model.codeSentTo && model.counting
      ? t(email ? 'accounts.register.codeSentEmail' : 'accounts.register.codeSentPhone', { contact: model.codeSentTo })
      : undefined;

  return (
    <AuthLayout
      size="lg"
      title={t('accounts.register.title')}
      subtitle={t(email ? 'accounts.register.subtitleEmail' : 'accounts.register.subtitlePhone')}
      footer={
        <HStack justify="center" gap="1" wrap="wrap">
          <Text as="span">{t('accounts.register.haveAccount')}</Text>
          <Link asChild color="blue.600" fontWeight="medium">
            <RouterLink to="/Login">{t('accounts.register.login')}</RouterLink>
          </Link>
        </HStack>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('accounts.register.title')}>
        <Stack gap="5">
          {model.formError && (
            <Alert.Root status="error" borderRadius="lg" data-testid="register-error">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{text(model.formError)}</Alert.Title>
            </Alert.Root>
          )}

          <TextField
            name="contact"
            type={email ? 'email' : 'tel'}
            inputMode={email ? 'email' : 'tel'}
            label={t(email ? 'accounts.register.email' : 'accounts.register.phone')}
            placeholder={t(email ? 'accounts.register.emailPlaceholder' : 'accounts.register.phonePlaceholder')}
            value={model.form.contact}
            onChange={(v) => onChange('contact', v)}
            error={text(model.fieldErrors.contact)}
            helper={contactHelper}
            disabled={model.contactLocked}
            autoComplete={email ? 'email' : 'tel'}
            required
          />

          <Fieldset.Root>
            <Fieldset.Legend fontWeight="medium" color="gray.700" fontSize="sm" mb="1.5">
              {t('accounts.register.area')}
            </Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              {areas.map((area) => (
                <AreaSelect
                  key={area.level}
                  name={area.level}
                  label={t(`accounts.register.${area.level}`)}
                  items={area.items}
                  value={area.selectedId}
                  disabled={area.disabled}
                  loading={area.loading}
                  placeholder={area.disabled ? t('accounts.register.areaNeedsParent') : t('accounts.register.areaSearch')}
                  emptyText={t('accounts.register.areaEmpty')}
                  loadingText={t('accounts.register.areaLoading')}
                  onChange={(id) => onAreaSelect(area.level, id)}
                />
              ))}
            </SimpleGrid>
          </Fieldset.Root>

          <TextField
            name="address"
            label={t('accounts.register.address')}
            placeholder={t('accounts.register.addressPlaceholder')}
            value={model.form.address}
            onChange={(v) => onChange('address', v)}
            error={text(model.fieldErrors.address)}
            autoComplete="street-address"
            required
          />

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <TextField
              name="password"
              type="password"
              label={t('accounts.register.password')}
              placeholder={t('accounts.register.passwordHint')}
              value={model.form.password}
              onChange={(v) => onChange('password', v)}
              error={text(model.fieldErrors.password)}
              autoComplete="new-password"
              required
            />
            <TextField
              name="confirmation"
              type="password"
              label={t('accounts.register.confirmation')}
              placeholder={t('accounts.register.confirmationPlaceholder')}
              value={model.form.confirmation}
              onChange={(v) => onChange('confirmation', v)}
              error={text(model.fieldErrors.confirmation)}
              autoComplete="new-password"
              required
            />
          </SimpleGrid>

          <TextField
            name="realName"
            label={t('accounts.register.realName')}
            placeholder={t('accounts.register.realNamePlaceholder')}
            value={model.form.realName}
            onChange={(v) => onChange('realName', v)}
            autoComplete="name"
            optional
          />

          <Box>
            <TextField
              name="code"
              label={t('accounts.register.code')}
              placeholder={t('accounts.register.codePlaceholder')}
              value={model.form.code}
              onChange={(v) => onChange('code', v)}
              error={text(model.fieldErrors.code)}
              helper={codeHelper}
              disabled={model.manualReview}
              autoComplete="one-time-code"
              inputMode="numeric"
              required={!model.manualReview}
              addon={codeButton}
            />
            {model.countdownEnded && (
              <Box mt="3" p="3" borderRadius="lg" bg={model.manualReview ? 'orange.50' : 'gray.50'} borderWidth="1px" borderColor={model.manualReview ? 'orange.200' : 'gray.200'}>
                <Checkbox.Root
                  checked={model.manualReview}
                  onCheckedChange={(details) => onNotReceived(details.checked === true)}
                  colorPalette="orange"
                  disabled={model.submitting}
                  data-testid="register-not-received"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label fontWeight="medium">{t('accounts.register.notReceived')}</Checkbox.Label>
                </Checkbox.Root>
                <Text fontSize="xs" color="gray.600" mt="1.5" ps="6">
                  {t('accounts.register.notReceivedHint')}
                </Text>
              </Box>
            )}
          </Box>

          <Button
            type="submit"
            size="lg"
            colorPalette={model.manualReview ? 'orange' : 'blue'}
            loading={model.submitting}
            loadingText={t('accounts.register.submitting')}
            data-testid="register-submit"
          >
            {t(model.manualReview ? 'accounts.register.submitReview' : 'accounts.register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
