import { NativeSelect } from '@chakra-ui/react';
import type { CompanyRole } from '../../domain/companies/company-roles';
import { useT } from '../i18n/language-context';

/** A choice of role among `roles`, each named in the page's language: the invitation's and a member's row. */
export function RoleSelect({
  roles,
  value,
  onChange,
  label,
  disabled,
  width,
  testId,
}: {
  roles: readonly CompanyRole[];
  value: CompanyRole;
  onChange: (role: CompanyRole) => void;
  /** The accessible name where no field label names it (a table row). */
  label?: string;
  disabled?: boolean;
  width?: string;
  testId: string;
}) {
  const t = useT();
  return (
    <NativeSelect.Root size="sm" width={width} disabled={disabled}>
      <NativeSelect.Field bg="white" aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value as CompanyRole)} data-testid={testId}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {t(`company.role.${r}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
