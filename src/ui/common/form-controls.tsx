import { Button, Field, Flex, IconButton, Input, InputGroup, Text, type InputProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/language-context';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  optional?: boolean;
  disabled?: boolean;
  placeholder?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: InputProps['inputMode'];
  name: string;
  /** Extra control after the input (the code button). */
  addon?: ReactNode;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** One labelled input with its error; passwords get a show/hide toggle. */
export function TextField(props: TextFieldProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const isPassword = props.type === 'password';
  const input = (
    <Input
      name={props.name}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      placeholder={props.placeholder}
      type={isPassword && shown ? 'text' : (props.type ?? 'text')}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      size="lg"
      fontSize="md"
      bg={props.disabled ? 'gray.50' : 'white'}
    />
  );
  return (
    <Field.Root invalid={!!props.error} required={props.required} disabled={props.disabled}>
      <Field.Label fontWeight="medium" color="gray.700">
        {props.label}
        {props.required && <Field.RequiredIndicator />}
        {props.optional && (
          <Text as="span" color="gray.500" fontWeight="normal" fontSize="xs">
            ({t('accounts.common.optional')})
          </Text>
        )}
      </Field.Label>
      {isPassword ? (
        <InputGroup
          endElement={
            <IconButton
              variant="ghost"
              size="sm"
              me="-2"
              aria-label={t(shown ? 'accounts.common.hidePassword' : 'accounts.common.showPassword')}
              onClick={() => setShown((v) => !v)}
              disabled={props.disabled}
            >
              <EyeIcon open={shown} />
            </IconButton>
          }
        >
          {input}
        </InputGroup>
      ) : props.addon ? (
        <Flex gap="2" w="full" align="stretch">
          {input}
          {props.addon}
        </Flex>
      ) : (
        input
      )}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : props.helper ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

export interface CodeButtonProps {
  /** Seconds left before a new code may be asked for; 0 when none is running. */
  remaining: number;
  sending: boolean;
  /** A code was sent before: the idle label says "get a new code". */
  sentBefore: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** "Get code", then the remaining seconds with the wait text, then "get a new code" (spec 1 section 4; the spec's English "Get Now" names nothing, issue 35 item 6). */
export function CodeButton({ remaining, sending, sentBefore, disabled, onClick }: CodeButtonProps) {
  const t = useT();
  const counting = remaining > 0;
  const label = sending
    ? t('accounts.code.sending')
    : counting
      ? t('accounts.code.wait', { seconds: remaining })
      : t(sentBefore ? 'accounts.code.resend' : 'accounts.code.send');
  return (
    <Button
      type="button"
      size="lg"
      variant="outline"
      colorPalette="blue"
      flexShrink={0}
      minW={{ base: '32', sm: '36' }}
      fontSize="sm"
      onClick={onClick}
      disabled={disabled || counting || sending}
      aria-live="polite"
      data-testid="code-button"
    >
      {label}
    </Button>
  );
}
