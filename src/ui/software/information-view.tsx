import { Alert, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { InformationField } from '../../domain/cam/information-form.machine';
import { AuthLayout } from '../common/auth-layout';
import { TextField } from '../common/form-controls';
import { useT } from '../i18n/language-context';
import type { InformationViewModel } from './information.selectors';

const FIELD_SETUP: ReadonlyArray<{
  field: InformationField;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'text' | 'email' | 'tel';
  wide?: boolean;
}> = [
  { field: 'userName', autoComplete: 'name' },
  { field: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { field: 'companyName', autoComplete: 'organization' },
  { field: 'address', autoComplete: 'street-address', wide: true },
];

function SuccessMark() {
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill="#dcfce7" />
      <path d="M17 29l7 7 15-16" fill="none" stroke="#16a34a" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export interface InformationViewProps {
  model: InformationViewModel;
  onChange: (field: InformationField, value: string) => void;
  onSubmit: () => void;
  onAgain: () => void;
}

/** The CAM customer information form (`/Information`): five required fields and a clear success. */
export function InformationView({ model, onChange, onSubmit, onAgain }: InformationViewProps) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const errorCount = Object.keys(model.errors).length;

  if (model.submitted) {
    return (
      <AuthLayout title={t('software.information.title')} size="lg">
        <Stack align="center" textAlign="center" gap="4" py="4" data-testid="information-success" role="status">
          <SuccessMark />
          <Heading as="h2" fontSize="xl" color="gray.900">
            {t('software.information.success.title')}
          </Heading>
          <Text color="gray.600">{t('software.information.success.body')}</Text>
          <Flex gap="3" wrap="wrap" justify="center" mt="2">
            <Button variant="outline" onClick={onAgain}>
              {t('software.information.success.again')}
            </Button>
            <Button asChild colorPalette="blue">
              <RouterLink to="/">{t('software.information.success.home')}</RouterLink>
            </Button>
          </Flex>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('software.information.title')} subtitle={t('software.information.subtitle')} size="lg">
      <form onSubmit={submit} noValidate aria-label={t('software.information.title')} data-testid="information-form">
        <Stack gap="5">
          {model.serverError && (
            <Alert.Root status="error" borderRadius="lg" data-testid="information-server-error">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{model.serverError}</Alert.Title>
            </Alert.Root>
          )}
          {errorCount > 1 && (
            <Text fontSize="sm" color="red.600" role="alert" data-testid="information-summary">
              {t('software.information.error.summary')}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {FIELD_SETUP.map(({ field, type, autoComplete, inputMode, wide }) => (
              <Box key={field} gridColumn={wide ? { md: 'span 2' } : undefined}>
                <TextField
                  name={field}
                  type={type}
                  label={t(`software.information.${field}`)}
                  placeholder={t(`software.information.${field}Placeholder`)}
                  value={model.values[field]}
                  onChange={(v) => onChange(field, v)}
                  error={model.errors[field] ? t(model.errors[field]) : undefined}
                  autoComplete={autoComplete}
                  inputMode={inputMode}
                  required
                />
              </Box>
            ))}
          </SimpleGrid>
          <Text fontSize="xs" color="gray.500">
            {t('software.information.privacy')}
          </Text>
          <Button
            type="submit"
            size="lg"
            colorPalette="blue"
            loading={model.busy}
            loadingText={t('software.information.submitting')}
            alignSelf={{ base: 'stretch', md: 'flex-start' }}
            minW={{ md: '40' }}
            data-testid="information-submit"
          >
            {t('software.information.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
