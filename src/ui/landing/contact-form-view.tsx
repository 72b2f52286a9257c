import { Alert, Box, Button, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { CONTACT_FORM, type ContactField } from '../../domain/shared/contact-form';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import type { ContactFormModel } from './contact-form.selectors';

export interface ContactFormViewProps {
  model: ContactFormModel;
  onChange: (field: ContactField, value: string) => void;
  onSubmit: () => void;
  onReset: () => void;
  /** Shown but not usable yet (its machine comes with the app's services). */
  disabled?: boolean;
}

const TYPES: Partial<Record<ContactField, string>> = { phone: 'tel', email: 'email' };
const AUTOCOMPLETE: Record<ContactField, string> = { name: 'name', phone: 'tel', email: 'email', company: 'organization', message: 'off' };

/** The landing contact form: name, phone, e-mail, company, message; the thank-you note after sending. */
export function ContactFormView({ model, onChange, onSubmit, onReset, disabled = false }: ContactFormViewProps) {
  const t = useT();
  if (model.sent) {
    return (
      <Stack gap="4" align="start" bg="white" borderRadius="xl" borderWidth="1px" borderColor="green.200" p={{ base: 5, md: 8 }} data-testid="contact-success" role="status">
        <Text fontSize="xl" fontWeight="semibold" color="green.700">
          {t('landing.contact.successTitle')}
        </Text>
        <Text color="gray.700">{t('landing.contact.successBody', { hotline: brand.hotline })}</Text>
        <Button variant="outline" onClick={onReset} data-testid="contact-another">
          {t('landing.contact.another')}
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const field = (name: ContactField) => {
    const error = model.errors[name];
    const common = {
      name,
      value: model.fields[name],
      placeholder: t(`landing.contact.${name}Placeholder`),
      autoComplete: AUTOCOMPLETE[name],
      maxLength: CONTACT_FORM[name].maxLength + 20,
      disabled,
      bg: 'white',
    };
    return (
      <Field.Root invalid={!!error} required={CONTACT_FORM[name].required}>
        <Field.Label fontWeight="medium" color="gray.700">
          {t(`landing.contact.${name}`)}
          {CONTACT_FORM[name].required ? (
            <Field.RequiredIndicator />
          ) : (
            <Text as="span" color="gray.500" fontWeight="normal" fontSize="xs">
              ({t('landing.contact.optional')})
            </Text>
          )}
        </Field.Label>
        {name === 'message' ? (
          <Textarea {...common} rows={4} onChange={(e) => onChange(name, e.currentTarget.value)} />
        ) : (
          <Input {...common} type={TYPES[name] ?? 'text'} onChange={(e) => onChange(name, e.currentTarget.value)} />
        )}
        {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
      </Field.Root>
    );
  };

  return (
    <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 8 }} boxShadow="sm">
      <form onSubmit={submit} noValidate aria-label={t('landing.contact.formLabel')} data-testid="contact-form">
      <Stack gap="4">
        {model.serverError && (
          <Alert.Root status="error" borderRadius="lg" data-testid="contact-error">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{model.serverError}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {field('name')}
          {field('phone')}
          {field('email')}
          {field('company')}
        </SimpleGrid>
        {field('message')}
        <Button type="submit" colorPalette="blue" size="lg" alignSelf={{ base: 'stretch', sm: 'start' }} px="10" loading={model.busy} loadingText={t('landing.contact.sending')} disabled={disabled} data-testid="contact-submit">
          {t('landing.contact.submit')}
        </Button>
      </Stack>
      </form>
    </Box>
  );
}
