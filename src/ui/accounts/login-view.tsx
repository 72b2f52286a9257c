import { Alert, Box, Button, Flex, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LoginField } from '../../domain/accounts/login.machine';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import { AuthLayout } from '../common/auth-layout';
import { TextField } from '../common/form-controls';
import { useMessageText } from './form-message';
import type { LoginViewModel } from './login.selectors';

export interface LoginViewProps {
  model: LoginViewModel;
  onChange: (field: LoginField, value: string) => void;
  onSubmit: () => void;
  onForgotPassword: () => void;
  onVisitor: () => void;
  /** Asks the server for a new mailed code (shown once the server asked for one). */
  onSendCode: () => void;
}

/** The login form: account, password, register and forgot-password links, the visitor entry. */
export function LoginView({ model, onChange, onSubmit, onForgotPassword, onVisitor, onSendCode }: LoginViewProps) {
  const t = useT();
  const text = useMessageText();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <AuthLayout
      title={t('accounts.login.title')}
      subtitle={t('accounts.login.subtitle', { brand: brand.name })}
      footer={
        <HStack justify="center" gap="1" wrap="wrap">
          <Text as="span">{t('accounts.login.noAccount')}</Text>
          {/* Both links at least 24 px high, the WCAG 2.2 target size (issue 35 item 15). */}
          <Link asChild color="blue.600" fontWeight="medium" display="inline-flex" alignItems="center" minH="6">
            <RouterLink to="/Register" data-testid="login-register">
              {t('accounts.login.register')}
            </RouterLink>
          </Link>
        </HStack>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('accounts.login.title')}>
        <Stack gap="5">
          {model.formError && (
            <Alert.Root status="error" borderRadius="lg" data-testid="login-error">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{text(model.formError)}</Alert.Title>
            </Alert.Root>
          )}
          <TextField
            name="account"
            label={t('accounts.login.account')}
            placeholder={t('accounts.login.accountPlaceholder')}
            value={model.account}
            onChange={(v) => onChange('account', v)}
            error={text(model.accountError)}
            autoComplete="username"
          />
          <Box>
            <TextField
              name="password"
              type="password"
              label={t('accounts.login.password')}
              placeholder={t('accounts.login.passwordPlaceholder')}
              value={model.password}
              onChange={(v) => onChange('password', v)}
              error={text(model.passwordError)}
              autoComplete="current-password"
            />
            <Flex justify="flex-end" mt="2">
              <Button variant="plain" size="sm" px="0" h="auto" minH="6" color="blue.600" onClick={onForgotPassword} data-testid="login-forgot">
                {t('accounts.login.forgot')}
              </Button>
            </Flex>
          </Box>
          {model.codeAsked && (
            <Box data-testid="login-code">
              <TextField
                name="code"
                label={t('accounts.login.code')}
                placeholder={t('accounts.login.codePlaceholder')}
                value={model.code}
                onChange={(v) => onChange('code', v)}
                error={text(model.codeError)}
                autoComplete="one-time-code"
              />
              <Flex justify="flex-end" mt="2">
                <Button variant="plain" size="sm" px="0" h="auto" color="blue.600" onClick={onSendCode} disabled={model.busy} data-testid="login-send-code">
                  {t('accounts.login.sendCode')}
                </Button>
              </Flex>
            </Box>
          )}
          <Button type="submit" size="lg" colorPalette="blue" loading={model.busy} loadingText={t('accounts.login.submitting')} data-testid="login-submit">
            {t('accounts.login.submit')}
          </Button>
          <HStack gap="3" color="gray.600" fontSize="xs">
            <Separator flex="1" />
            <Text as="span">{t('accounts.login.or')}</Text>
            <Separator flex="1" />
          </HStack>
          <Button variant="outline" size="lg" onClick={onVisitor} data-testid="login-visitor">
            {t('accounts.login.visitor')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
